/**
 * The booking changes staff make (`docs/design.md` section 6): a status, meeting link or notes
 * changed in the booking dialog, and the cancellation that comes with erasing a visitor's
 * personal data. Each keeps the invariant of `booking-core.server.ts` in one transaction and
 * records an audit entry. Staff reads of bookings are in `admin-bookings.server.ts`.
 */
import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { BOOKING_STATUSES, consultationBookings } from "~/db/schema";
import { recordBookingConfirmed } from "~/features/analytics/conversions.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { bookingEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import { bookingMailData, cancellationEmail, confirmedEmail, rescheduledEmail } from "./booking-mail.server";
import {
  holdsPlace,
  issueManageToken,
  lockBooking,
  movePlace,
  withdrawReminder,
  type BookingRow,
  type BookingStatus,
} from "./booking-core.server";
import { BookingError } from "./booking-errors.server";

/** The fields staff change in the booking detail dialog. */
export type AdminBookingUpdate = {
  status: BookingStatus;
  /** `undefined` keeps the current value; "" or null clears it. */
  meetingLink?: string | null;
  meetingNotes?: string | null;
};

/**
 * A staff member updates a booking (any of the six statuses, no restricted
 * transitions). In one transaction: locks the booking and its slot; moving into cancelled or
 * rescheduled frees the place; moving out of them takes a place again, or throws
 * `BookingError("slot_full")` when the slot has none left. Mails the visitor: confirmed (with the
 * meeting link, updated invitation and a newly issued manage link), cancelled (METHOD:CANCEL), rescheduled; a changed meeting link
 * on a confirmed booking sends an updated invitation. A change of status to confirmed, cancelled
 * or rescheduled records that webhook event. Records an audit entry.
 * Throws `BookingError("not_found")` for an unknown id. Returns the updated row.
 */
export async function updateBookingByAdmin(
  actor: AuditActor,
  bookingId: string,
  update: AdminBookingUpdate,
): Promise<BookingRow> {
  if (!(BOOKING_STATUSES as readonly string[]).includes(update.status)) {
    throw new TypeError(`Unknown booking status: ${String(update.status)}`);
  }
  const site = await getMailSettings();
  const clean = (v: string | null) => (v?.trim() ? v.trim() : null);
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
    if (!locked) throw new BookingError("not_found");
    const { booking, slot } = locked;
    const before = booking.status;
    const after = update.status;
    const heldBefore = holdsPlace(before);
    const heldAfter = holdsPlace(after);
    if (!heldBefore && heldAfter) {
      if (slot.currentBookings >= slot.maxBookings) {
        throw new BookingError(
          "slot_full",
          "This booking's time is now fully booked, so it cannot take a place again. Raise the slot's maximum bookings or book the client into another time.",
        );
      }
      await movePlace(tx, slot.id, 1);
    } else if (heldBefore && !heldAfter) {
      await movePlace(tx, slot.id, -1);
    }

    const meetingLink = update.meetingLink === undefined ? booking.meetingLink : clean(update.meetingLink);
    const meetingNotes = update.meetingNotes === undefined ? booking.meetingNotes : clean(update.meetingNotes);
    const statusChanged = before !== after;
    const linkChanged = meetingLink !== booking.meetingLink;
    const mailKind =
      after === "confirmed" && (statusChanged || linkChanged)
        ? "confirmed"
        : statusChanged && (after === "cancelled" || after === "rescheduled")
          ? after
          : null;
    const sequence = mailKind ? booking.icsSequence + 1 : booking.icsSequence;

    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: after, meetingLink, meetingNotes, icsSequence: sequence, updatedAt: new Date() })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!heldAfter) await withdrawReminder(tx, booking.id);
    if (statusChanged && after === "confirmed") await recordBookingConfirmed(tx, booking.id, booking.consultationType);

    if (mailKind) {
      const mail = bookingMailData(updated, slot);
      const message =
        mailKind === "confirmed"
          ? confirmedEmail(mail, site, sequence, await issueManageToken(tx, booking.id))
          : mailKind === "cancelled"
            ? cancellationEmail(mail, site, sequence, "staff")
            : rescheduledEmail(mail, site, sequence);
      await enqueueEmails(tx, [message]);
    }
    if (statusChanged && (after === "confirmed" || after === "cancelled" || after === "rescheduled")) {
      await recordWebhookEvent(tx, `booking.${after}`, bookingEventData(updated, slot));
    }
    await recordAudit(tx, {
      actor,
      action: statusChanged ? "booking.status_changed" : "booking.updated",
      entityType: "booking",
      entityId: booking.id,
      details: {
        from: before,
        to: after,
        ...(linkChanged ? { meetingLinkChanged: true } : {}),
        ...(meetingNotes !== booking.meetingNotes ? { notesChanged: true } : {}),
        ...(mailKind ? { mailed: mailKind } : {}),
      },
    });
    return updated;
  });
}

/**
 * Cancels a booking inside the caller's transaction because the visitor's personal data is being
 * erased: locks the booking and its slot, frees the place when the booking held one,
 * withdraws a queued reminder, raises SEQUENCE and queues the usual staff cancellation mail
 * (METHOD:CANCEL) flagged `eraseAfterSend`, so the worker blanks the message once it is sent.
 * Records a `booking.cancelled_for_erasure` audit entry without personal data. Returns false when
 * the booking does not exist or is already cancelled.
 */
export async function cancelBookingForErasure(
  tx: Transaction,
  actor: AuditActor,
  bookingId: string,
  { site, now }: { site: SiteSettings; now: Date },
): Promise<boolean> {
  const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
  if (!locked || locked.booking.status === "cancelled") return false;
  const { booking, slot } = locked;
  const sequence = booking.icsSequence + 1;
  const [updated] = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", icsSequence: sequence, updatedAt: now })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  if (holdsPlace(booking.status)) await movePlace(tx, slot.id, -1);
  await withdrawReminder(tx, booking.id);
  await enqueueEmails(tx, [
    { ...cancellationEmail(bookingMailData(updated, slot), site, sequence, "staff"), eraseAfterSend: true },
  ]);
  await recordAudit(tx, {
    actor,
    action: "booking.cancelled_for_erasure",
    entityType: "booking",
    entityId: booking.id,
    details: { from: booking.status, to: "cancelled", mailed: "cancelled" },
  });
  return true;
}
