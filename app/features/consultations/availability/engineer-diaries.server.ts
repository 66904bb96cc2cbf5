/**
 * Engineers' diaries as the free-time rules of `free-time.ts` read them: working hours, days off,
 * calendar busy times (from the calendars area) and the bookings they hold, read for a range of
 * London dates; and the offer of a week's slots once engineers are set up (`engineerOffers`).
 * Dates are London `yyyy-mm-dd`; busy times UTC instants.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, max, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { adminUsers, consultationAvailability, consultationBookings, consultationTypes, engineerDaysOff, engineers, engineerWorkingHours } from "~/db/schema";
import { busyIntervalsFor } from "~/features/calendars/busy-times.server";
import { logger } from "~/utils/logger.server";
import { addDays, londonInstant } from "~/utils/time";
import { isUkBankHoliday } from "./availability-ranges.server";
import { PLACE_HOLDING_STATUSES, offeredSlots, prepareDiary, type HeldBooking, type Interval, type OfferedSlot, type PreparedDiary, type SlotLike } from "../core/index.server";
import { bookingDurationMinutes } from "../mail/index.server";
import { engineerSetup } from "../engineers/index.server";

type Executor = Database | Transaction;

/** Busy intervals by engineer id (`Interval`s) and the ids whose calendar is failing. */
export type BusyTimes = { busy: Map<string, Interval[]>; failing: Set<string> };

/**
 * The calendar busy times of engineers `ids` (admin user ids; their calendars are read by their
 * sign-in account) over the London dates `from` to `to` (a day either side
 * included, for buffers and meetings across midnight). A calendar that cannot be read at all marks
 * every engineer failing: they offer nothing (fail closed), and the error is logged.
 */
export async function fetchBusyTimes(ids: string[], from: string, to: string): Promise<BusyTimes> {
  const out: BusyTimes = { busy: new Map(), failing: new Set() };
  if (ids.length === 0) return out;
  try {
    // Calendars belong to the sign-in account (better-auth's user id), engineers to the staff profile.
    const accounts = await db.select({ id: adminUsers.id, userId: adminUsers.userId }).from(adminUsers).where(inArray(adminUsers.id, ids));
    const engineerOf = new Map(accounts.map((a) => [a.userId, a.id]));
    const answer = await busyIntervalsFor([...engineerOf.keys()], { start: londonInstant(addDays(from, -1), "00:00"), end: londonInstant(addDays(to, 2), "00:00") });
    for (const [userId, { busy, failing }] of answer) {
      const id = engineerOf.get(userId);
      if (!id) continue;
      out.busy.set(id, busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })));
      if (failing) out.failing.add(id);
    }
  } catch (error) {
    logger.error({ err: error }, "engineers' busy times could not be read; offering none of them");
    for (const id of ids) out.failing.add(id);
  }
  return out;
}

/**
 * The diaries of engineers `ids` for questions about London dates `from` to `to`: working hours,
 * days off, busy times (`busy`, fetched beforehand), the bookings they hold from the Monday of
 * `from`'s week to the day after `to` (for overlaps, daily caps and the round robin) and when their
 * latest booking was made. With `lock`, the engineers' rows are first locked (`FOR UPDATE`, in id
 * order): inside a booking's transaction, nobody else can give them a booking until it ends.
 * `executor` is that transaction, or the database for a read.
 */
