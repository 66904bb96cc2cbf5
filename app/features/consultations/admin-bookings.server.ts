/**
 * Staff reads of consultation bookings (`shared/spec/booking-and-admin.md` sections 2, 3, 5 and 7:
 * Admin list bookings). Changes go through `updateBookingByAdmin` in `bookings.server.ts`.
 *
 * Slot `date` (`yyyy-mm-dd`) and `startTime`/`endTime` (`HH:MM`) are Europe/London wall-clock.
 */
import { containsPattern } from "~/db/sql";
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { BOOKING_STATUSES, consultationBookings } from "~/db/schema";
import { selectBookingsWithSlot, type BookingWithSlotRow } from "./booking-rows.server";

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A booking with its slot's date and times (`HH:MM`), as the list and the detail dialog show it:
 * the shared projection of `booking-rows.server.ts`.
 */
export type AdminBooking = Omit<BookingWithSlotRow, "startTime" | "endTime"> & { startTime: string; endTime: string };

const b = consultationBookings;

const toBooking = (r: BookingWithSlotRow): AdminBooking => ({
  ...r,
  startTime: r.startTime.slice(0, 5),
  endTime: r.endTime.slice(0, 5),
});

/** `%` and `_` typed by staff match themselves, not any text. */

export type BookingListQuery = {
  /** Matches name, email or consultation type, case-insensitively, anywhere in the text. */
  q?: string | null;
  /** One of the six statuses; anything else (or "all") means no filter. */
  status?: string | null;
  /** Page size (default 50) and 1-based page. */
  limit?: number;
  page?: number;
};

/**
 * Bookings newest `created_at` first with their slot's date and times, filtered in SQL.
 * Returns one page and the total number matching (the 'N bookings found' count).
 */
export async function listBookings(query: BookingListQuery = {}): Promise<{ bookings: AdminBooking[]; total: number }> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(or(ilike(b.name, pattern), ilike(b.email, pattern), ilike(b.consultationType, pattern))!);
  }
  if (query.status && (BOOKING_STATUSES as readonly string[]).includes(query.status)) {
    conditions.push(eq(b.status, query.status as BookingStatus));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const page = Math.max(query.page ?? 1, 1);
  const [rows, [{ total }]] = await Promise.all([
    selectBookingsWithSlot()
      .where(where)
      .orderBy(desc(b.createdAt), desc(b.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(b).where(where),
  ]);
  return { bookings: rows.map(toBooking), total: Number(total) };
}

/** One booking with its slot's date and times, or null when there is none with that id. */
export async function getBooking(id: string): Promise<AdminBooking | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await selectBookingsWithSlot().where(eq(b.id, id));
  return row ? toBooking(row) : null;
}
