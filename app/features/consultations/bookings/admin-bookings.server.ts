/**
 * Staff reads of consultation bookings (the list, its CSV export, the dashboard). Changes go through
 * `updateBookingByAdmin` in `booking-admin.server.ts`.
 *
 * Slot `date` (`yyyy-mm-dd`) and `startTime` (`HH:MM`) are Europe/London wall-clock; `endTime` is the
 * booking's own end (its start plus its length), not its slot's.
 */
import { containsPattern } from "~/db/sql";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { BOOKING_STATUSES, consultationAvailability, consultationBookings } from "~/db/schema";
import type { BookingSort, BookingWhen } from "./admin-booking-list";
import { bookingEndTime, selectBookingsWithSlot, type BookingWithSlotRow } from "./booking-rows.server";
import { PLACE_HOLDING_STATUSES, type BookingStatus } from "../core/index.server";
import { answersText } from "../questions/index.server";
import { csvStream } from "~/utils/csv.server";
import { addDays, londonTimeOfDay, londonToday } from "~/utils/time";

/**
 * A booking with its slot's date and start time and the booking's own end (`HH:MM`, from its
 * length, not the slot's end), as the list, the detail dialog and the dashboard show it: the
 * shared projection of `booking-rows.server.ts`.
 */
export type AdminBooking = Omit<BookingWithSlotRow, "startTime" | "endTime"> & { startTime: string; endTime: string };

const b = consultationBookings;
const a = consultationAvailability;

const toBooking = (r: BookingWithSlotRow): AdminBooking => ({
  ...r,
  startTime: r.startTime.slice(0, 5),
  endTime: bookingEndTime(r).slice(0, 5),
});

/** `%` and `_` typed by staff match themselves, not any text. */

export type BookingListQuery = {
  /** Matches name, email or consultation type, case-insensitively, anywhere in the text. */
  q?: string | null;
  /** One of the six statuses; anything else (or "all") means no filter. */
  status?: string | null;
  /** "upcoming" (the meeting has not ended at `now`), "past" (it has), or "all" (default). */
  when?: BookingWhen | null;
  /** "newest" booked first (default, the spec's order), or by meeting date "meeting-asc" / "meeting-desc". */
  sort?: BookingSort | null;
  /** Page size (default 50) and 1-based page. */
  limit?: number;
  page?: number;
  /** The instant "upcoming" and "past" are measured at (default: now). */
  now?: Date;
};

/**
 * SQL: the booking's meeting has not ended at `now` (London wall-clock): its start plus its own
 * length, or its slot's end for a row without a stored length (as `bookingEndTime`).
 */
function notEndedWhere(now: Date): SQL {
  const today = londonToday(now);
  const end = sql`coalesce(${a.startTime} + ${b.durationMinutes} * interval '1 minute', ${a.endTime})`;
  return or(gt(a.date, today), and(eq(a.date, today), sql`${end} > ${londonTimeOfDay(now)}::time`))!;
}

/**
 * Bookings with their slot's date and times, filtered in SQL and ordered by `sort` (newest
 * `created_at` first by default; by meeting date and start time otherwise; ties by id).
 * Returns one page and the total number matching (the 'N bookings found' count).
 */
export async function listBookings(query: BookingListQuery = {}): Promise<{ bookings: AdminBooking[]; total: number }> {
  const where = bookingListWhere(query);
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const page = Math.max(query.page ?? 1, 1);
  const order = bookingListOrder(query.sort);
  const [rows, [{ total }]] = await Promise.all([
    selectBookingsWithSlot()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(b).innerJoin(a, eq(a.id, b.availabilityId)).where(where),
  ]);
  return { bookings: rows.map(toBooking), total: Number(total) };
}

/** The list's filters (`q`, `status`, `when` at `now`) as SQL; undefined for none. */
function bookingListWhere(query: BookingListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(or(ilike(b.name, pattern), ilike(b.email, pattern), ilike(b.consultationType, pattern))!);
  }
  if (query.status && (BOOKING_STATUSES as readonly string[]).includes(query.status)) {
    conditions.push(eq(b.status, query.status as BookingStatus));
  }
  const now = query.now ?? new Date();
  if (query.when === "upcoming") conditions.push(notEndedWhere(now));
  if (query.when === "past") conditions.push(sql`not (${notEndedWhere(now)})`);
  return conditions.length ? and(...conditions) : undefined;
}

