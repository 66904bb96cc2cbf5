/**
 * What the data-protection screen shows of a person's records: a line per record, and the
 * numbers an erasure would change (the confirmation dialog's and the erasure's own count).
 */
import type { SubjectRecords } from "./subject-access.server";

/** How many records of each kind an erasure changes (or would change). */
export type ErasureCounts = {
  enquiries: number;
  bookings: number;
  /** Bookings holding a place in a future slot: cancelled (and the person notified) before anonymising. */
  futureBookings: number;
  /** Waiting-list entries: deleted with the times offered and their leave links. */
  waitingList: number;
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
    waitingList: records.waitingList.length,
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
  waitingList: { id: string; createdAt: string; consultationType: string; dateFrom: string; dateTo: string }[];
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
    waitingList: records.waitingList.map((w) => ({ id: w.id, createdAt: w.createdAt, consultationType: w.consultationType, dateFrom: w.dateFrom, dateTo: w.dateTo })),
    emails: records.emails.map((m) => ({ id: m.id, createdAt: m.createdAt, kind: m.kind, subject: m.subject, status: m.status })),
    audit: records.audit.map((a) => ({ id: a.id, createdAt: a.createdAt, action: a.action, entityType: a.entityType })),
    preview: erasurePreview(records),
  };
}
