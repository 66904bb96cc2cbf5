/**
 * Which times suit a visitor on the waiting list (ADR 44): the pure rule, shared by the worker,
 * the staff list and the tests. Browser-safe.
 */
import { WAITING_LIST_DAY_PARTS, type WAITING_LIST_DAY_PART_NAMES } from "~/utils/domain";
import { parseIsoDate } from "~/utils/time";

/** A part of the day by a slot's UK start time (see `WAITING_LIST_DAY_PARTS`). */
export type DayPart = (typeof WAITING_LIST_DAY_PART_NAMES)[number];

/**
 * The days and times that suit a visitor: London dates `dateFrom`..`dateTo` (inclusive,
 * `yyyy-mm-dd`), ISO weekdays (1 Monday to 7 Sunday) and parts of the day.
 */
export type WaitingWindow = { dateFrom: string; dateTo: string; weekdays: readonly number[]; dayParts: readonly string[] };

/** The ISO weekday (1 Monday to 7 Sunday) of a London `yyyy-mm-dd` date. */
export function isoWeekday(date: string): number {
  const [y, mo, d] = parseIsoDate(date);
  const day = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The part of the day a London wall-clock start time (`HH:MM[:SS]`) falls in. */
export function dayPartOf(startTime: string): DayPart {
  const hhmm = startTime.slice(0, 5);
  if (hhmm < WAITING_LIST_DAY_PARTS.afternoon.from) return "morning";
  if (hhmm < WAITING_LIST_DAY_PARTS.evening.from) return "afternoon";
  return "evening";
}

/**
 * True when a slot at London `date` and `startTime` suits `window`: the date lies in its range, on
 * one of its weekdays, and the time starts in one of its parts of the day.
 */
export function suits(window: WaitingWindow, slot: { date: string; start_time: string }): boolean {
  return (
    slot.date >= window.dateFrom &&
    slot.date <= window.dateTo &&
    window.weekdays.includes(isoWeekday(slot.date)) &&
    window.dayParts.includes(dayPartOf(slot.start_time))
  );
}
