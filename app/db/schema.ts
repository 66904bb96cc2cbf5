/**
 * The one PostgreSQL schema of the product (Drizzle `pg-core`), shared by PGlite and node-postgres.
 *
 * Table and column names follow the specs so a plain dump of the firm's existing database
 * imports. Additions are listed in `docs/design.md` section 5. Rules that must never be broken
 * (enums, capacity bounds, unique slugs, end after start) are CHECK and UNIQUE constraints here,
 * not only form rules.
 *
 * Times: `timestamp with time zone` columns are instants; slot `date`/`start_time`/`end_time`
 * are Europe/London wall-clock values (see `app/utils/time.ts`).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  PROJECT_CATEGORIES,
  PROJECT_WORK_STATUSES,
  DISPLAY_STATUSES,
  ENQUIRY_STATUSES,
  ENQUIRY_PRIORITIES,
  BOOKING_STATUSES,
  BOOKING_PROJECT_TYPES,
  ADMIN_ROLES,
  OUTBOX_STATUSES,
  RETENTION_LIMITS,
  ENQUIRY_MESSAGE_KINDS,
} from "../utils/domain";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The vocabularies are defined beside the browser-safe code; server modules may import them here too. */
export {
  PROJECT_CATEGORIES,
  PROJECT_WORK_STATUSES,
  DISPLAY_STATUSES,
  ENQUIRY_STATUSES,
  ENQUIRY_PRIORITIES,
  BOOKING_STATUSES,
  BOOKING_PROJECT_TYPES,
  ADMIN_ROLES,
  OUTBOX_STATUSES,
  RETENTION_LIMITS,
  ENQUIRY_MESSAGE_KINDS,
};

const between = (column: string, { min, max }: { min: number; max: number }) => sql.raw(`${column} between ${min} and ${max}`);

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** One metric of a project card: `{ value, unit }`; PROJECT VALUE (`savings`) has value only. */
export type ProjectMetric = { value: string; unit?: string };
/** The spec's metric names; labels in `app/features/projects/metrics.ts`. */
export type ProjectMetricKey = "powerRating" | "capacity" | "panels" | "savings" | "roi" | "impact";
/**
 * Card metrics. Written by the CMS as an ordered list `[{ key, value, unit? }]` (the order staff
 * entered; jsonb objects do not keep key order); the spec's keyed object form is still read.
 */
export type ProjectMetrics =
  | (ProjectMetric & { key: ProjectMetricKey })[]
  | Partial<Record<ProjectMetricKey, ProjectMetric>>;
/**
 * Technical specifications of a project. Written by the CMS as an ordered list
 * `[{ key, value }]`; the spec's plain object form (imported data, order not guaranteed) is still read.
 */
export type TechnicalSpecs = { key: string; value: string }[] | Record<string, string>;

export const cmsProjects = pgTable(
  "cms_projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    category: text("category", { enum: PROJECT_CATEGORIES }).notNull().default("commercial"),
    location: text("location"),
    year: text("year"),
    client: text("client"),
    duration: text("duration"),
    status: text("status", { enum: PROJECT_WORK_STATUSES }).notNull().default("Completed"),
    displayStatus: text("display_status", { enum: DISPLAY_STATUSES }).notNull().default("draft"),
    overview: text("overview"),
    challenge: text("challenge"),
    approach: text("approach"),
    solution: text("solution"),
    impact: text("impact"),
    heroImage: text("hero_image"),
    images: text("images").array(),
    videoUrl: text("video_url"),
    tags: text("tags").array(),
    featured: boolean("featured").notNull().default(false),
    technicalSpecs: jsonb("technical_specs").$type<TechnicalSpecs>(),
    teamMembers: text("team_members").array(),
    awards: text("awards").array(),
    metrics: jsonb("metrics").$type<ProjectMetrics>(),
    href: text("href"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** When the project goes (or went) public; published and in the future = scheduled. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Raised by every save; an edit form carries it so a stale save is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cms_projects_slug_key").on(t.slug),
    index("cms_projects_public_idx").on(t.displayStatus, t.featured, t.createdAt),
    index("cms_projects_updated_at_idx").on(t.updatedAt),
    check("cms_projects_category_check", inList("category", PROJECT_CATEGORIES)),
    check("cms_projects_status_check", inList("status", PROJECT_WORK_STATUSES)),
    check("cms_projects_display_status_check", inList("display_status", DISPLAY_STATUSES)),
  ],
);

