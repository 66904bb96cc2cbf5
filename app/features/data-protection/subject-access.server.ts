/**
 * Subject access (UK GDPR article 15): every record held about a person, found by their
 * e-mail address (case-insensitive). The export as JSON or CSV is in
 * subject-access-export.server.ts, the staff screen's summary and the erasure preview in
 * subject-access-summary.server.ts.
 *
 * What counts as "about the person" is decided only through structured fields, each compared with
 * the address exactly (trimmed, case-insensitive), never by substring: `ann@example.org` must not
 * find `victim.ann@example.org` (disclosing another person's data in an
 * export, or erasing it, is itself a breach):
 * - enquiries and bookings whose e-mail is the address (spam included), and waiting-list entries
 *   (with the times offered);
 * - outbox e-mails whose recipient or Reply-To (staff notifications) is the address;
 * - audit entries about those enquiries and bookings (by entity id), and enquiry, booking and
 *   data-subject entries whose details record the address as `email` or `before.email` (e.g. a
 *   deleted enquiry, an earlier export);
 * - the webhook deliveries about those enquiries and bookings (the JSON export only).
 */
import { and, asc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { auditLog, consultationBookings, emailOutbox, enquiries } from "~/db/schema";
import { bookingDetails, selectBookingsWithSlot, type BookingDetails } from "~/features/consultations/bookings/index.server";
import { holdsPlace } from "~/features/consultations/core/index.server";
import { londonInstant } from "~/utils/time";
import { exportConversations } from "~/features/enquiries/conversation.server";
import { openMailBody, type MailAttachment } from "~/features/mail/outbox.server";
import { exportWebhookDeliveries, type ExportedWebhookDelivery } from "~/features/webhooks/events.server";
import { entriesOfAddress, type SubjectWaitingListEntry } from "~/features/consultations/waiting-list/index.server";

/** An enquiry as exported. Instants are ISO 8601 strings. */
export type SubjectEnquiry = {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string;
  company: string | null;
  projectType: string;
  message: string;
  status: string;
  priority: string;
  spamReason: string | null;
  internalNotes: string | null;
};

/**
 * A booking as exported: its id and instants (ISO 8601 strings), its details as stored
 * (`BookingDetails`: what the visitor gave, the type's questions and answers, the status, the
 * meeting link and notes), and its slot; `slotDate`/`slotStartTime`/`slotEndTime` are
 * Europe/London wall-clock.
 */
export type SubjectBooking = {
  id: string;
  createdAt: string;
  updatedAt: string;
} & BookingDetails & {
  reminderSentAt: string | null;
  slotDate: string;
  slotStartTime: string;
  slotEndTime: string;
  /** True while the booking holds a place in a slot that has not started (erasure cancels it first). */
  holdsFuturePlace: boolean;
};

/**
 * An outbox e-mail as exported. A message still waiting has both bodies and any attachment (e.g.
 * the `.ics`), opened from their sealed form; once delivered or given up its content is erased
 * (ADR 35): `text` and `html` are null and `attachments` empty.
 */
export type SubjectEmail = {
  id: string;
  createdAt: string;
  sentAt: string | null;
  kind: string;
  status: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string | null;
  html: string | null;
  attachments: MailAttachment[];
};

/** An audit entry as exported (`actorEmail` is the member of staff who acted; null for the system). */
export type SubjectAuditEntry = {
  id: number;
  createdAt: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actorEmail: string | null;
  details: Record<string, unknown> | null;
};

/** Every record about one person, oldest first within each kind. */
export type SubjectRecords = {
  /** The address searched, trimmed and lower-cased. */
  email: string;
  enquiries: SubjectEnquiry[];
  bookings: SubjectBooking[];
  /** Waiting-list entries with the times offered to them (deleted by an erasure). */
  waitingList: SubjectWaitingListEntry[];
  emails: SubjectEmail[];
  audit: SubjectAuditEntry[];
  /** The conversations of those enquiries: replies, the person's e-mails (attachments in base64) and staff notes. */
  conversations: Awaited<ReturnType<typeof exportConversations>>;
  /** The webhook events sent (or waiting) about those enquiries and bookings: type, receiver, status, attempts. */
  webhooks: ExportedWebhookDelivery[];
};

/** The address as stored for matching: trimmed and lower-cased. */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** `lower(trim(value)) = address` (the address already normalised); `value` a column or SQL. */
const sameAddress = (value: AnyColumn | SQL, address: string) => sql`lower(trim(${value})) = ${address}`;

/** Audit entity types whose `details` may record a visitor's address. */
const VISITOR_AUDIT_TYPES = ["enquiry", "booking", "data_subject"];

/**
 * Every record about the person with `email` (see the module comment), read through `executor`
 * (pass the transaction to read under it). `now` decides which bookings hold a future place.
 */
export async function findSubjectRecords(
  email: string,
  { executor = db, now = new Date() }: { executor?: Database | Transaction; now?: Date } = {},
): Promise<SubjectRecords> {
  const address = normaliseAddress(email);

  const enquiryRows = await executor
    .select()
    .from(enquiries)
    .where(sameAddress(enquiries.email, address))
    .orderBy(asc(enquiries.createdAt), asc(enquiries.id));

  const bookingRows = await selectBookingsWithSlot(executor)
    .where(sameAddress(consultationBookings.email, address))
    .orderBy(asc(consultationBookings.createdAt), asc(consultationBookings.id));

  const emailRows = await executor
    .select()
    .from(emailOutbox)
    .where(
      or(sameAddress(emailOutbox.to, address), sameAddress(emailOutbox.replyTo, address)),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));

  const enquiryIds = enquiryRows.map((e) => e.id);
  const bookingIds = bookingRows.map((r) => r.id);
  const auditRows = await executor
    .select()
    .from(auditLog)
    .where(
      or(
        and(
          inArray(auditLog.entityType, VISITOR_AUDIT_TYPES),
          or(sameAddress(sql`${auditLog.details}->>'email'`, address), sameAddress(sql`${auditLog.details}#>>'{before,email}'`, address)),
        ),
        enquiryIds.length ? and(eq(auditLog.entityType, "enquiry"), inArray(auditLog.entityId, enquiryIds)) : undefined,
        bookingIds.length ? and(eq(auditLog.entityType, "booking"), inArray(auditLog.entityId, bookingIds)) : undefined,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const conversations = await exportConversations(executor, enquiryIds);
  const webhooks = await exportWebhookDeliveries(executor, { enquiryIds, bookingIds });
  const waitingList = await entriesOfAddress(executor, address);
  return {
    email: address,
    waitingList,
    conversations,
    webhooks,
    enquiries: enquiryRows.map((e) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      name: e.name,
      email: e.email,
      company: e.company,
      projectType: e.projectType,
      message: e.message,
      status: e.status,
      priority: e.priority,
      spamReason: e.spamReason,
      internalNotes: e.internalNotes,
    })),
    bookings: bookingRows.map((b) => ({
      id: b.id,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
      ...bookingDetails(b),
      reminderSentAt: iso(b.reminderSentAt),
      slotDate: b.date,
      slotStartTime: b.startTime.slice(0, 5),
      slotEndTime: b.endTime.slice(0, 5),
      holdsFuturePlace: holdsPlace(b.status) && londonInstant(b.date, b.startTime).getTime() > now.getTime(),
    })),
    emails: await Promise.all(
      emailRows.map(async (m) => {
        const body = await openMailBody(m.body).catch(() => null);
        return {
          id: m.id,
          createdAt: m.createdAt.toISOString(),
          sentAt: iso(m.sentAt),
          kind: m.kind,
          status: m.status,
          to: m.to,
          replyTo: m.replyTo,
          subject: m.subject,
          text: body?.text ?? null,
          html: body?.html ?? null,
          attachments: body?.attachments ?? [],
        };
      }),
    ),
    audit: auditRows.map((a) => ({
      id: a.id,
      createdAt: a.createdAt.toISOString(),
      action: a.action,
      entityType: a.entityType,
      entityId: a.entityId,
      actorEmail: a.actorEmail,
      details: a.details ?? null,
    })),
  };
}
