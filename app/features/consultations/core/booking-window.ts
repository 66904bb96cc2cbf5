/**
 * The weeks a visitor may browse and the slots they may book, on the London calendar of
 * `~/utils/time`: a 7-day week from Monday, Previous and Next Week limits, the `week` URL parameter
 * clamped, and the minimum notice counted in real hours across the clock changes. Safe to import in
 * the browser.
 */
import { addDays, currentWeekStart, isIsoDate, londonInstant, londonToday, startOfWeek } from "~/utils/time";

/** Days in the wizard's booking window ("Booking week window: 7 days"). */
export const WEEK_DAYS = 7;

/**
 * The 7-day window shown for a week: `startDate` is the week start, `endDate` six days later
 * (both inclusive, `yyyy-mm-dd`); the spec's `get_available_consultation_slots` arguments.
 */
export function weekWindow(weekStart: string): { startDate: string; endDate: string; days: string[] } {
  const days = Array.from({ length: WEEK_DAYS }, (_, i) => addDays(weekStart, i));
  return { startDate: days[0], endDate: days[WEEK_DAYS - 1], days };
}

/**
 * Previous Week is disabled when the previous week would lie wholly in the past: its last day
 * (the day before `weekStart`) is before today in London.
 */
export function isPreviousWeekDisabled(weekStart: string, now: Date): boolean {
  return addDays(weekStart, -1) < londonToday(now);
}

/**
 * Next Week is disabled when the next week starts beyond the booking horizon: the visitor may
 * browse `weeksAhead` weeks counting the current one (site setting `bookingWeeksAhead`).
 */
export function isNextWeekDisabled(weekStart: string, now: Date, weeksAhead: number): boolean {
  return addDays(weekStart, WEEK_DAYS) > lastBrowsableWeekStart(now, weeksAhead);
}

/** The Monday of the last week a visitor may browse. */
export function lastBrowsableWeekStart(now: Date, weeksAhead: number): string {
  return addDays(currentWeekStart(now), WEEK_DAYS * Math.max(0, weeksAhead - 1));
}

/**
 * The week to show for a `week` URL parameter: its Monday, clamped between the current week and
 * the last browsable week. Missing or malformed values give the current week.
 */
export function resolveWeekStart(param: string | null | undefined, now: Date, weeksAhead: number): string {
  const first = currentWeekStart(now);
  if (!param || !isIsoDate(param)) return first;
  const monday = startOfWeek(param);
  const last = lastBrowsableWeekStart(now, weeksAhead);
  if (monday < first) return first;
  if (monday > last) return last;
  return monday;
}

/**
 * True when a slot starting at London `date` `startTime` may still be booked at `now`: it starts
 * at or after `now + minimumNoticeHours` (nothing in the past or inside the notice).
 */
export function isOutsideNotice(date: string, startTime: string, now: Date, minimumNoticeHours: number): boolean {
  return londonInstant(date, startTime).getTime() >= now.getTime() + minimumNoticeHours * 3_600_000;
}