/**
 * A run of inline text with optional marks. `href` is an http, https or mailto link (checked on
 * save by `app/features/insights/blocks.ts`).
 */
export type InlineRun = { text: string; bold?: true; italic?: true; href?: string };
/** Block text: a plain string (the seed's and the spec's form) or a list of runs with marks. */
export type InlineContent = string | InlineRun[];

/**
 * A body block of an article (`insights.content`); unknown types are skipped when rendering.
 * The seed's shape (`type` + `content`, plain strings) stays valid; the CMS adds inline runs and
 * `ordered: true` for numbered lists, with `start` when one does not begin at 1, and
 * images from the media library (`mediaId` = `media.id`, required alt text, optional caption).
 */
export type InsightBlock =
  | { type: "paragraph"; content: InlineContent }
  | { type: "heading"; level: 2 | 3; content: InlineContent }
  | { type: "quote"; content: InlineContent; author?: string }
  | { type: "list"; items: InlineContent[]; ordered?: boolean; start?: number }
  | { type: "image"; mediaId: string; alt: string; caption?: string };

export const insights = pgTable(
  "insights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    excerpt: text("excerpt"),
    summary: text("summary"),
    category: text("category"),
    heroImage: text("hero_image"),
    authorName: text("author_name"),
    authorRole: text("author_role"),
    authorBio: text("author_bio"),
    authorImage: text("author_image"),
    readingTime: text("reading_time"),
    tags: text("tags").array(),
    content: jsonb("content").$type<InsightBlock[]>(),
    status: text("status", { enum: DISPLAY_STATUSES }).notNull().default("draft"),
    featured: boolean("featured").notNull().default(false),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    publishedDate: timestamp("published_date", { withTimezone: true }),
    /** Raised by every save; an edit form carries it so a stale save is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("insights_slug_key").on(t.slug),
    index("insights_updated_at_idx").on(t.updatedAt),
    index("insights_public_idx").on(t.status, t.publishedDate),
    check("insights_status_check", inList("status", DISPLAY_STATUSES)),
  ],
);

export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    projectType: text("project_type").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: ENQUIRY_STATUSES }).notNull().default("new"),
    priority: text("priority", { enum: ENQUIRY_PRIORITIES }).notNull().default("medium"),
    /** Why the submission was flagged as spam (honeypot, too fast, rate limit); null when not spam. */
    spamReason: text("spam_reason"),
    internalNotes: text("internal_notes"),
    /**
     * When staff first changed the status: the response time is
     * `responded_at - created_at`. Null while the enquiry was never answered (or for rows answered
     * before this column whose audit log did not say when).
     */
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** When the 20-hour "still unanswered" reminder was queued for staff; null until then. */
    overdueReminderSentAt: timestamp("overdue_reminder_sent_at", { withTimezone: true }),
    /** When the personal fields were anonymised (erasure or retention); null while they are held. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /**
     * Since when the visitor has been waiting for our answer to an e-mail they sent after a reply
     * (the 24-hour clock reopened); null when no reply of theirs is waiting.
     */
    awaitingReplySince: timestamp("awaiting_reply_since", { withTimezone: true }),
    /** The random token of the plus address (`enquiries+<token>@...`) replies are sent from; set at the first reply. */
    replyToken: text("reply_token"),
    /** The staff user (better-auth user id) who owns the enquiry; null when unassigned. */
    assignedTo: text("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("enquiries_reply_token_idx").on(t.replyToken),
    index("enquiries_created_at_idx").on(t.createdAt),
    index("enquiries_status_idx").on(t.status, t.createdAt),
    check("enquiries_status_check", inList("status", ENQUIRY_STATUSES)),
    check("enquiries_priority_check", inList("priority", ENQUIRY_PRIORITIES)),
  ],
);

export const consultationTypes = pgTable(
  "consultation_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("consultation_types_name_key").on(t.name),
    check("consultation_types_duration_check", sql`duration_minutes > 0`),
  ],
);

/** A bookable slot. `date`, `start_time`, `end_time` are Europe/London wall-clock values. */
export const consultationAvailability = pgTable(
  "consultation_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: date("date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    maxBookings: integer("max_bookings").notNull().default(1),
    currentBookings: integer("current_bookings").notNull().default(0),
    isAvailable: boolean("is_available").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("consultation_availability_date_start_key").on(t.date, t.startTime),
    check("consultation_availability_max_check", sql`max_bookings between 1 and 10`),
    check("consultation_availability_current_check", sql`current_bookings between 0 and max_bookings`),
    check("consultation_availability_time_check", sql`end_time > start_time`),
  ],
);

