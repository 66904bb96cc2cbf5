/**
 * Erasing a person (UK GDPR article 17): every record about their e-mail address
 * (`findSubjectRecords`) is anonymised in ONE transaction, so statistics and slot capacity counts
 * stay right and nothing is half-erased.
 *
 * Order inside the transaction:
 * 1. A booking holding a place in a slot that has not started is never anonymised as it is: staff
 *    must agree to cancel those first (`cancelFutureBookings`), or the erasure is refused. Each is
 *    cancelled through the booking rules (place freed, reminder withdrawn, the usual cancellation
 *    mail queued with `erase_after_send`, so the worker blanks it once sent).
 * 2. Enquiries and bookings are anonymised; their audit entries scrubbed; waiting-list entries are
 *    deleted (with the times offered and their leave links).
 * 3. Every other e-mail about them is blanked; one still queued is withdrawn and never sent.
 * 4. Audit entries naming the address are scrubbed.
 * 5. A `data_subject.erased` audit entry records the counts, never the erased data.
 */
import { and, eq, inArray, not } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { cancelBookingForErasure } from "~/features/consultations/bookings/index.server";
import { deleteEntries } from "~/features/consultations/waiting-list/index.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { anonymiseBookings, anonymiseEnquiries, eraseEmails, scrubAuditEntries } from "./anonymise.server";
import { findSubjectRecords } from "./subject-access.server";
import { erasurePreview, type ErasureCounts } from "./subject-access-summary.server";

/** Why an erasure was refused; nothing was changed. `status` is the HTTP answer. */
export type ErasureRefusal = {
  ok: false;
  reason: "not_found" | "future_bookings" | "changed";
  status: 404 | 409;
  message: string;
  futureBookings: number;
};

export type ErasureResult = { ok: true; counts: ErasureCounts } | ErasureRefusal;

/**
 * Erases every record about `email` (see the module comment) at `now`, in one transaction.
 * `expectedFutureBookings` is the number the confirmation showed: a different number now refuses
 * with `changed` (409) so staff never cancel a booking they were not shown. Refuses with
 * `future_bookings` (409) when there are future bookings and `cancelFutureBookings` is false, and
 * with `not_found` (404) when no record mentions the address.
 */
export async function erasePerson(
  actor: AuditActor,
  request: { email: string; cancelFutureBookings: boolean; expectedFutureBookings: number },
  { now = new Date() }: { now?: Date } = {},
): Promise<ErasureResult> {
  // Read before the transaction: PGlite runs one statement stream at a time.
  const site = await getSiteSettings();
  return db.transaction(async (tx): Promise<ErasureResult> => {
    const records = await findSubjectRecords(request.email, { executor: tx, now });
    const counts = erasurePreview(records);
    const future = records.bookings.filter((b) => b.holdsFuturePlace);
    const refuse = (reason: ErasureRefusal["reason"], status: 404 | 409, message: string): ErasureRefusal => ({
      ok: false,
      reason,
      status,
      message,
      futureBookings: future.length,
    });
    if (counts.enquiries + counts.bookings + counts.waitingList + counts.emails + counts.auditEntries === 0) {
      return refuse("not_found", 404, "No records mention that e-mail address.");
    }
    if (future.length !== request.expectedFutureBookings) {
      return refuse("changed", 409, "This person's bookings changed since you searched. Search again and check what will be erased.");
    }
    if (future.length > 0 && !request.cancelFutureBookings) {
      return refuse(
        "future_bookings",
        409,
        `This person has ${future.length} upcoming ${future.length === 1 ? "booking" : "bookings"}. Agree to cancel ${future.length === 1 ? "it" : "them"} and notify the person, or erase after ${future.length === 1 ? "it has" : "they have"} taken place.`,
      );
    }

    for (const booking of future) await cancelBookingForErasure(tx, actor, booking.id, { site, now });
    await anonymiseEnquiries(tx, records.enquiries.map((e) => e.id), now);
    await anonymiseBookings(tx, records.bookings.map((b) => b.id), now);
    await deleteEntries(tx, records.waitingList.map((w) => w.id));

    // The cancellations just queued are kept until sent (then blanked by the worker).
    const emailIds = records.emails.map((m) => m.id);
    const toErase = emailIds.length
      ? await tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(inArray(emailOutbox.id, emailIds), not(eq(emailOutbox.eraseAfterSend, true))))
      : [];
    await eraseEmails(tx, toErase.map((m) => m.id));
    await scrubAuditEntries(tx, { auditIds: records.audit.map((a) => a.id), address: records.email });

    await recordAudit(tx, { actor, action: "data_subject.erased", entityType: "data_subject", details: { ...counts } });
    return { ok: true, counts };
  });
}
