/**
 * Contact enquiries: what a visitor sent and how staff handle it, the conversation with them
 * (replies, their e-mails, notes, attachments), the firm's mailbox and the saved replies.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ENQUIRY_MESSAGE_KINDS, ENQUIRY_STATUSES, ENQUIRY_PRIORITIES } from "../../utils/domain";
import { createdAt, inList, leaseColumns, updatedAt, uuidId, uuidOwner } from "./columns";

export const enquiries = pgTable(
  "enquiries",
  {
    id: uuidId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    projectType: text("project_type").notNull(),
    message: text("message").notNull(),
    /** The language the visitor wrote in, as its code ("en", "fr", "ar"...): their acknowledgement is in it (ADR 33). */
    language: text("language").notNull().default("en"),
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
     * Since when an answer has been owed again (the 24-hour clock reopened): the visitor's e-mail
     * after a reply, or staff setting the status back to New; null when no answer is owed again.
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
    id: uuidId(),
    enquiryId: uuidOwner("enquiry_id", () => enquiries.id),
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
    id: uuidId(),
    messageId: uuidOwner("message_id", () => enquiryMessages.id),
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
    /** The user id of the staff member who last saved the settings: told when the mailbox fails. */
    savedBy: text("saved_by"),
    /** Since when every read has failed (null while reading works). */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When the owner was told of the current failure (null: not yet, or reading works). */
    failureNotifiedAt: timestamp("failure_notified_at", { withTimezone: true }),
    ...leaseColumns(),
    updatedAt: updatedAt(),
  },
  () => [check("mailbox_settings_single_row", sql`id = 1`)],
);

/** A staff-managed reply template; `{name}`, `{company}` and `{consultation_link}` are filled in the composer. */
export const savedReplies = pgTable("saved_replies", {
  id: uuidId(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