export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    availabilityId: uuid("availability_id")
      .notNull()
      .references(() => consultationAvailability.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    companyName: text("company_name"),
    /** The type's name as text (spec); `consultation_type_id` keeps the link for its duration. */
    consultationType: text("consultation_type").notNull(),
    consultationTypeId: uuid("consultation_type_id").references(() => consultationTypes.id, {
      onDelete: "set null",
    }),
    projectType: text("project_type", { enum: BOOKING_PROJECT_TYPES }),
    projectDescription: text("project_description"),
    timeline: text("timeline"),
    budgetRange: text("budget_range"),
    howHeardAboutUs: text("how_heard_about_us"),
    specialRequirements: text("special_requirements"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("pending"),
    meetingLink: text("meeting_link"),
    meetingNotes: text("meeting_notes"),
    /** Client-generated key that makes a double-submitted form create one booking. */
    idempotencyKey: text("idempotency_key"),
    /**
     * Length of the consultation in minutes, copied from the type when booked, so invitations and
     * reminders stay right after the type is changed or deleted. Null only for rows older than it.
     */
    durationMinutes: integer("duration_minutes"),
    /** iCalendar SEQUENCE of the last invitation sent; raised on every change mailed. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the personal fields were anonymised (erasure or retention); null while they are held. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("consultation_bookings_idempotency_key").on(t.idempotencyKey),
    index("consultation_bookings_availability_idx").on(t.availabilityId),
    index("consultation_bookings_created_at_idx").on(t.createdAt),
    check("consultation_bookings_status_check", inList("status", BOOKING_STATUSES)),
    check(
      "consultation_bookings_project_type_check",
      sql`project_type is null or ${inList("project_type", BOOKING_PROJECT_TYPES)}`,
    ),
  ],
);

/**
 * The visitor's manage links of a booking, each opening it until it is erased: the first is issued
 * with the booking (its confirmation e-mail and success screen), another with each later message
 * that carries a link the visitor did not just use (the confirmation by staff). Only the SHA-256
 * (hex) of a random token is stored and the token itself is only ever mailed, so a later message
 * can carry a link only by issuing a new token, while an earlier message's link keeps working.
 */
export const consultationBookingManageTokens = pgTable(
  "consultation_booking_manage_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => consultationBookings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_booking_manage_tokens_booking_idx").on(t.bookingId)],
);

// better-auth's tables (user, session, account, verification, rateLimit); property names are
// the ones better-auth's Drizzle adapter expects.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's two-factor plugin: true once an authenticator app is confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable("session", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
});

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * better-auth's two-factor plugin: one row per user with an authenticator app. `secret`
 * and `backupCodes` are encrypted by better-auth with the server secret; `verified` is false until
 * the first code confirms the enrolment. `lastTotpStep` is ours: the 30-second step of the last
 * code accepted, so a code is never accepted twice (auth.server.ts).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("two_factor_user_id_key").on(t.userId)],
);

/** better-auth's passkey plugin: the WebAuthn credentials of a user, each named by them. */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId), uniqueIndex("passkey_credential_id_key").on(t.credentialID)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull().default("editor"),
    avatarUrl: text("avatar_url"),
    /** Deactivated staff keep their row (for the audit log) but cannot sign in. */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_user_id_key").on(t.userId),
    uniqueIndex("admin_users_email_key").on(t.email),
    check("admin_users_role_check", inList("role", ADMIN_ROLES)),
  ],
);

/**
 * A member of staff's private calendar feed: at most one
 * per account. Only the SHA-256 (hex) of the feed's random token is stored; the token itself is
 * shown once. Regenerating replaces the hash (the old address stops at once); turning the feed
 * off deletes the row. The feed also answers only while the account is active.
 */
