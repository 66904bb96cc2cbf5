/**
 * Contact enquiries: what a visitor sent and how staff handle it.
 */
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ENQUIRY_STATUSES, ENQUIRY_PRIORITIES } from "../../utils/domain";
import { createdAt, updatedAt, inList } from "./columns";

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("enquiries_created_at_idx").on(t.createdAt),
    index("enquiries_status_idx").on(t.status, t.createdAt),
    check("enquiries_status_check", inList("status", ENQUIRY_STATUSES)),
    check("enquiries_priority_check", inList("priority", ENQUIRY_PRIORITIES)),
  ],
);
