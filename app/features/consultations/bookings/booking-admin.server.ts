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
import { bookingDurationMinutes, bookingMailData, cancellationEmail, confirmedEmail, rescheduledEmail, engineerNotices } from "../mail/index.server";
import { holdsPlace, issueManageToken, lockBooking, markCancelled, movePlace, withdrawReminder, type BookingRow, type BookingStatus, BookingError, type InviteStatus } from "../core/index.server";
import { selectBookingsWithSlot } from "./booking-rows.server";
import { assignEngineer, planAssignment, type AssignmentPlan, readDiaries } from "../availability/index.server";
import { queueCalendarWrite, engineerRoom, JITSI_ORIGIN, jitsiRoom, newMeetingLink } from "../engineers/index.server";
import { freeToTake } from "./reassign.server";

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
  const plan = await planForBooking(bookingId, site);
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
    if (!locked) throw new BookingError("not_found");
    const { booking, slot } = locked;
    const before = booking.status;
    const after = update.status;
    const heldBefore = holdsPlace(before);
    const heldAfter = holdsPlace(after);
    let engineerId = booking.engineerId;
    if (!heldBefore && heldAfter) {
      if (slot.currentBookings >= slot.maxBookings) {
        throw new BookingError(
          "slot_full",
          "This booking's time is now fully booked, so it cannot take a place again. Raise the slot's maximum bookings or book the client into another time.",
        );
      }
      if (plan) {
        engineerId = await assignEngineer(tx, slot, plan, { now: new Date(), bookingId: booking.id, prefer: booking.engineerId, staff: true }).catch((error) => {
          if (error instanceof BookingError && error.code === "no_engineer") throw new BookingError("no_engineer", NO_ENGINEER_FOR_STAFF);
          throw error;
        });
      }
      await movePlace(tx, slot.id, 1);
    } else if (heldBefore && !heldAfter) {
      await movePlace(tx, slot.id, -1);
    }

    let meetingLink = update.meetingLink === undefined ? booking.meetingLink : clean(update.meetingLink);
    // Confirming a booking an engineer takes makes its meeting link when staff gave none.
    if (after === "confirmed" && !meetingLink && engineerId && before !== "confirmed") meetingLink = await newMeetingLink(tx, engineerId, site);
    const meetingNotes = update.meetingNotes === undefined ? booking.meetingNotes : clean(update.meetingNotes);
    const statusChanged = before !== after;
    const linkChanged = meetingLink !== booking.meetingLink;
    const mailKind =
      after === "confirmed" && (statusChanged || linkChanged)
        ? "confirmed"
        : statusChanged && (after === "cancelled" || after === "rescheduled")
          ? after
          : null;
    // The engineer hears of every change to their diary: taken on again, confirmed, freed.
    const engineerStatus: InviteStatus | null = !engineerId
      ? null
      : heldBefore && !heldAfter
        ? "CANCELLED"
        : !heldBefore && heldAfter
          ? after === "confirmed"
            ? "CONFIRMED"
            : "TENTATIVE"
          : mailKind === "confirmed"
            ? "CONFIRMED"
            : null;
    const sequence = mailKind || engineerStatus ? booking.icsSequence + 1 : booking.icsSequence;

    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: after, meetingLink, meetingNotes, engineerId, icsSequence: sequence, updatedAt: new Date() })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (engineerStatus) {
      const freed = engineerStatus === "CANCELLED";
      await enqueueEmails(
        tx,
        await engineerNotices(tx, bookingMailData(updated, slot), site, {
          from: freed ? engineerId : booking.engineerId,
          to: freed ? null : engineerId,
          status: engineerStatus,
          sequence,
        }),
      );
    }
    if (!heldAfter) await withdrawReminder(tx, booking.id);
    await queueCalendarWrite(tx, booking.id, site);
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
  const { updated, sequence } = await markCancelled(tx, booking, now);
  if (holdsPlace(booking.status)) await movePlace(tx, slot.id, -1);
  await withdrawReminder(tx, booking.id);
  await queueCalendarWrite(tx, booking.id, site, now);
  const mail = bookingMailData(updated, slot);
  const engineer = holdsPlace(booking.status)
    ? await engineerNotices(tx, mail, site, { from: booking.engineerId, to: null, status: "CANCELLED", sequence })
    : [];
  await enqueueEmails(tx, [cancellationEmail(mail, site, sequence, "staff"), ...engineer].map((m) => ({ ...m, eraseAfterSend: true })));
  await recordAudit(tx, {
    actor,
    action: "booking.cancelled_for_erasure",
    entityType: "booking",
    entityId: booking.id,
    details: { from: booking.status, to: "cancelled", mailed: "cancelled" },
  });
  return true;
}