export const staffCalendarFeeds = pgTable(
  "staff_calendar_feeds",
  {
    adminUserId: uuid("admin_user_id")
      .primaryKey()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    /** When a calendar last fetched the feed; null until the first fetch. */
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_calendar_feeds_token_hash_key").on(t.tokenHash)],
);

/**
 * Single row (id = 1) of editable settings; `data` is validated by `features/settings/schema.ts`.
 * The retention periods (`app/features/data-protection/retention.server.ts`) are real
 * columns with their bounds as CHECK constraints.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** Spam submissions are deleted this many days after they arrived. */
    retentionSpamDays: integer("retention_spam_days").notNull().default(RETENTION_LIMITS.spamDays.default),
    /** Closed enquiries and finished or cancelled bookings are anonymised after this many months. */
    retentionRecordsMonths: integer("retention_records_months").notNull().default(RETENTION_LIMITS.recordsMonths.default),
    /** Bodies of sent (or failed) e-mails are removed this many days after sending. */
    retentionEmailBodyDays: integer("retention_email_body_days").notNull().default(RETENTION_LIMITS.emailBodyDays.default),
    /** Raw analytics events are folded into daily rows (and deleted) after this many days. */
    retentionAnalyticsRawDays: integer("retention_analytics_raw_days").notNull().default(RETENTION_LIMITS.analyticsRawDays.default),
    /** Analytics daily totals and conversion counts are deleted once their day is this many months old. */
    retentionAnalyticsMonths: integer("retention_analytics_months").notNull().default(RETENTION_LIMITS.analyticsMonths.default),
    /** "Require two-factor for all staff": staff without it can only enrol until they have. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
  },
  () => [
    check("site_settings_single_row", sql`id = 1`),
    check("site_settings_retention_spam_check", between("retention_spam_days", RETENTION_LIMITS.spamDays)),
    check("site_settings_retention_records_check", between("retention_records_months", RETENTION_LIMITS.recordsMonths)),
    check("site_settings_retention_email_body_check", between("retention_email_body_days", RETENTION_LIMITS.emailBodyDays)),
    check("site_settings_retention_analytics_raw_check", between("retention_analytics_raw_days", RETENTION_LIMITS.analyticsRawDays)),
    check("site_settings_retention_analytics_check", between("retention_analytics_months", RETENTION_LIMITS.analyticsMonths)),
  ],
);

/** Threading headers of an outgoing message: `Message-ID`, `In-Reply-To`, `References` (each `<id@domain>`). */
export type OutboxHeaders = { messageId?: string; inReplyTo?: string; references?: string[] };

/** A message waiting to be sent, written in the same transaction as what caused it. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Makes a message unique, e.g. `reminder:{bookingId}:{start}`: a second insert is ignored. */
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** Optional `Reply-To` address (e.g. the visitor's, on a staff notification). */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** `[{ filename, contentType, content }]`, content as UTF-8 text (e.g. an `.ics`). */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    /** Threading headers set on the message (`<id@domain>` forms); null lets the transport make a Message-ID. */
    headers: jsonb("headers").$type<OutboxHeaders>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * Set on a message queued by an erasure (the cancellation of the person's future booking): the
     * worker sends it, then blanks its recipient, subject and bodies, so no trace of them is kept.
     */
    eraseAfterSend: boolean("erase_after_send").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_key").on(t.dedupeKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    check("email_outbox_status_check", inList("status", OUTBOX_STATUSES)),
  ],
);

/** Who changed what, when (statuses, deletions, roles, settings). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);

/**
 * The pages of the public site whose words and pictures staff edit (`docs/design.md` section 6
 * "site studio"): one row, a "global", per key. Its content is validated by the key's Zod schema
 * in `app/features/site-pages/schemas.ts`.
 */
export const SITE_PAGE_KEYS = ["home", "about", "services", "testimonials", "figures", "contact", "legal"] as const;

/**
 * One editable page. `draft` is the working copy staff save; `published` is what
 * visitors see (null until first published); `scheduled` replaces it at `scheduled_at` without
 * anyone acting (read as live from that instant on, folded into `published` by the next save).
 * `version` is the edit-conflict check, as for projects and insights.
 */
export const sitePages = pgTable(
  "site_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key", { enum: SITE_PAGE_KEYS }).notNull(),
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    published: jsonb("published").$type<Record<string, unknown>>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduled: jsonb("scheduled").$type<Record<string, unknown>>(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("site_pages_key_key").on(t.key),
    check("site_pages_key_check", inList("key", SITE_PAGE_KEYS)),
    check("site_pages_schedule_check", sql`(scheduled is null) = (scheduled_at is null)`),
  ],
);

/** Kinds of content the CMS keeps revisions of. */
export const CMS_ENTITY_TYPES = ["project", "insight", "page"] as const;

