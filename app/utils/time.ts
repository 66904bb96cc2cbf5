/**
 * The London calendar every part of the site works on: the business is in the UK, so "today", a
 * day's boundaries and every stored wall-clock time are Europe/London.
 *
 * Two kinds of value, kept apart:
 * - calendar dates, `yyyy-mm-dd` strings: day arithmetic on them is pure date arithmetic,
 *   independent of any zone;
 * - wall-clock times, `HH:MM` or `HH:MM:SS` (24-hour), as consultation slots store them.
 * Instants (a `Date`) are derived from the two with `@date-fns/tz`, so they are right on both
 * sides of the March and October clock changes. Safe to import in the browser.
 *
 * Formatting for people lives in `~/utils/format`.
 */
import { TZDate } from "@date-fns/tz";

/** The zone of every calendar date and wall-clock time the site stores or shows. */
export const LONDON = "Europe/London";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a real calendar date written `yyyy-mm-dd` (so "2025-02-30" is false). */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** `[year, month 1-12, day]` of a `yyyy-mm-dd` date. Throws a RangeError for any other shape. */
export function parseIsoDate(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a yyyy-mm-dd date: ${date}`);
  return [+m[1], +m[2], +m[3]];
}

/** `[hours, minutes, seconds]` of an `HH:MM[:SS]` time. Throws a RangeError for any other shape. */
export function parseWallTime(time: string): [number, number, number] {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not an HH:MM[:SS] time: ${time}`);
  return [+m[1], +m[2], m[3] ? +m[3] : 0];
}

/**
 * The UTC midnight of a `yyyy-mm-dd` date: a zone-free handle for calendar arithmetic, and what a
 * formatter set to `timeZone: "UTC"` shows as that same calendar day.
 */
export function utcDay(date: string): Date {
  const [y, m, d] = parseIsoDate(date);
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

/** The Monday of the current London week at `now`, as `yyyy-mm-dd`. */
export function currentWeekStart(now: Date): string {
  return startOfWeek(londonToday(now));
}

/**
 * The instant a London wall-clock `date` (`yyyy-mm-dd`) + `time` (`HH:MM[:SS]`) denotes. Throws a
 * RangeError for a malformed date or time.
 */
export function londonInstant(date: string, time: string): Date {
  const [y, mo, d] = parseIsoDate(date);
  const [h, mi, s] = parseWallTime(time);
  return new Date(new TZDate(y, mo - 1, d, h, mi, s, LONDON).getTime());
}
