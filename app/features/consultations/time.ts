/**
 * Time rules of the consultation booking (`shared/spec/booking-and-admin.md` sections 2, 5 and 9;
 * `shared/DESIGN.md` section 2 "time").
 *
 * Slots are stored as Europe/London wall-clock values: `date` is `yyyy-mm-dd`, `start_time` and
 * `end_time` are `HH:MM` or `HH:MM:SS`. Instants (what a calendar, a reminder or a "now" comparison
 * needs) are derived here with `@date-fns/tz`, so they are right on both sides of the March and
 * October clock changes. Calendar dates (week starts, day arithmetic) are pure date arithmetic,
 * independent of any zone. Safe to import on the client (no server-only code).
 */
import { TZDate } from "@date-fns/tz";

/** The zone every slot is expressed in. */
export const LONDON = "Europe/London";

/** Days in the wizard's booking window (spec section 9: "Booking week window: 7 days"). */
export const WEEK_DAYS = 7;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a real calendar date written `yyyy-mm-dd`. */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

function parseDate(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a yyyy-mm-dd date: ${date}`);
  return [+m[1], +m[2], +m[3]];
}

function parseTime(time: string): [number, number, number] {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM[:SS] time: ${time}`);
  return [+m[1], +m[2], m[3] ? +m[3] : 0];
}

/** A UTC-midnight Date for calendar arithmetic on a `yyyy-mm-dd` string. */
function utcDay(date: string): Date {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d));
}

function isoOf(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (negative to go back), as `yyyy-mm-dd`. */
export function addDays(date: string, days: number): string {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return isoOf(day);
}

/** The Monday (en-GB weeks start on Monday) of the week containing `date`, as `yyyy-mm-dd`. */
export function startOfWeek(date: string): string {
  const dow = utcDay(date).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(date, -((dow + 6) % 7));
}

/** Today's date in London at the instant `now`, as `yyyy-mm-dd`. */
export function londonToday(now: Date): string {
  const t = new TZDate(now.getTime(), LONDON);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, "0")}-${String(t.getDate()).padStart(2, "0")}`;
}

/** The London wall-clock time of day at the instant `now`, as `HH:MM:SS` (24-hour). */
export function londonTimeOfDay(now: Date): string {
  const t = new TZDate(now.getTime(), LONDON);
  return [t.getHours(), t.getMinutes(), t.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

/** The Monday of the current London week at `now`. */
export function currentWeekStart(now: Date): string {
  return startOfWeek(londonToday(now));
}

/**
 * The 7-day window shown for a week: `startDate` is the week start, `endDate` six days later
 * (both inclusive, `yyyy-mm-dd`); the spec's `get_available_consultation_slots` arguments.
 */
export function weekWindow(weekStart: string): { startDate: string; endDate: string; days: string[] } {
  const days = Array.from({ length: WEEK_DAYS }, (_, i) => addDays(weekStart, i));
  return { startDate: days[0], endDate: days[WEEK_DAYS - 1], days };
}

/**
 * Previous Week is disabled when the previous week would lie wholly in the past (spec section 2):
 * its last day (the day before `weekStart`) is before today in London.
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

/** The instant a London wall-clock `date` + `time` denotes. */
export function londonInstant(date: string, time: string): Date {
  const [y, mo, d] = parseDate(date);
  const [h, mi, s] = parseTime(time);
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, LONDON).getTime());
}

/**
 * True when a slot starting at London `date` `startTime` may still be booked at `now`: it starts
 * at or after `now + minimumNoticeHours` (DESIGN section 6: nothing in the past or inside the notice).
 */
export function isOutsideNotice(date: string, startTime: string, now: Date, minimumNoticeHours: number): boolean {
  return londonInstant(date, startTime).getTime() >= now.getTime() + minimumNoticeHours * 3_600_000;
}

/** `HH:MM` (24-hour, en-GB) of a stored `HH:MM[:SS]` time. */
export function formatTime24(time: string): string {
  const [h, m] = parseTime(time);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...options });

/** "Monday 3 March 2025" for a `yyyy-mm-dd` date. */
export function formatLongDate(date: string): string {
  return dateFormat({ weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(utcDay(date));
}

/** "Mon 3 Mar" for a `yyyy-mm-dd` date (the weekly grid's day headings). */
export function formatShortDate(date: string): string {
  return dateFormat({ weekday: "short", day: "numeric", month: "short" }).format(utcDay(date));
}

/** "March 2025": the month and year heading of the week starting `weekStart`. */
export function formatMonthYear(weekStart: string): string {
  return dateFormat({ month: "long", year: "numeric" }).format(utcDay(weekStart));
}

/**
 * A slot's UK time range for people: "09:00–10:00 UK time (GMT)" or "(BST)", the zone named
 * as it is on that day.
 */
export function formatUkTimeRange(date: string, startTime: string, endTime: string): string {
  return `${formatTime24(startTime)}–${formatTime24(endTime)} ${ukZoneLabel(date, startTime)}`;
}

/** "UK time (GMT)" or "UK time (BST)" for a London wall-clock moment. */
export function ukZoneLabel(date: string, time: string): string {
  const instant = londonInstant(date, time);
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, timeZoneName: "short" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;
  return `UK time (${name === "GMT" || name === "UTC" ? "GMT" : "BST"})`;
}

/**
 * The same instant in another zone, for a visitor abroad: "14:00" or "14:00 (Tue 4 Mar)" when the
 * day differs. Returns null when `zone` shows the same wall-clock as London at that instant.
 */
export function formatInZone(date: string, time: string, zone: string): string | null {
  const instant = londonInstant(date, time);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(instant);
  } catch {
    return null;
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const localTime = `${get("hour")}:${get("minute")}`;
  const localDate = `${get("year")}-${get("month")}-${get("day")}`;
  if (localTime === formatTime24(time) && localDate === date) return null;
  return localDate === date ? localTime : `${localTime} (${formatShortDate(localDate)})`;
}