/** The list's order: newest booked first, or by meeting date either way; ties by id. */
function bookingListOrder(sort: BookingSort | null | undefined) {
  return sort === "meeting-asc"
    ? [asc(a.date), asc(a.startTime), asc(b.id)]
    : sort === "meeting-desc"
      ? [desc(a.date), desc(a.startTime), desc(b.id)]
      : [desc(b.createdAt), desc(b.id)];
}

/** Header row of the bookings' CSV export, in column order. */
export const BOOKING_CSV_COLUMNS = [
  "Booked",
  "Date (UK)",
  "Start (UK)",
  "End (UK)",
  "Type",
  "Status",
  "Engineer",
  "Name",
  "Email",
  "Phone",
  "Company",
  "Language",
  "Project type",
  "Project description",
  "Timeline",
  "Budget range",
  "Special requirements",
  "Answers",
  "ID",
] as const;

/** Bookings read at a time by the export. */
const EXPORT_BATCH = 500;

/**
 * The bookings matching the list's filters (`q`, `status`, `when`, in the list's `sort`; every
 * page) as a CSV byte stream (`csvStream`): booked instant (ISO 8601, UTC), the meeting's London
 * date, start and end, type, status, engineer, the visitor's details and language code, and the
 * answers to the type's questions ("Label: answer" lines, `answersText`). Read in batches.
 */
export function exportBookingsCsv(query: Omit<BookingListQuery, "limit" | "page"> = {}): ReadableStream<Uint8Array> {
  const where = bookingListWhere(query);
  const order = bookingListOrder(query.sort);
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await selectBookingsWithSlot()
        .where(where)
        .orderBy(...order)
        .limit(EXPORT_BATCH)
        .offset(offset);
      for (const row of batch.map(toBooking)) {
        yield [
          row.createdAt.toISOString(),
          row.date,
          row.startTime,
          row.endTime,
          row.consultationType,
          row.status,
          row.engineerName ?? "",
          row.name,
          row.email,
          row.phone ?? "",
          row.companyName ?? "",
          row.language,
          row.projectType ?? "",
          row.projectDescription ?? "",
          row.timeline ?? "",
          row.budgetRange ?? "",
          row.specialRequirements ?? "",
          answersText(row.answers),
          row.id,
        ];
      }
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return csvStream(BOOKING_CSV_COLUMNS, rows());
}

/**
 * The consultations still on (pending or confirmed) from London today to `days` days after it,
 * soonest first: the dashboard's "today and the next seven days". At most 50.
 */
export async function listUpcomingConsultations(now: Date = new Date(), days = 7): Promise<AdminBooking[]> {
  const today = londonToday(now);
  const rows = await selectBookingsWithSlot()
    .where(and(inArray(b.status, ["pending", "confirmed"]), gte(a.date, today), lte(a.date, addDays(today, days))))
    .orderBy(asc(a.date), asc(a.startTime), asc(b.id))
    .limit(50);
  return rows.map(toBooking);
}

/** Another booking holding a place in the same slot (the booking dialog names them). */
export type SlotCompanion = { id: string; name: string; status: BookingStatus };

/**
 * `bookings`, each with `slotCompanions`: the other bookings holding a place in its slot
 * (`PLACE_HOLDING_STATUSES`), in booked order. One query for the whole list.
 */
export async function withSlotCompanions<T extends { id: string; availabilityId: string }>(
  bookings: T[],
): Promise<(T & { slotCompanions: SlotCompanion[] })[]> {
  const slotIds = [...new Set(bookings.map((x) => x.availabilityId))];
  const rows = slotIds.length
    ? await db
        .select({ id: b.id, name: b.name, status: b.status, availabilityId: b.availabilityId })
        .from(b)
        .where(and(inArray(b.availabilityId, slotIds), inArray(b.status, [...PLACE_HOLDING_STATUSES])))
        .orderBy(asc(b.createdAt), asc(b.id))
    : [];
  return bookings.map((booking) => ({
    ...booking,
    slotCompanions: rows
      .filter((r) => r.availabilityId === booking.availabilityId && r.id !== booking.id)
      .map(({ id, name, status }) => ({ id, name, status })),
  }));
}

/** One booking with its slot's date and times, or null when there is none with that id. */
export async function getBooking(id: string): Promise<AdminBooking | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await selectBookingsWithSlot().where(eq(b.id, id));
  return row ? toBooking(row) : null;
}
