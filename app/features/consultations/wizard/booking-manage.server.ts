/**
 * The visitor's own booking, opened by a manage link (`docs/design.md` section 6): what the
 * manage page shows, the visitor's cancellation and their move to another time. Each change is
 * one transaction keeping the invariant of `booking-core.server.ts`; a refusal is returned, never
 * thrown, and changes nothing.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { clientKey, exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { recordAudit } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { bookingEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import { bookingDurationMinutes, bookingMailData, staffRescheduleNotificationEmails, cancellationEmail, visitorRescheduleEmail, engineerNotices } from "../mail/index.server";
import { lockBooking, markCancelled, movePlace, openedBy, slotRefusal, withdrawReminder, type BookingRow, type BookingStatus, type SlotRow, BookingError, bookingErrorMessage, isSlotProblem, type BookingErrorCode } from "../core/index.server";
import { assignEngineer, planAssignment, type AssignmentPlan } from "../availability/index.server";
import { queueCalendarWrite } from "../engineers/index.server";
import { bookingEndTime } from "../bookings/index.server";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { londonInstant } from "~/utils/time";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the visitor's manage page shows about a booking. `date`, `startTime` (the slot's) and
 * `endTime` (the booking's own end: its start plus its length) are London wall-clock.
 */
export type ManagedBooking = {
  id: string;
  /** The slot the booking holds. */
  availabilityId: string;
  name: string;
  consultationType: string;
  /** The type's id, for the engineers' rules (null once the type is deleted). */
  consultationTypeId: string | null;
  status: BookingStatus;
  date: string;
  startTime: string;
  endTime: string;
  durationMinutes: number | null;
  /** The meeting link staff set (https), only while the booking is confirmed; null otherwise. */
  meetingLink: string | null;
};

/** The booking a manage token opens, or null for a wrong token. */
export async function getBookingByToken(token: string): Promise<ManagedBooking | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ booking: consultationBookings, slot: consultationAvailability })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(openedBy(token));
  return row ? managed(row.booking, row.slot) : null;
}

/** The outcome of a visitor's cancellation; never thrown. */
export type CancelResult =
  | { ok: true; booking: ManagedBooking }
  | { ok: false; reason: "not_found" | "already_cancelled" | "not_cancellable" | "started" };

/**
 * The visitor cancels through the manage link: only a pending or confirmed booking that has not
 * started. Frees the place (and its engineer), raises SEQUENCE and queues a cancellation with
 * METHOD:CANCEL to the visitor and to the engineer who took it, notifies nobody else, withdraws a
 * queued reminder, records the `booking.cancelled` webhook event and an audit entry (actor:
 * system). One transaction.
 */
export async function cancelBookingByToken(token: string, { now = new Date() }: { now?: Date } = {}): Promise<CancelResult> {
  if (!token || token.length > 200) return { ok: false, reason: "not_found" };
  const site = await getMailSettings();
  return db.transaction(async (tx): Promise<CancelResult> => {
    const locked = await lockBooking(tx, openedBy(token));
    if (!locked) return { ok: false, reason: "not_found" };
    const { booking, slot } = locked;
    if (booking.status === "cancelled") return { ok: false, reason: "already_cancelled" };
    if (booking.status !== "pending" && booking.status !== "confirmed") return { ok: false, reason: "not_cancellable" };
    if (londonInstant(slot.date, slot.startTime).getTime() <= now.getTime()) return { ok: false, reason: "started" };

    const { updated, sequence } = await markCancelled(tx, booking, now);
    await movePlace(tx, slot.id, -1);
    await withdrawReminder(tx, booking.id);
    const mail = bookingMailData(updated, slot);
    const engineer = await engineerNotices(tx, mail, site, { from: booking.engineerId, to: null, status: "CANCELLED", sequence });
    await enqueueEmails(tx, [cancellationEmail(mail, site, sequence, "visitor"), ...engineer]);
    await queueCalendarWrite(tx, booking.id, site, now);
    await recordWebhookEvent(tx, "booking.cancelled", bookingEventData(updated, slot), now);
    await recordAudit(tx, {
      actor: null,
      action: "booking.cancelled_by_visitor",
      entityType: "booking",
      entityId: booking.id,
      details: { from: booking.status, to: "cancelled" },
    });
    return { ok: true, booking: managed(updated, slot) };
  });
}

/** What the manage page shows of booking `b` held in `slot`; the meeting link only once confirmed. */
function managed(b: BookingRow, slot: SlotRow): ManagedBooking {
  return {
    id: b.id,
    availabilityId: slot.id,
    name: b.name,
    consultationType: b.consultationType,
    consultationTypeId: b.consultationTypeId,
    status: b.status,
    date: slot.date,
    startTime: slot.startTime,
    endTime: bookingEndTime({ ...slot, durationMinutes: b.durationMinutes }),
    durationMinutes: b.durationMinutes,
    // Staff can only save https links; an older row's link of another kind is never shown.
    meetingLink: b.status === "confirmed" && b.meetingLink && /^https:\/\//i.test(b.meetingLink) ? b.meetingLink : null,
  };
}