export async function readDiaries(
  executor: Executor,
  ids: string[],
  { from, to, busy, lock = false }: { from: string; to: string; busy: BusyTimes; lock?: boolean },
): Promise<PreparedDiary[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  if (lock) {
    await executor.select({ id: engineers.adminUserId }).from(engineers).where(inArray(engineers.adminUserId, sorted)).orderBy(asc(engineers.adminUserId)).for("update");
  }
  const hours = await executor.select().from(engineerWorkingHours).where(inArray(engineerWorkingHours.adminUserId, sorted));
  const off = await executor
    .select()
    .from(engineerDaysOff)
    .where(and(inArray(engineerDaysOff.adminUserId, sorted), gte(engineerDaysOff.toDate, addDays(from, -1)), lte(engineerDaysOff.fromDate, addDays(to, 1))));
  const monday = addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7));
  const held = await executor
    .select({
      id: consultationBookings.id,
      engineerId: consultationBookings.engineerId,
      durationMinutes: consultationBookings.durationMinutes,
      date: consultationAvailability.date,
      startTime: consultationAvailability.startTime,
      endTime: consultationAvailability.endTime,
      bufferBeforeMinutes: sql<number>`coalesce(${consultationTypes.bufferBeforeMinutes}, 0)`,
      bufferAfterMinutes: sql<number>`coalesce(${consultationTypes.bufferAfterMinutes}, 0)`,
    })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .leftJoin(consultationTypes, eq(consultationTypes.id, consultationBookings.consultationTypeId))
    .where(
      and(
        inArray(consultationBookings.engineerId, sorted),
        inArray(consultationBookings.status, [...PLACE_HOLDING_STATUSES]),
        gte(consultationAvailability.date, addDays(monday, -1)),
        lte(consultationAvailability.date, addDays(to, 1)),
      ),
    );
  const latest = await executor
    .select({ engineerId: consultationBookings.engineerId, at: max(consultationBookings.createdAt) })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.engineerId, sorted), isNotNull(consultationBookings.engineerId)))
    .groupBy(consultationBookings.engineerId);
  return sorted.map((id) =>
    prepareDiary({
      id,
      workingHours: hours.filter((h) => h.adminUserId === id),
      daysOff: off.filter((d) => d.adminUserId === id).map((d) => ({ from: d.fromDate, to: d.toDate })),
      busy: busy.busy.get(id) ?? [],
      failing: busy.failing.has(id),
      bookings: held
        .filter((b) => b.engineerId === id)
        .map((b): HeldBooking => {
          const start = londonInstant(b.date, b.startTime).getTime();
          return {
            id: b.id,
            date: b.date,
            start,
            end: start + bookingDurationMinutes(b.durationMinutes, b) * 60_000,
            bufferBeforeMinutes: Number(b.bufferBeforeMinutes),
            bufferAfterMinutes: Number(b.bufferAfterMinutes),
          };
        }),
      lastAssignedAt: (() => {
        const at = latest.find((l) => l.engineerId === id)?.at;
        return at ? new Date(at).getTime() : null;
      })(),
    }),
  );
}

/**
 * The dates from `from` to `to` (London, inclusive) closed for consultations once engineers are
 * set up: England and Wales bank holidays, except those staff opened (`opened`).
 */
export function closedDatesBetween(from: string, to: string, opened: readonly string[]): Set<string> {
  const closed = new Set<string>();
  for (let d = from; d <= to; d = addDays(d, 1)) if (isUkBankHoliday(d) && !opened.includes(d)) closed.add(d);
  return closed;
}

/** What a time is wanted for: the type (null when it is gone), the meeting's length, and the booking being moved or reassigned. */
export type BookingFor = { typeId: string | null; durationMinutes: number; bookingId?: string };

/**
 * The offer of each of `slots` once engineers are set up (see `offeredSlots`: slots left out
 * are not offered), or null while engineer mode is off (slots and places alone decide).
 * `from`/`to` are the London dates the slots lie in; `openedBankHolidays` the site setting.
 */
export async function engineerOffers(
  slots: readonly SlotLike[],
  wanted: BookingFor,
  { now, from, to, openedBankHolidays }: { now: Date; from: string; to: string; openedBankHolidays: readonly string[] },
): Promise<Map<string, OfferedSlot> | null> {
  const setup = await engineerSetup(wanted.typeId, wanted.durationMinutes);
  if (!setup.engineerMode) return null;
  const busy = await fetchBusyTimes(setup.eligibleIds, from, to);
  const diaries = await readDiaries(db, setup.eligibleIds, { from, to, busy });
  const offered = offeredSlots(slots, diaries, setup.rules, {
    now: now.getTime(),
    closedDates: closedDatesBetween(from, to, openedBankHolidays),
    ignoreBookingId: wanted.bookingId,
  });
  return new Map(offered.map((o) => [o.slot.id, o]));
}