/**
 * Every save of a project or an insight: who, when and
 * the whole row after the save as jsonb. The last 50 per item are kept.
 */
export const cmsRevisions = pgTable(
  "cms_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entityType: text("entity_type", { enum: CMS_ENTITY_TYPES }).notNull(),
    entityId: uuid("entity_id").notNull(),
    /** The item's `version` after this save. */
    version: integer("version").notNull(),
    /** What the save did: "created", "saved", "published", "scheduled", "unpublished", "archived", "restored". */
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    authorUserId: text("author_user_id"),
    authorName: text("author_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cms_revisions_entity_idx").on(t.entityType, t.entityId, t.id),
    check("cms_revisions_entity_type_check", inList("entity_type", CMS_ENTITY_TYPES)),
  ],
);

/** Fixed-window request counters shared by every app instance (contact form rate limit). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * One row per run of a once-a-day job (e.g. the retention job), keyed by its Europe/London date:
 * inserting the row is the claim, so the job runs exactly once a day across every app instance.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    runOn: date("run_on", { mode: "string" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.runOn] })],
);

/** One responsive variant of a library image: a stored file at one width in one format. */
export type MediaVariant = { key: string; format: "avif" | "webp"; width: number; height: number; bytes: number };

/**
 * The media library: every uploaded image once. `storage_key` is the re-encoded image
 * (EXIF/GPS stripped, orientation applied) under `project-images/`; its public URL is what content
 * columns (`hero_image`, `images[]`, `author_image`) store. `variants` are its AVIF and WebP widths;
 * `placeholder` a tiny blurred data URL; the focal point is the crop centre in percent (0-100).
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Size of the stored re-encoded image in bytes. */
    bytes: integer("bytes").notNull(),
    altText: text("alt_text").notNull(),
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    placeholder: text("placeholder").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_storage_key_key").on(t.storageKey),
    index("media_created_at_idx").on(t.createdAt),
    check("media_content_type_check", inList("content_type", ["image/jpeg", "image/png", "image/webp"])),
    check("media_focal_check", sql`focal_x between 0 and 100 and focal_y between 0 and 100`),
    check("media_size_check", sql`width > 0 and height > 0 and bytes > 0`),
  ],
);

/**
 * Single row (id = 1): a counter that PostgreSQL triggers on every table public pages read
 * (cms_projects, insights, site_settings, media) bump in the writing statement, with a
 * `pg_notify('content_changed', version)` (migration 0005). The HTML cache of every instance
 * drops its pages when the version moves (ADR "HTML cache"); writers call nothing.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("content_version_single_row", sql`id = 1`)],
);

/** Device classes of the analytics (from the user agent, `app/features/analytics/visitor.server.ts`). */
export const ANALYTICS_DEVICES = ["desktop", "mobile", "tablet"] as const;
/** What the analytics count as a conversion. */
export const CONVERSION_KINDS = ["enquiry", "booking", "booking_confirmed"] as const;
/** The breakdowns kept per day in `analytics_daily`; `total` has the value "". */
export const ANALYTICS_DIMENSIONS = ["total", "page", "source", "referrer", "campaign", "medium", "country", "device"] as const;

/**
 * The salt of one (Europe/London) day for the visitor hash (ADR "Cookieless
 * analytics"): random, shared by every instance through this row, deleted once its day is over.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * One page view of a public page, kept raw for `retention_analytics_raw_days` and then folded
 * into `analytics_daily`. `visitor_hash` is the day's hash of (salt, site, IP address, user agent);
 * neither the address nor the user agent is stored. `path` has no query but the allow-listed
 * parameters; `referrer_host` is set only for another site; `country` is ISO 3166 alpha-2.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    country: text("country"),
  },
  (t) => [
    index("analytics_events_day_idx").on(t.day),
    index("analytics_events_visitor_idx").on(t.day, t.visitorHash, t.occurredAt),
    check("analytics_events_device_check", inList("device", ANALYTICS_DEVICES)),
  ],
);

/**
 * Page views folded per day and breakdown (`dimension`, `value`): distinct visitors of that day,
 * page views, and visits that began there (for `page`: entries; for `source`, `referrer`,
 * `campaign`, `medium`: visits that came from it). Written by the daily aggregation
 * (`app/features/analytics/aggregate.server.ts`) in the transaction that deletes the raw events.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    pageviews: integer("pageviews").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("analytics_daily_dimension_check", inList("dimension", ANALYTICS_DIMENSIONS)),
  ],
);

/**
 * One conversion: an enquiry sent (`detail` = its project type), a booking made or
 * confirmed (`detail` = the consultation type), with the entry page and source of the visit
 * that converted. Nothing here names the enquiry or booking: `visitor_hash` is the day's hash
 * (cleared with the raw events), and `booking_ref` is an HMAC of a booking id, kept only until
 * that booking is first confirmed so the confirmation inherits the attribution.
 */