/**
 * Why a visitor's reschedule was refused: a booking-state reason, a rate limit
 * (`reschedule_client_limit`, `reschedule_booking_limit`: HTTP 429), or a slot problem code.
 */
export type RescheduleRefusal =
  | "not_found"
  | "already_cancelled"
  | "not_reschedulable"
  | "started"
  | "same_slot"
  | "reschedule_client_limit"
  | "reschedule_booking_limit"
  | BookingErrorCode;

/** The outcome of a visitor's reschedule; never thrown for a broken rule. */
export type RescheduleResult =
  | { ok: true; booking: ManagedBooking; previous: { date: string; startTime: string } }
  | { ok: false; reason: RescheduleRefusal; message: string; slotProblem: boolean };

/**
 * Why a booking cannot be moved at `now` (cancelled, not pending/confirmed, or already started),
 * or null when it can. `date`/`startTime` are its slot's London wall-clock start.
 */
export function rescheduleBlocker(
  booking: { status: BookingStatus; date: string; startTime: string },
  now: Date = new Date(),
): "already_cancelled" | "not_reschedulable" | "started" | null {
  if (booking.status === "cancelled") return "already_cancelled";
  if (booking.status !== "pending" && booking.status !== "confirmed") return "not_reschedulable";
  if (londonInstant(booking.date, booking.startTime).getTime() <= now.getTime()) return "started";
  return null;
}

/** The message a visitor reads for a reschedule refusal, in `language` (English by default). */
export function rescheduleMessage(reason: RescheduleRefusal, language: Language = DEFAULT_LANGUAGE): string {
  const locale = { locale: language };
  switch (reason) {
    case "not_found":
      return bookingErrorMessage("not_found", language);
    case "already_cancelled":
      return m.reschedule_already_cancelled({}, locale);
    case "not_reschedulable":
      return m.reschedule_not_reschedulable({}, locale);
    case "started":
      return m.reschedule_started({}, locale);
    case "same_slot":
      return m.reschedule_same_slot({}, locale);
    case "reschedule_client_limit":
      return m.reschedule_client_limit({}, locale);
    case "reschedule_booking_limit":
      return m.reschedule_booking_limit({}, locale);
    default:
      return bookingErrorMessage(reason, language);
  }
}

/** A limit tripped inside the reschedule's transaction: thrown so the transaction rolls back. */
class RescheduleLimitError extends Error {
  constructor(readonly reason: "reschedule_client_limit" | "reschedule_booking_limit") {
    super(reason);
  }
}

/**
 * The visitor moves their booking to another slot through the manage link. ONE
 * transaction: locks the booking, then both slot rows in id order (so two visitors swapping slots
 * cannot deadlock), refuses a booking that is cancelled, not pending/confirmed or already started,
 * and re-checks the new slot exactly as `createBooking` does (available, not past, outside the
 * notice, inside the window, a place left). Then frees the old place and takes the new one, sets
 * the booking back to `pending` with its meeting link cleared (once engineers are set up, the
 * new slot needs a free eligible engineer: the booking keeps its engineer when they are free,
 * else is reassigned by the round robin), raises SEQUENCE, clears
 * `reminder_sent_at` and withdraws a queued reminder (so the 24-hour reminder follows the new
 * time), queues the visitor's updated invitation (same UID, TENTATIVE) and the staff
 * notifications, and records the `booking.rescheduled` webhook event and an audit entry (actor:
 * system). A refusal changes nothing.
 *
 * Rate limits (ADR 0011's pattern): a move that passes every rule above still counts
 * against `LIMITS.reschedulePerClient` (the client's IPv4 address or IPv6 /64, `clientIp`) and
 * `LIMITS.reschedulePerBooking` (this booking) in the same transaction; tripping either refuses it
 * with `reschedule_client_limit` / `reschedule_booking_limit` and rolls back, so nothing moves,
 * nothing is mailed and the refused attempt does not count.
 */
export async function rescheduleBookingByToken(
  token: string,
  newSlotId: string,
  { now = new Date(), clientIp }: { now?: Date; clientIp: string },
): Promise<RescheduleResult> {
  const refuse = (reason: RescheduleRefusal): RescheduleResult => ({
    ok: false,
    reason,
    message: rescheduleMessage(reason),
    slotProblem: isSlotProblem(reason),
  });
  if (!token || token.length > 200) return refuse("not_found");
  if (!UUID_RE.test(newSlotId)) return refuse("unknown_slot");
  const site = await getMailSettings();
  try {
    const plan = await planMove(token, newSlotId, site);
    return await moveBooking(token, newSlotId, { now, clientIp, site, refuse, plan });
  } catch (error) {
    if (error instanceof RescheduleLimitError) return refuse(error.reason);
    if (error instanceof BookingError) return refuse(error.code);
    throw error;
  }
}

