/**
 * Giving a booking its engineer: what is read before the booking's transaction
 * (`planAssignment`) and the choice made inside it under the engineers' row locks
 * (`assignEngineer`), by the round robin of `free-time.ts`.
 */
import type { Transaction } from "~/db/client.server";
import { londonInstant } from "~/utils/time";
import { BookingError, chooseEngineer, isEngineerFree, type SlotLike } from "../core/index.server";
import { closedDatesBetween, fetchBusyTimes, readDiaries, type BookingFor, type BusyTimes } from "./engineer-diaries.server";
import { engineerSetup, type EngineerSetup } from "../engineers/index.server";

/** What an assignment needs from outside its transaction (PGlite runs one statement stream at a time). */
export type AssignmentPlan = EngineerSetup & { busy: BusyTimes; closedDates: Set<string> };

/**
 * Reads, before the booking's transaction, who may take a consultation `wanted` on London `date`
 * and their calendars' busy times; null while engineer mode is off (no engineer is assigned).
 */
export async function planAssignment(wanted: BookingFor, date: string, openedBankHolidays: readonly string[]): Promise<AssignmentPlan | null> {
  const setup = await engineerSetup(wanted.typeId, wanted.durationMinutes);
  if (!setup.engineerMode) return null;
  return { ...setup, busy: await fetchBusyTimes(setup.eligibleIds, date, date), closedDates: closedDatesBetween(date, date, openedBankHolidays) };
}

/**
 * Inside a booking's transaction (after the slot row is locked): locks the eligible engineers'
 * rows and picks the one who takes a consultation at `slot`: `prefer` when they are free (a moved
 * booking keeps its engineer when it can), else the round robin of `chooseEngineer` among the
 * free ones. Throws `BookingError` "unavailable_slot" (a closed date), "inside_notice" or
 * "outside_window" (the type's notice and horizon; not for a change by `staff`, who may book on
 * a closed day or at short notice), or "no_engineer" when nobody is free.
 * `plan.busy` must cover `slot.date`.
 */
export async function assignEngineer(
  tx: Transaction,
  slot: SlotLike,
  plan: AssignmentPlan,
  { now, bookingId, prefer, staff = false }: { now: Date; bookingId?: string; prefer?: string | null; staff?: boolean },
): Promise<string> {
  if (!staff) {
    if (plan.closedDates.has(slot.date)) throw new BookingError("unavailable_slot");
    const start = londonInstant(slot.date, slot.startTime).getTime();
    if (start < now.getTime() + plan.rules.minimumNoticeHours * 3_600_000) throw new BookingError("inside_notice");
    if (start > now.getTime() + plan.rules.horizonDays * 86_400_000) throw new BookingError("outside_window");
  }
  const diaries = await readDiaries(tx, plan.eligibleIds, { from: slot.date, to: slot.date, busy: plan.busy, lock: true });
  const free = diaries.filter((d) => isEngineerFree(d, slot, plan.rules, bookingId));
  if (prefer && free.some((d) => d.id === prefer)) return prefer;
  const chosen = chooseEngineer(free, slot.date, bookingId);
  if (!chosen) throw new BookingError("no_engineer");
  return chosen;
}