export const analyticsConversions = pgTable(
  "analytics_conversions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    detail: text("detail").notNull(),
    visitorHash: text("visitor_hash"),
    entryPath: text("entry_path"),
    source: text("source"),
    /** The visit's utm_medium (null: none), for the Campaign media table's conversions. */
    medium: text("medium"),
    campaign: text("campaign"),
    bookingRef: text("booking_ref"),
  },
  (t) => [
    index("analytics_conversions_day_idx").on(t.day),
    uniqueIndex("analytics_conversions_booking_ref_key").on(t.bookingRef),
    check("analytics_conversions_kind_check", inList("kind", CONVERSION_KINDS)),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One entry of an enquiry's conversation: a staff reply (sent through the outbox), the visitor's
 * e-mail read from the firm's mailbox, or an internal note. Status and assignment changes come from
 * the audit log; together they are the enquiry's timeline. Deleted with the enquiry; emptied when
 * the person is erased.
 */
export const enquiryMessages = pgTable(
  "enquiry_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    enquiryId: uuid("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ENQUIRY_MESSAGE_KINDS }).notNull(),
    /** Staff author of a reply or note (better-auth user id and name); null for an incoming e-mail. */
    authorUserId: text("author_user_id"),
    authorName: text("author_name"),
    /** The sender's address of an incoming e-mail. */
    fromAddress: text("from_address"),
    subject: text("subject"),
    /** The full text: a reply or note as written, an incoming e-mail's whole plain text. */
    body: text("body").notNull(),
    /** An incoming e-mail's text without the quoted history, as shown; null: show `body`. */
    bodyShown: text("body_shown"),
    /** `<id@domain>` of the e-mail (sent or read); unique so a message is never imported twice. */
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    references: jsonb("references").$type<string[]>(),
    /** The outbox row that sends a reply. */
    outboxId: uuid("outbox_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("enquiry_messages_message_id_idx").on(t.messageId),
    index("enquiry_messages_enquiry_idx").on(t.enquiryId, t.createdAt),
    check("enquiry_messages_kind_check", inList("kind", ENQUIRY_MESSAGE_KINDS)),
  ],
);

/** A file attached to an incoming e-mail, kept in the database (staff only, never public). */
export const enquiryAttachments = pgTable(
  "enquiry_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => enquiryMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    /** The type found from the bytes (not the sender's claim); `application/octet-stream` when unknown. */
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("enquiry_attachments_message_idx").on(t.messageId)],
);

/**
 * The firm's mailbox (single row): where visitors' replies go (Reply-To) and how the job worker
 * reads it over IMAP. The password is encrypted with the server secret. `leaseUntil`/`leaseHolder`
 * let one instance at a time read the mailbox; `uidValidity`/`lastUid` say how far it has read.
 */
export const mailboxSettings = pgTable(
  "mailbox_settings",
  {
    id: integer("id").primaryKey().default(1),
    replyAddress: text("reply_address").notNull().default(""),
    plusAddressing: boolean("plus_addressing").notNull().default(false),
    imapEnabled: boolean("imap_enabled").notNull().default(false),
    imapHost: text("imap_host").notNull().default(""),
    imapPort: integer("imap_port").notNull().default(993),
    imapTls: boolean("imap_tls").notNull().default(true),
    imapUser: text("imap_user").notNull().default(""),
    imapPasswordEncrypted: text("imap_password_encrypted"),
    imapFolder: text("imap_folder").notNull().default("INBOX"),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    lastError: text("last_error"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseHolder: text("lease_holder"),
    updatedAt: updatedAt(),
  },
  () => [check("mailbox_settings_single_row", sql`id = 1`)],
);

/** A staff-managed reply template; `{name}`, `{company}` and `{consultation_link}` are filled in the composer. */
export const savedReplies = pgTable("saved_replies", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
