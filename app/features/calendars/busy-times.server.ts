/**
 * What the booking side asks of staff calendars: when each engineer is busy, and whether their
 * calendar can be trusted. Reads only what the last good read stored (`calendar_busy_times`), so it
 * never waits on a calendar server: two indexed queries whatever the number of users.
 */
import { and, asc, gt, inArray, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { calendarBusyTimes, calendarConnections } from "~/db/schema";
import { isFailing } from "./connections.server";

/** One user's busy time in a range, and whether their calendar is failing. */
export type UserBusyTimes = { busy: Array<{ start: Date; end: Date }>; failing: boolean };

/**
 * The busy intervals of each of `userIds` (better-auth user ids) that overlap `range`, from their
 * connected calendars.
 *
 * - `range` and every interval are instants (UTC `Date`s), half-open `[start, end)`: an interval
 *   ending at 10:00 does not overlap a meeting starting at 10:00. Intervals are returned as stored
 *   (not clipped to `range`), sorted by start, non-overlapping within one connection.
 * - `failing` is true when the user has a connection whose last good read is older than its
 *   refresh window (twice `CALENDAR_REFRESH_MS`), or that was never read: their busy times cannot be
 *   trusted, and the caller must offer no time for them (fail closed).
 * - A user with no connection is absent from the map (read that as `busy: []`, `failing: false`).
 * - Busy times are known from a day before the last read to a day past the longest booking
 *   horizon of any active consultation type (`readAheadDays`), so every day a visitor can be
 *   offered is covered from the read after a horizon is lengthened.
 *
 * `now` decides staleness (default: the clock). Throws only if the database fails.
 */
export async function busyIntervalsFor(
  userIds: string[],
  range: { start: Date; end: Date },
  now: Date = new Date(),
): Promise<Map<string, UserBusyTimes>> {
  const result = new Map<string, UserBusyTimes>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return result;
  const connections = await db
    .select({ userId: calendarConnections.userId, lastSuccessAt: calendarConnections.lastSuccessAt })
    .from(calendarConnections)
    .where(inArray(calendarConnections.userId, ids));
  if (connections.length === 0) return result;
  for (const c of connections) {
    const entry = result.get(c.userId) ?? { busy: [], failing: false };
    entry.failing ||= isFailing(c.lastSuccessAt, now);
    result.set(c.userId, entry);
  }
  if (!(range.end > range.start)) return result;
  const rows = await db
    .select({ userId: calendarBusyTimes.userId, start: calendarBusyTimes.startsAt, end: calendarBusyTimes.endsAt })
    .from(calendarBusyTimes)
    .where(and(inArray(calendarBusyTimes.userId, [...result.keys()]), lt(calendarBusyTimes.startsAt, range.end), gt(calendarBusyTimes.endsAt, range.start)))
    .orderBy(asc(calendarBusyTimes.userId), asc(calendarBusyTimes.startsAt));
  for (const row of rows) result.get(row.userId)?.busy.push({ start: row.start, end: row.end });
  return result;
}