/**
 * The engineers' side of a move, read before its transaction: who may take the booking's type at
 * the new slot's date and their busy times (`planAssignment`), or null while engineer mode is off
 * or the booking or slot is unknown (the transaction refuses those).
 */
async function planMove(token: string, newSlotId: string, site: SiteSettings): Promise<(AssignmentPlan & { date: string }) | null> {
  const [row] = await db
    .select({ booking: consultationBookings, slot: consultationAvailability })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(openedBy(token));
  const [target] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, newSlotId));
  if (!row || !target) return null;
  const wanted = { typeId: row.booking.consultationTypeId, durationMinutes: bookingDurationMinutes(row.booking.durationMinutes, row.slot), bookingId: row.booking.id };
  const plan = await planAssignment(wanted, target.date, site.openedBankHolidays);
  return plan && { ...plan, date: target.date };
}

/** The transaction of `rescheduleBookingByToken`; throws `RescheduleLimitError` to roll back. */
async function moveBooking(
  token: string,
  newSlotId: string,
  {
    now,
    clientIp,
    site,
    refuse,
    plan,
  }: {
    now: Date;
    clientIp: string;
    site: SiteSettings;
    refuse: (reason: RescheduleRefusal) => RescheduleResult;
    plan: (AssignmentPlan & { date: string }) | null;
  },
): Promise<RescheduleResult> {
  return db.transaction(async (tx): Promise<RescheduleResult> => {
    const [booking] = await tx
      .select()
      .from(consultationBookings)
      .where(openedBy(token))
      .for("update");
    if (!booking) return refuse("not_found");

    const locked = new Map<string, SlotRow>();
    for (const id of [...new Set([booking.availabilityId, newSlotId])].sort()) {
      const [row] = await tx.select().from(consultationAvailability).where(eq(consultationAvailability.id, id)).for("update");
      if (row) locked.set(id, row);
    }
    const old = locked.get(booking.availabilityId)!;
    const blocked = rescheduleBlocker({ status: booking.status, date: old.date, startTime: old.startTime }, now);
    if (blocked) return refuse(blocked);
    if (booking.availabilityId === newSlotId) return refuse("same_slot");
    const target = locked.get(newSlotId);
    const refusal = slotRefusal(target, now, site);
    if (refusal) return refuse(refusal);
    let engineerId = booking.engineerId;
    if (plan) {
      if (target!.date !== plan.date) return refuse("unavailable_slot");
      // Throws BookingError (no free engineer, a closed date, the type's notice or horizon).
      engineerId = await assignEngineer(tx, target!, plan, { now, bookingId: booking.id, prefer: booking.engineerId });
    }
    if (await exceedsLimit(tx, `reschedule:client:${clientKey(clientIp)}`, LIMITS.reschedulePerClient, now)) {
      throw new RescheduleLimitError("reschedule_client_limit");
    }
    if (await exceedsLimit(tx, `reschedule:booking:${booking.id}`, LIMITS.reschedulePerBooking, now)) {
      throw new RescheduleLimitError("reschedule_booking_limit");
    }

    const [updated] = await tx
      .update(consultationBookings)
      .set({
        availabilityId: target!.id,
        status: "pending",
        meetingLink: null,
        engineerId,
        icsSequence: booking.icsSequence + 1,
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    await movePlace(tx, old.id, -1);
    await movePlace(tx, target!.id, 1);
    await withdrawReminder(tx, booking.id, "Booking moved before the reminder was sent");
    const previous = { date: old.date, startTime: old.startTime };
    const mail = bookingMailData(updated, target!);
    const engineer = await engineerNotices(tx, mail, site, {
      from: booking.engineerId,
      to: engineerId,
      status: "TENTATIVE",
      sequence: updated.icsSequence,
      fromMail: bookingMailData(updated, old),
    });
    await enqueueEmails(tx, [visitorRescheduleEmail(mail, site, token, previous), ...staffRescheduleNotificationEmails(mail, site, previous), ...engineer]);
    await queueCalendarWrite(tx, booking.id, site, now);
    await recordWebhookEvent(tx, "booking.rescheduled", bookingEventData(updated, target!, previous), now);
    await recordAudit(tx, {
      actor: null,
      action: "booking.rescheduled_by_visitor",
      entityType: "booking",
      entityId: booking.id,
      details: { from: booking.status, to: "pending", fromSlot: old.id, toSlot: target!.id },
    });
    return { ok: true, booking: managed(updated, target!), previous };
  });
}
