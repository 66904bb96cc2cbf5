/**
 * The pieces every booking change shares (`docs/design.md` section 6): which statuses hold a
 * place, whether a slot can take a booking, the manage links (only their hashes are stored) and
 * the locks and counters the create, manage and staff modules use inside their transactions.
 *
 * Invariant kept in every transaction of those modules: a slot's `current_bookings` equals the
 * number of its bookings whose status holds a place (`holdsPlace`). Every change locks the rows it
 * reads (`SELECT ... FOR UPDATE`, bookings before slots), so simultaneous requests cannot
 * overbook. Mail is queued in the same transaction through the outbox, so a mail failure never
 * loses or blocks a booking.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import {
  BOOKING_STATUSES,
  consultationAvailability,
  consultationBookingManageTokens,
  consultationBookings,
  emailOutbox,
} from "~/db/schema";
import type { SiteSettings } from "~/features/settings/schema";
import type { BookingErrorCode } from "./booking-errors.server";
import { isOutsideNotice, lastBrowsableWeekStart, WEEK_DAYS } from "./booking-window";
import { addDays, londonInstant } from "~/utils/time";

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold a place in their slot; cancelled and rescheduled free it. */
export const PLACE_HOLDING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed", "completed", "no_show"];

/** True when a booking in `status` counts towards its slot's `current_bookings`. */
export function holdsPlace(status: BookingStatus): boolean {
  return PLACE_HOLDING_STATUSES.includes(status);
}

/** A slot row as stored (`consultation_availability`). */
export type SlotRow = typeof consultationAvailability.$inferSelect;

/**
 * Why `slot` cannot take a new booking at `now`, or null when it can (`docs/design.md`
 * section 6): it must exist, be available, not have started, start outside the minimum
 * notice, lie within the booking window (`bookingWeeksAhead` weeks counting the current one) and
 * have a place left. Call it on a slot row locked `FOR UPDATE`.
 */
export function slotRefusal(slot: SlotRow | undefined, now: Date, site: SiteSettings): BookingErrorCode | null {
  if (!slot) return "unknown_slot";
  if (!slot.isAvailable) return "unavailable_slot";
  if (londonInstant(slot.date, slot.startTime).getTime() <= now.getTime()) return "past_slot";
  if (!isOutsideNotice(slot.date, slot.startTime, now, site.minimumNoticeHours)) return "inside_notice";
  if (slot.date > addDays(lastBrowsableWeekStart(now, site.bookingWeeksAhead), WEEK_DAYS - 1)) return "outside_window";
  if (slot.currentBookings >= slot.maxBookings) return "slot_full";
  return null;
}

/** The stored booking returned to callers. */
export type BookingRow = typeof consultationBookings.$inferSelect;

/** SHA-256 (hex) of a manage token; only the hash is stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a new manage link for `bookingId` inside the caller's transaction: a random 32-byte token
 * (base64url), of which only the hash is stored (`consultation_booking_manage_tokens`). Returns the
 * raw token, to be mailed; the booking's earlier links keep working.
 */
export async function issueManageToken(tx: Transaction, bookingId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(consultationBookingManageTokens).values({ tokenHash: hashToken(token), bookingId });
  return token;
}

/** SQL: the booking is the one `token` (any of its manage links) opens. */
export function openedBy(token: string) {
  return inArray(
    consultationBookings.id,
    db
      .select({ id: consultationBookingManageTokens.bookingId })
      .from(consultationBookingManageTokens)
      .where(eq(consultationBookingManageTokens.tokenHash, hashToken(token))),
  );
}

/** True when `token` is one of the manage links of `bookingId`. */
export async function isManageTokenOf(bookingId: string, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultationBookingManageTokens.bookingId })
    .from(consultationBookingManageTokens)
    .where(and(eq(consultationBookingManageTokens.tokenHash, hashToken(token)), eq(consultationBookingManageTokens.bookingId, bookingId)));
  return Boolean(row);
}

/** Locks a booking and its slot (in that order: every change locks bookings before slots). */
export async function lockBooking(tx: Transaction, where: SQL) {
  const [booking] = await tx.select().from(consultationBookings).where(where).for("update");
  if (!booking) return null;
  const [slot] = await tx
    .select()
    .from(consultationAvailability)
    .where(eq(consultationAvailability.id, booking.availabilityId))
    .for("update");
  return { booking, slot: slot! };
}

/**
 * Marks `booking` cancelled at `now` inside `tx` and raises its SEQUENCE by one, the number the
 * cancelling invitation (METHOD:CANCEL) carries. Returns the updated row and that sequence; the
 * caller frees the place and sends the mail.
 */
export async function markCancelled(tx: Transaction, booking: BookingRow, now: Date): Promise<{ updated: BookingRow; sequence: number }> {
  const sequence = booking.icsSequence + 1;
  const [updated] = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", icsSequence: sequence, updatedAt: now })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  return { updated: updated!, sequence };
}

/** Adds `delta` (+1 or -1) to a slot's `current_bookings`. */
export async function movePlace(tx: Transaction, slotId: string, delta: 1 | -1) {
  await tx
    .update(consultationAvailability)
    .set({ currentBookings: sql`${consultationAvailability.currentBookings} + ${delta}`, updatedAt: new Date() })
    .where(eq(consultationAvailability.id, slotId));
}

/**
 * Withdraws a queued, not yet claimed reminder (dedupe keys `reminder:{id}` and
 * `reminder:{id}:{start}`), so none is sent after a cancellation or for a time left behind.
 */
export async function withdrawReminder(tx: Transaction, bookingId: string, why = "Booking cancelled before the reminder was sent") {
  await tx
    .update(emailOutbox)
    .set({ status: "failed", lastError: why })
    .where(
      and(like(emailOutbox.dedupeKey, `reminder:${bookingId}%`), eq(emailOutbox.status, "pending"), eq(emailOutbox.attempts, 0)),
    );
}
