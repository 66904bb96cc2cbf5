/**
 * Subject access (UK GDPR article 15): every record held about a person, found by their
 * e-mail address (case-insensitive), as one JSON document or a CSV per kind of record.
 *
 * What counts as "about the person" is decided only through structured fields, each compared with
 * the address exactly (trimmed, case-insensitive), never by substring: `ann@example.org` must not
 * find `victim.ann@example.org` (disclosing another person's data in an
 * export, or erasing it, is itself a breach):
 * - enquiries and bookings whose e-mail is the address (spam included);
 * - outbox e-mails whose recipient or Reply-To (staff notifications) is the address;
 * - audit entries about those enquiries and bookings (by entity id), and enquiry, booking and
 *   data-subject entries whose details record the address as `email` or `before.email` (e.g. a
 *   deleted enquiry, an earlier export);
 * - the webhook deliveries about those enquiries and bookings (the JSON export only).
 */
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { auditLog, consultationBookings, emailOutbox, enquiries } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { selectBookingsWithSlot } from "~/features/consultations/booking-rows.server";
import { holdsPlace } from "~/features/consultations/booking-core.server";
import { londonInstant } from "~/utils/time";
import { neutraliseCsvCell } from "~/features/enquiries/admin.server";
import { exportConversations } from "~/features/enquiries/conversation.server";
import { exportWebhookDeliveries, type ExportedWebhookDelivery } from "~/features/webhooks/events.server";
import type { SubjectRecordKind } from "./schema";

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

/** A booking as exported; `slotDate`/`slotStartTime`/`slotEndTime` are Europe/London wall-clock. */
export type SubjectBooking = {
  id: string;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  consultationType: string;
  projectType: string | null;
  projectDescription: string | null;
  timeline: string | null;
  budgetRange: string | null;
  howHeardAboutUs: string | null;
  specialRequirements: string | null;
  status: string;
  meetingLink: string | null;
  meetingNotes: string | null;
  reminderSentAt: string | null;
  slotDate: string;
  slotStartTime: string;
  slotEndTime: string;
  /** True while the booking holds a place in a slot that has not started (erasure cancels it first). */
  holdsFuturePlace: boolean;
};

/** An outbox e-mail as exported (both bodies and any attachment, e.g. the `.ics`). */
export type SubjectEmail = {
  id: string;
  createdAt: string;
  sentAt: string | null;
  kind: string;
  status: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
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
  return {
    email: address,
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
      name: b.name,
      email: b.email,
      phone: b.phone,
      companyName: b.companyName,
      consultationType: b.consultationType,
      projectType: b.projectType,
      projectDescription: b.projectDescription,
      timeline: b.timeline,
      budgetRange: b.budgetRange,
      howHeardAboutUs: b.howHeardAboutUs,
      specialRequirements: b.specialRequirements,
      status: b.status,
      meetingLink: b.meetingLink,
      meetingNotes: b.meetingNotes,
      reminderSentAt: iso(b.reminderSentAt),
      slotDate: b.date,
      slotStartTime: b.startTime.slice(0, 5),
      slotEndTime: b.endTime.slice(0, 5),
      holdsFuturePlace: holdsPlace(b.status) && londonInstant(b.date, b.startTime).getTime() > now.getTime(),
    })),
    emails: emailRows.map((m) => ({
      id: m.id,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
      kind: m.kind,
      status: m.status,
      to: m.to,
      replyTo: m.replyTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: m.attachments ?? [],
    })),
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

/** The CSV columns of each kind: header and how to read the cell from a record. */
const CSV_COLUMNS: { [K in SubjectRecordKind]: [string, (r: SubjectRecords[K][number]) => unknown][] } = {
  enquiries: [
    ["Created", (e) => e.createdAt],
    ["Updated", (e) => e.updatedAt],
    ["Name", (e) => e.name],
    ["Email", (e) => e.email],
    ["Company", (e) => e.company],
    ["Type", (e) => e.projectType],
    ["Message", (e) => e.message],
    ["Status", (e) => e.status],
    ["Priority", (e) => e.priority],
    ["Spam reason", (e) => e.spamReason],
    ["Internal notes", (e) => e.internalNotes],
    ["ID", (e) => e.id],
  ],
  bookings: [
    ["Created", (b) => b.createdAt],
    ["Slot date (UK)", (b) => b.slotDate],
    ["Start (UK)", (b) => b.slotStartTime],
    ["End (UK)", (b) => b.slotEndTime],
    ["Consultation", (b) => b.consultationType],
    ["Status", (b) => b.status],
    ["Name", (b) => b.name],
    ["Email", (b) => b.email],
    ["Phone", (b) => b.phone],
    ["Company", (b) => b.companyName],
    ["Project type", (b) => b.projectType],
    ["Project description", (b) => b.projectDescription],
    ["Timeline", (b) => b.timeline],
    ["Budget range", (b) => b.budgetRange],
    ["How they heard of us", (b) => b.howHeardAboutUs],
    ["Special requirements", (b) => b.specialRequirements],
    ["Meeting link", (b) => b.meetingLink],
    ["Meeting notes", (b) => b.meetingNotes],
    ["Reminder sent", (b) => b.reminderSentAt],
    ["Updated", (b) => b.updatedAt],
    ["ID", (b) => b.id],
  ],
  emails: [
    ["Created", (m) => m.createdAt],
    ["Sent", (m) => m.sentAt],
    ["Kind", (m) => m.kind],
    ["Status", (m) => m.status],
    ["To", (m) => m.to],
    ["Reply-To", (m) => m.replyTo],
    ["Subject", (m) => m.subject],
    ["Text", (m) => m.text],
    ["Attachments", (m) => m.attachments.map((a) => a.filename).join(", ")],
    ["ID", (m) => m.id],
  ],
  audit: [
    ["When", (a) => a.createdAt],
    ["Action", (a) => a.action],
    ["Record type", (a) => a.entityType],
    ["Record ID", (a) => a.entityId],
    ["Staff member", (a) => a.actorEmail],
    ["Details", (a) => (a.details ? JSON.stringify(a.details) : "")],
    ["ID", (a) => a.id],
  ],
};

