/**
 * The running site: editable settings, the mail outbox, the audit log, the shared request
 * counters and the once-a-day job runs.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { OUTBOX_STATUSES, RETENTION_LIMITS } from "../../utils/domain";
import { between, createdAt, inList, updatedAt, uuidId } from "./columns";

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
    /** Webhook deliveries delivered or given up are deleted this many days after (the column's name is older: e-mail bodies are now erased at once). */
    retentionEmailBodyDays: integer("retention_email_body_days").notNull().default(RETENTION_LIMITS.emailBodyDays.default),
    /** Raw analytics events are folded into daily rows (and deleted) after this many days. */
    retentionAnalyticsRawDays: integer("retention_analytics_raw_days").notNull().default(RETENTION_LIMITS.analyticsRawDays.default),
    /** Analytics daily totals and conversion counts are deleted once their day is this many months old. */
    retentionAnalyticsMonths: integer("retention_analytics_months").notNull().default(RETENTION_LIMITS.analyticsMonths.default),
    /** Waiting-list entries expire (are no longer offered times, then are deleted) this many days after joining. */
    retentionWaitingListDays: integer("retention_waiting_list_days").notNull().default(RETENTION_LIMITS.waitingListDays.default),
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
    check("site_settings_retention_waiting_list_check", between("retention_waiting_list_days", RETENTION_LIMITS.waitingListDays)),
  ],
);

/** Threading headers of an outgoing message: `Message-ID`, `In-Reply-To`, `References` (each `<id@domain>`). */
export type OutboxHeaders = { messageId?: string; inReplyTo?: string; references?: string[] };

/** A message waiting to be sent, written in the same transaction as what caused it. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuidId(),
    /** Makes a message unique, e.g. `reminder:{bookingId}:{start}`: a second insert is ignored. */
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** Optional `Reply-To` address (e.g. the visitor's, on a staff notification). */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    /**
     * The message's html, text and attachments as one value sealed with the server secret
     * (`sealMailBody` in `app/features/mail/outbox.server.ts`), since bodies carry links that open
     * an account or a booking. Null once the message is delivered or given up: only what the portal
     * shows (recipient, subject, kind, status, times) is kept. A row queued by a version before
     * sealing holds `plain:` JSON until start-up seals it (`sealPlainMailBodies`).
     */
    body: text("body"),
    /** Threading headers set on the message (`<id@domain>` forms); null lets the transport make a Message-ID. */
    headers: jsonb("headers").$type<OutboxHeaders>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * Set on a message queued by an erasure (the cancellation of the person's future booking): the
     * worker sends it, then blanks its recipient and subject too, so no trace of them is kept.
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
