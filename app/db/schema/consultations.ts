/**
 * Consultations: the bookable types and slots, the bookings and their manage links, and staff's
 * calendar feeds. `date`/`start_time`/`end_time` are Europe/London wall-clock values.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, time, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BOOKING_STATUSES, BOOKING_PROJECT_TYPES, QUESTION_KINDS } from "../../utils/domain";
import { createdAt, inList, updatedAt, uuidId, uuidOwner } from "./columns";
import { adminUsers } from "./auth";

export const consultationTypes = pgTable(
  "consultation_types",
  {
    id: uuidId(),
    name: text("name").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /*
     * The rules below apply once engineers are set up (`engineers`): free time kept before and
     * after each consultation of this type, how soon and how far ahead it may be booked, and how
     * many consultations (of any type) one engineer takes a day for it to be offered.
     */
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minimumNoticeHours: integer("minimum_notice_hours").notNull().default(12),
    horizonDays: integer("horizon_days").notNull().default(60),
    /** Null: no daily cap. */
    maxPerEngineerPerDay: integer("max_per_engineer_per_day"),
  },
  (t) => [
    uniqueIndex("consultation_types_name_key").on(t.name),
    check("consultation_types_duration_check", sql`duration_minutes > 0`),
    check("consultation_types_buffers_check", sql`buffer_before_minutes between 0 and 120 and buffer_after_minutes between 0 and 120`),
    check("consultation_types_notice_check", sql`minimum_notice_hours between 0 and 336`),
    check("consultation_types_horizon_check", sql`horizon_days between 1 and 365`),
    check("consultation_types_daily_cap_check", sql`max_per_engineer_per_day is null or max_per_engineer_per_day between 1 and 24`),
  ],
);

/** What a question asks for (`QUESTION_KINDS`). */
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/**
 * A question's words in one language other than English: its label, help text and options (in
 * the English options' order). An empty or missing word is shown in English.
 */
export type QuestionWords = { label?: string; help?: string; options?: string[] };

/** A question's words per language code ("fr", "pt", "ar"); English is the question's own columns. */
export type QuestionTranslations = Partial<Record<string, QuestionWords>>;

/**
 * One answer as a booking keeps it: a snapshot of the question when it was asked (its kind, its
 * label in English and in the language asked) and the answer, as text in both languages (empty
 * when an optional question was left unanswered) and as the `value` given (the text, the number,
 * true/false for yes/no, the English option or options chosen; null when unanswered). It never
 * changes when the question is edited or deleted; `questionId` only says which question it was.
 */
export type BookingAnswer = {
  questionId: string;
  kind: QuestionKind;
  label: { en: string; asked: string };
  answer: { en: string; asked: string };
  value: string | string[] | number | boolean | null;
};

/**
 * A question a consultation type asks in the wizard's details step, in the type's order
 * (`sort_order`). English words are the columns; other languages' are `translations` (by language
 * code, English shown for a missing word). `options` are the English options of a choice
 * question (empty otherwise); `number_min`/`number_max` bound a number's answer (null: no bound
 * but the form's own). Deleting the type deletes its questions; bookings keep their own snapshot
 * of what was asked (`consultation_bookings.answers`).
 */
export const consultationQuestions = pgTable(
  "consultation_questions",
  {
    id: uuidId(),
    typeId: uuidOwner("type_id", () => consultationTypes.id),
    sortOrder: integer("sort_order").notNull().default(0),
    kind: text("kind", { enum: QUESTION_KINDS }).notNull(),
    label: text("label").notNull(),
    help: text("help"),
    required: boolean("required").notNull().default(false),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    numberMin: integer("number_min"),
    numberMax: integer("number_max"),
    translations: jsonb("translations").$type<QuestionTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("consultation_questions_type_idx").on(t.typeId, t.sortOrder),
    check("consultation_questions_kind_check", inList("kind", QUESTION_KINDS)),
    check("consultation_questions_label_check", sql`char_length(label) between 1 and 200`),
    check("consultation_questions_range_check", sql`number_min is null or number_max is null or number_min <= number_max`),
  ],
);

/** A bookable slot. `date`, `start_time`, `end_time` are Europe/London wall-clock values. */
export const consultationAvailability = pgTable(
  "consultation_availability",
  {
    id: uuidId(),
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
    id: uuidId(),
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
    /** The engineer who takes the consultation (`engineers`); null while no engineer is set up. */
    engineerId: uuid("engineer_id").references(() => adminUsers.id, { onDelete: "set null" }),
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
    /**
     * The language the visitor booked in (`~/utils/i18n`'s codes: "en", "fr", ...): their e-mails,
     * invitations and manage link are in it. No check constraint: the shipped languages are a
     * setting of the product, not of the database.
     */
    language: text("language").notNull().default("en"),
    /** The visitor's IANA time zone as their browser gave it, for their own time in e-mails; null when unknown. */
    timeZone: text("time_zone"),
    /**
     * The type's questions as asked and answered, a snapshot (`BookingAnswer`) that editing or
     * deleting a question never changes; emptied with the other personal fields on erasure.
     */
    answers: jsonb("answers").$type<BookingAnswer[]>().notNull().default([]),
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
    index("consultation_bookings_engineer_idx").on(t.engineerId),
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
    bookingId: uuidOwner("booking_id", () => consultationBookings.id),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_booking_manage_tokens_booking_idx").on(t.bookingId)],
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
