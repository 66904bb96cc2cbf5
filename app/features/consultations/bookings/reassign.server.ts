/**
 * Who staff may give a booking to: the engineers free to take it instead of its current one. The
 * booking dialog lists them (`withReassignOptions`) and `reassignBooking` accepts only them, by
 * the one rule `freeToTake`.
 *
 * Staff are not held to the type's notice and horizon, nor to closed days (a booking already
 * stands there); everything else of `isEngineerFree` holds: the engineer takes the booking's type,
 * the meeting plus buffers lies in their working hours, the day is not off, their calendar is
 * readable and free over it, no booking of theirs comes too close, and they are under the type's
 * daily cap. The booking itself never counts against anyone.
 */
import { bookingDurationMinutes } from "../mail/index.server";
import { holdsPlace, type BookingStatus, isEngineerFree, type PreparedDiary, type TypeRules } from "../core/index.server";
import { fetchBusyTimes, readDiaries } from "../availability/index.server";
import { engineerSetup, listEngineers, type EngineerOption, type EngineerSetup } from "../engineers/index.server";
import { db } from "~/db/client.server";

/**
 * A booking as the reassignment rule reads it: its slot's London `date` and `startTime`, its
 * slot's `endTime` (the length of a row without a stored one), its own length in minutes (null
 * for rows older than that column) and its current engineer.
 */
export type ReassignableBooking = {
  id: string;
  engineerId: string | null;
  date: string;
  startTime: string;
  endTime: string;
  durationMinutes: number | null;
};

/**
 * True when `diary`'s engineer may be given `booking` instead of its current engineer under the
 * type's `rules` (see the module docstring; the meeting lasts the booking's own length). The
 * current engineer is never free to take it again.
 */
export function freeToTake(diary: PreparedDiary, booking: ReassignableBooking, rules: TypeRules): boolean {
  if (diary.id === booking.engineerId) return false;
  const durationMinutes = bookingDurationMinutes(booking.durationMinutes, booking);
  return isEngineerFree(diary, booking, { ...rules, durationMinutes }, booking.id);
}

/**
 * `bookings`, each with `reassignTo`: the engineers (by name) free to take it instead of its
 * current one, by `freeToTake`; empty for a booking that holds no place or whose type nobody
 * takes. One read of engineers, rules, busy times and diaries for the whole list.
 */
export async function withReassignOptions<T extends ReassignableBooking & { status: BookingStatus; consultationTypeId: string | null }>(
  bookings: T[],
): Promise<(T & { reassignTo: EngineerOption[] })[]> {
  const holding = bookings.filter((b) => holdsPlace(b.status) && b.consultationTypeId);
  if (holding.length === 0) return bookings.map((b) => ({ ...b, reassignTo: [] }));
  const engineers = await listEngineers();
  if (engineers.length === 0) return bookings.map((b) => ({ ...b, reassignTo: [] }));
  const setups = new Map<string, EngineerSetup>();
  for (const typeId of new Set(holding.map((b) => b.consultationTypeId!))) setups.set(typeId, await engineerSetup(typeId, 0));
  const ids = [...new Set([...setups.values()].flatMap((s) => s.eligibleIds))];
  const dates = holding.map((b) => b.date).sort();
  const [from, to] = [dates[0], dates[dates.length - 1]];
  const diaries = await readDiaries(db, ids, { from, to, busy: await fetchBusyTimes(ids, from, to) });
  return bookings.map((booking) => {
    const setup = booking.consultationTypeId && holdsPlace(booking.status) ? setups.get(booking.consultationTypeId) : undefined;
    if (!setup?.engineerMode) return { ...booking, reassignTo: [] };
    const free = new Set(diaries.filter((d) => setup.eligibleIds.includes(d.id) && freeToTake(d, booking, setup.rules)).map((d) => d.id));
    return { ...booking, reassignTo: engineers.filter((e) => free.has(e.id)) };
  });
}
