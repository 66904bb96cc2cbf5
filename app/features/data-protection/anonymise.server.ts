/**
 * Anonymising personal data in place (UK GDPR): what erasure and the retention job both
 * do to an enquiry, a booking, an e-mail and the audit entries about them. Rows are kept, with their
 * status, type, dates and slot, so statistics and slot capacity counts stay right; the fields that
 * identify or describe the person (name, e-mail, phone, company, free text, internal notes) are
 * replaced by {@link ERASED} or cleared.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { withdrawCalendarEvents } from "~/features/calendars/event-writes.server";
import { eraseConversations } from "~/features/enquiries/conversation.server";
import { withdrawWebhookDeliveries } from "~/features/webhooks/events.server";
import { auditLog, consultationBookingManageTokens, consultationBookings, emailOutbox, enquiries } from "~/db/schema";

/** What an anonymised text field that may not be empty holds. */
export const ERASED = "[erased]";

type Executor = Database | Transaction;

/**
 * Anonymises the enquiries with these ids and scrubs their audit entries: name, e-mail and
 * message become {@link ERASED}; company and internal notes are cleared; `anonymised_at = now`.
 * Status, priority, type, spam reason and dates are kept. Their conversations (replies, the
 * person's e-mails with attachments, staff notes) are deleted, and their webhook events still
 * waiting are withdrawn. Returns how many rows changed.
 */
export async function anonymiseEnquiries(executor: Executor, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  await eraseConversations(executor, ids);
  await withdrawWebhookDeliveries(executor, { enquiryIds: ids }, now);
  const rows = await executor
    .update(enquiries)
    .set({ name: ERASED, email: ERASED, company: null, message: ERASED, internalNotes: null, anonymisedAt: now })
    .where(inArray(enquiries.id, ids))
    .returning({ id: enquiries.id });
  await scrubAuditEntries(executor, { entityType: "enquiry", entityIds: ids });
  return rows.length;
}

/**
 * Anonymises the bookings with these ids and scrubs their audit entries: name and e-mail become
 * {@link ERASED}; phone, company, project description, timeline, budget, how they heard of us,
 * special requirements, the answers to the type's questions, meeting link and notes and the
 * idempotency key are cleared, and every
 * manage link is deleted, webhook events still waiting are withdrawn, their events are removed from
 * engineers' own calendars (`withdrawCalendarEvents`); `anonymised_at = now`. Slot, status, type and dates are kept, so
 * `current_bookings` is unchanged. The caller makes sure no booking here still holds a place in a future slot.
 */
export async function anonymiseBookings(executor: Executor, ids: string[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await executor
    .update(consultationBookings)
    .set({
      name: ERASED,
      email: ERASED,
      phone: null,
      companyName: null,
      projectDescription: null,
      timeline: null,
      budgetRange: null,
      howHeardAboutUs: null,
      specialRequirements: null,
      answers: [],
      meetingLink: null,
      meetingNotes: null,
      idempotencyKey: null,
      anonymisedAt: now,
    })
    .where(inArray(consultationBookings.id, ids))
    .returning({ id: consultationBookings.id });
  await executor.delete(consultationBookingManageTokens).where(inArray(consultationBookingManageTokens.bookingId, ids));
  await withdrawWebhookDeliveries(executor, { bookingIds: ids }, now);
  await withdrawCalendarEvents(executor, ids, now);
  await scrubAuditEntries(executor, { entityType: "booking", entityIds: ids });
  return rows.length;
}

/** The fields of an `email_outbox` row once its recipient, subject and sealed body are erased. */
export const ERASED_EMAIL_FIELDS = {
  to: ERASED,
  replyTo: null,
  subject: ERASED,
  body: null,
} as const satisfies Partial<typeof emailOutbox.$inferInsert>;

/**
 * Erases the e-mails with these ids: recipient, Reply-To, subject and the sealed body are
 * blanked ({@link ERASED_EMAIL_FIELDS}); a message still `pending` is withdrawn (`failed` with a
 * reason) so it is never sent. Kind, status and dates stay. Returns how many rows changed.
 */
export async function eraseEmails(executor: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await executor
    .update(emailOutbox)
    .set({
      ...ERASED_EMAIL_FIELDS,
      eraseAfterSend: false,
      status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
      lastError: sql`case when ${emailOutbox.status} = 'pending' then 'Withdrawn: the recipient''s personal data was erased' else ${emailOutbox.lastError} end`,
    })
    .where(inArray(emailOutbox.id, ids))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Keys of audit `details` (at any depth) that hold a visitor's personal data. */
const PERSONAL_KEYS = new Set([
  "name",
  "email",
  "phone",
  "company",
  "companyName",
  "message",
  "internalNotes",
  "projectDescription",
  "specialRequirements",
  "timeline",
  "budgetRange",
  "howHeardAboutUs",
  "meetingLink",
  "meetingNotes",
]);

/**
 * A copy of audit `details` with personal values replaced by {@link ERASED}: every value under a
 * personal key, and every string that IS `address` (trimmed, case-insensitive) when given. A
 * string merely containing it is kept: `victim.ann@example.org` is not `ann@example.org`.
 */
export function scrubDetails(value: unknown, address?: string): unknown {
  const needle = address?.trim().toLowerCase();
  const walk = (v: unknown, personal: boolean): unknown => {
    if (v === null || v === undefined) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, personal));
    if (typeof v === "object") {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x, personal || PERSONAL_KEYS.has(k))]));
    }
    if (personal) return ERASED;
    if (typeof v === "string" && needle && v.trim().toLowerCase() === needle) return ERASED;
    return v;
  };
  return walk(value, false);
}

/**
 * Scrubs the `details` of audit entries ({@link scrubDetails}): those about the given records
 * (`entityType` + `entityIds`) and/or those with the given audit ids, replacing any value that is
 * `address`. Action, actor, entity and time are kept. Returns how many entries changed.
 */
export async function scrubAuditEntries(
  executor: Executor,
  target: { entityType: string; entityIds: string[]; address?: string } | { auditIds: number[]; address: string },
): Promise<number> {
  const where =
    "auditIds" in target
      ? target.auditIds.length > 0
        ? inArray(auditLog.id, target.auditIds)
        : undefined
      : target.entityIds.length > 0
        ? and(eq(auditLog.entityType, target.entityType), inArray(auditLog.entityId, target.entityIds))
        : undefined;
  if (!where) return 0;
  const entries = await executor.select({ id: auditLog.id, details: auditLog.details }).from(auditLog).where(where);
  let changed = 0;
  for (const entry of entries) {
    if (entry.details === null) continue;
    const scrubbed = scrubDetails(entry.details, target.address) as Record<string, unknown>;
    if (JSON.stringify(scrubbed) === JSON.stringify(entry.details)) continue;
    await executor.update(auditLog).set({ details: scrubbed }).where(eq(auditLog.id, entry.id));
    changed++;
  }
  return changed;
}