const NO_ENGINEER_FOR_STAFF =
  "Nobody who takes this consultation type is free at this booking's time, so it cannot take a place again. Free an engineer or book the client into another time.";

/** The engineers' side of a staff change to a booking, read before its transaction (`planAssignment`); null while engineer mode is off. */
async function planForBooking(bookingId: string, site: SiteSettings): Promise<AssignmentPlan | null> {
  const [row] = await selectBookingsWithSlot().where(eq(consultationBookings.id, bookingId));
  if (!row) return null;
  return planAssignment({ typeId: row.consultationTypeId, durationMinutes: bookingDurationMinutes(row.durationMinutes, row), bookingId }, row.date, site.openedBankHolidays);
}

/**
 * Staff give booking `bookingId` to engineer `engineerId`. One transaction: locks the booking,
 * its slot and, as `assignEngineer` does, every engineer of its type (rows `FOR UPDATE` in id
 * order), then re-reads their diaries: the new engineer must be free to take it (`freeToTake`:
 * takes the type, working, not off, calendar free, no booking too close, under the daily cap; its
 * own time aside; staff are not held to the notice and horizon). Raises SEQUENCE.
 * On a confirmed booking a meeting link staff typed stays; one made for the old engineer (their
 * room, or a Jitsi room when the new engineer's own room is to be used) is replaced, and the
 * visitor is sent the confirmation again with the new link; the old engineer is sent a cancellation and the
 * new one the invitation. Records `booking.reassigned`. Throws `BookingError`: "not_found", or
 * "no_engineer" (409) with a message for staff when the engineer does not take the type or is
 * not free at its time.
 */
export async function reassignBooking(actor: AuditActor, bookingId: string, engineerId: string): Promise<BookingRow> {
  const site = await getMailSettings();
  const plan = await planForBooking(bookingId, site);
  const notTaken = () => new BookingError("no_engineer", "That engineer does not take this consultation type. Choose someone from the list.");
  if (!plan) throw notTaken();
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
    if (!locked) throw new BookingError("not_found");
    const { booking, slot } = locked;
    if (!holdsPlace(booking.status)) throw new BookingError("no_engineer", "Only a booking that holds its time can be given to an engineer.");
    if (booking.engineerId === engineerId) return booking;
    if (!plan.eligibleIds.includes(engineerId)) throw notTaken();
    const diaries = await readDiaries(tx, plan.eligibleIds, { from: slot.date, to: slot.date, busy: plan.busy, lock: true });
    const diary = diaries.find((d) => d.id === engineerId);
    const wanted = { id: booking.id, engineerId: booking.engineerId, date: slot.date, startTime: slot.startTime, endTime: slot.endTime, durationMinutes: booking.durationMinutes };
    if (!diary || !freeToTake(diary, wanted, plan.rules)) {
      throw new BookingError(
        "no_engineer",
        "That engineer is no longer free at this booking's time (their hours, a day off, their calendar, another booking or their daily limit). Choose someone from the list.",
      );
    }
    // A link staff typed stays. A link made from the old engineer's room goes with them; a Jitsi
    // room stays unless the new engineer's own room is to be used.
    const oldRoom = booking.engineerId ? await engineerRoom(tx, booking.engineerId) : null;
    const fromOldRoom = oldRoom !== null && booking.meetingLink === oldRoom;
    const made = !booking.meetingLink || fromOldRoom || booking.meetingLink.startsWith(`${JITSI_ORIGIN}/`);
    const newRoom = site.meetingLinks === "personal_room" ? await engineerRoom(tx, engineerId) : null;
    let meetingLink = booking.meetingLink;
    if (booking.status === "confirmed" && made) meetingLink = newRoom ?? (fromOldRoom || !booking.meetingLink ? jitsiRoom() : booking.meetingLink);
    const sequence = booking.icsSequence + 1;
    const [updated] = await tx
      .update(consultationBookings)
      .set({ engineerId, meetingLink, icsSequence: sequence, updatedAt: new Date() })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    const mail = bookingMailData(updated, slot);
    const status: InviteStatus = updated.status === "confirmed" ? "CONFIRMED" : "TENTATIVE";
    const messages = await engineerNotices(tx, mail, site, { from: booking.engineerId, to: engineerId, status, sequence, fromMail: bookingMailData(booking, slot) });
    if (meetingLink !== booking.meetingLink) messages.push(confirmedEmail(mail, site, sequence, await issueManageToken(tx, booking.id)));
    await enqueueEmails(tx, messages);
    await queueCalendarWrite(tx, booking.id, site);
    await recordAudit(tx, {
      actor,
      action: "booking.reassigned",
      entityType: "booking",
      entityId: booking.id,
      details: { from: booking.engineerId, to: engineerId, ...(meetingLink !== booking.meetingLink ? { meetingLinkChanged: true } : {}) },
    });
    return updated;
  });
}