/**
 * One kind of record as CSV text (UTF-8 with a BOM for Excel, a header row, instants in ISO 8601
 * UTC). Quoting by csv-stringify; formula-like cells neutralised as in the enquiries export.
 */
export function subjectRecordsCsv(records: SubjectRecords, kind: SubjectRecordKind): string {
  const columns = CSV_COLUMNS[kind] as [string, (r: unknown) => unknown][];
  const rows = (records[kind] as unknown[]).map((r) => columns.map(([, read]) => read(r) ?? ""));
  return stringify(rows, {
    bom: true,
    header: true,
    columns: columns.map(([header]) => header),
    cast: { string: (value) => neutraliseCsvCell(value), number: (value) => String(value) },
  });
}

/** The JSON document of a subject-access export: when it was made, then every record by kind. */
export function subjectRecordsJson(records: SubjectRecords, generatedAt: Date = new Date()): string {
  const { email, enquiries, bookings, emails, audit, conversations, webhooks } = records;
  return JSON.stringify({ generatedAt: generatedAt.toISOString(), subject: { email }, enquiries, bookings, emails, audit, conversations, webhooks }, null, 2);
}

/**
 * Builds a download for a member of staff and records a `data_subject.exported` audit entry
 * (who, which format, whose address). Returns the file's name, media type and body.
 */
export async function exportSubjectRecords(
  actor: AuditActor,
  request: { email: string; format: "json" } | { email: string; format: "csv"; kind: SubjectRecordKind },
  now: Date = new Date(),
): Promise<{ filename: string; contentType: string; body: string }> {
  const records = await findSubjectRecords(request.email, { now });
  const day = now.toISOString().slice(0, 10);
  const file =
    request.format === "json"
      ? { filename: `subject-access-${day}.json`, contentType: "application/json; charset=utf-8", body: subjectRecordsJson(records, now) }
      : { filename: `subject-access-${request.kind}-${day}.csv`, contentType: "text/csv; charset=utf-8", body: subjectRecordsCsv(records, request.kind) };
  await recordAudit(db, {
    actor,
    action: "data_subject.exported",
    entityType: "data_subject",
    details: { email: records.email, format: request.format, ...(request.format === "csv" ? { kind: request.kind } : {}) },
  });
  return file;
}

/** How many records of each kind an erasure changes (or would change). */
export type ErasureCounts = {
  enquiries: number;
  bookings: number;
  /** Bookings holding a place in a future slot: cancelled (and the person notified) before anonymising. */
  futureBookings: number;
  emails: number;
  /** E-mails still queued to or about the person: withdrawn, never sent. */
  pendingEmails: number;
  auditEntries: number;
};

/** What erasing the person with these records would change (the confirmation dialog's numbers). */
export function erasurePreview(records: SubjectRecords): ErasureCounts {
  return {
    enquiries: records.enquiries.length,
    bookings: records.bookings.length,
    futureBookings: records.bookings.filter((b) => b.holdsFuturePlace).length,
    emails: records.emails.length,
    pendingEmails: records.emails.filter((m) => m.status === "pending").length,
    auditEntries: records.audit.length,
  };
}

/** The search result the staff screen shows: a line per record and the erasure preview. */
export type SubjectSummary = {
  email: string;
  enquiries: { id: string; createdAt: string; projectType: string; status: string; spam: boolean; excerpt: string }[];
  bookings: { id: string; slotDate: string; slotStartTime: string; consultationType: string; status: string; holdsFuturePlace: boolean }[];
  emails: { id: string; createdAt: string; kind: string; subject: string; status: string }[];
  audit: { id: number; createdAt: string; action: string; entityType: string }[];
  preview: ErasureCounts;
};

/** The screen's summary of `records` (message excerpts cut to 120 characters). */
export function summariseSubjectRecords(records: SubjectRecords): SubjectSummary {
  return {
    email: records.email,
    enquiries: records.enquiries.map((e) => ({
      id: e.id,
      createdAt: e.createdAt,
      projectType: e.projectType,
      status: e.status,
      spam: e.spamReason !== null,
      excerpt: e.message.length > 120 ? `${e.message.slice(0, 119)}…` : e.message,
    })),
    bookings: records.bookings.map((b) => ({
      id: b.id,
      slotDate: b.slotDate,
      slotStartTime: b.slotStartTime,
      consultationType: b.consultationType,
      status: b.status,
      holdsFuturePlace: b.holdsFuturePlace,
    })),
    emails: records.emails.map((m) => ({ id: m.id, createdAt: m.createdAt, kind: m.kind, subject: m.subject, status: m.status })),
    audit: records.audit.map((a) => ({ id: a.id, createdAt: a.createdAt, action: a.action, entityType: a.entityType })),
    preview: erasurePreview(records),
  };
}
