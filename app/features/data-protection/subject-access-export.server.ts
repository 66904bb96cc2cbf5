/**
 * The subject-access export: the records `findSubjectRecords` finds about a person, as one JSON
 * document or a CSV per kind of record, downloaded by a member of staff and audited.
 */
import { stringify } from "csv-stringify/sync";
import { db } from "~/db/client.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { answersText } from "~/features/consultations/questions/index.server";
import { neutraliseCsvCell } from "~/utils/csv.server";
import type { SubjectRecordKind } from "./schema";
import { findSubjectRecords, type SubjectRecords } from "./subject-access.server";

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
    ["Answers", (b) => answersText(b.answers)],
    ["Meeting link", (b) => b.meetingLink],
    ["Meeting notes", (b) => b.meetingNotes],
    ["Reminder sent", (b) => b.reminderSentAt],
    ["Updated", (b) => b.updatedAt],
    ["ID", (b) => b.id],
  ],
  waitingList: [
    ["Joined", (w) => w.createdAt],
    ["Consultation", (w) => w.consultationType],
    ["Name", (w) => w.name],
    ["Email", (w) => w.email],
    ["Language", (w) => w.language],
    ["From (UK date)", (w) => w.dateFrom],
    ["To (UK date)", (w) => w.dateTo],
    ["Weekdays (1 = Monday)", (w) => w.weekdays.join(" ")],
    ["Times of day", (w) => w.dayParts.join(" ")],
    ["Times offered (UK)", (w) => w.offers.map((o) => `${o.slotDate} ${o.slotStartTime}`).join(", ")],
    ["ID", (w) => w.id],
  ],
  emails: [
    ["Created", (m) => m.createdAt],
    ["Sent", (m) => m.sentAt],
    ["Kind", (m) => m.kind],
    ["Status", (m) => m.status],
    ["To", (m) => m.to],
    ["Reply-To", (m) => m.replyTo],
    ["Subject", (m) => m.subject],
    ["Text", (m) => m.text ?? "(content erased after delivery)"],
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
  const { email, enquiries, bookings, waitingList, emails, audit, conversations, webhooks } = records;
  return JSON.stringify({ generatedAt: generatedAt.toISOString(), subject: { email }, enquiries, bookings, waitingList, emails, audit, conversations, webhooks }, null, 2);
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
