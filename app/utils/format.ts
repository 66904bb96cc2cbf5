/**
 * Every date and time the site shows to people, through named formatters so one rule reads the
 * same on every screen, on the server and in the browser (the same text on both sides, so
 * hydration never differs):
 * - the public booking wizard and its e-mails show UK times 24-hour in en-GB ("09:00");
 * - the admin shows times 12-hour ("9:00 AM" for slots, "2:07 pm" for instants);
 * - articles show en-US long dates ("March 5, 2025");
 * - the wizard, the manage page and a visitor's e-mails in another language pass that language's
 *   `Intl` locale (`languageInfo(language).intl`, e.g. "fr-FR") to the formatters that take one;
 *   without it they keep the English rule above.
 *
 * Three kinds of input, as `~/utils/time` describes: a calendar date `yyyy-mm-dd` (shown as that
 * day, never shifted into a zone), a wall-clock time `HH:MM[:SS]` (London), and an instant
 * (`Date` or ISO 8601 string), always shown on the UK calendar (Europe/London). A malformed
 * calendar date or wall-clock time throws a RangeError; an invalid instant throws one from Intl,
 * except in {@link formatArticleDate}, which returns null.
 */
import { LONDON, londonInstant, parseWallTime, utcDay } from "./time";

/**
 * A calendar-date formatter: reads the UTC midnight {@link utcDay} gives as the same day, in
 * `locale` or in the `intl` locale a caller passes (one `Intl.DateTimeFormat` kept per locale).
 */
const calendar = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (date: string, intl: string = locale) => {
    let format = formats.get(intl);
    if (!format) {
      format = new Intl.DateTimeFormat(intl, { ...options, timeZone: "UTC" });
      formats.set(intl, format);
    }
    return format.format(utcDay(date));
  };
};

/**
 * An instant formatter on the UK calendar. Its `Intl.DateTimeFormat` is made on first use: making
 * one reads the zone's data, and the browser's enhancement, which bundles this module for
 * {@link formatInstantInZone}, would otherwise pay for every formatter here as each page loads.
 * The 12-hour ones name `hourCycle: "h12"` (12:30 pm after noon): `hour12: true` leaves the cycle
 * to the ICU data, which some Node builds read for en-GB as `h11` ("0:30 pm") where browsers read
 * `h12`, and a hydrated page's text must be the same on the server as in the browser (else React
 * throws the server's HTML away as it hydrates).
 */
const uk = (locale: string, options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (at: Date | string) => {
    format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: LONDON });
    return format.format(typeof at === "string" ? new Date(at) : at);
  };
};

// ----- Calendar dates (yyyy-mm-dd) ---------------------------------------------------------------

/** "Monday, 3 March 2025": a slot's day in the wizard, its e-mails and the admin's booking detail. */
export const formatLongDate = calendar("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** "Mon, 3 Mar 2025": a slot's day in the admin's lists. */
export const formatWeekdayDate = calendar("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric" });

/** "Mon 3 Mar": the wizard's day headings, and a visitor's own day in {@link formatInZone}. */
export const formatShortDate = calendar("en-GB", { weekday: "short", day: "numeric", month: "short" });

/** "Monday": the name of the day of `date`, e.g. a weekday to tick on the waiting list. */
export const formatDayName = calendar("en-GB", { weekday: "long" });

/** "3 Mar": a day on the analytics chart. */
export const formatDayMonth = calendar("en-GB", { day: "numeric", month: "short" });

/** "March 2025": the month and year heading of the week starting on `date`. */
export const formatMonthYear = calendar("en-GB", { month: "long", year: "numeric" });

// ----- Wall-clock times (HH:MM[:SS], London) -----------------------------------------------------

/** "09:00" (24-hour, en-GB) of a stored `HH:MM[:SS]` time: the public wizard's rule. */
export function formatTime24(time: string): string {
  const [h, m] = parseWallTime(time);
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** "9:00 AM" / "1:30 PM" (12-hour) of a stored `HH:MM[:SS]` time: the admin's rule. */
export function formatTime12(time: string): string {
  const [h, m] = parseWallTime(time);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "9:00 AM – 10:00 AM": an admin slot's range. */
export function formatTimeRange12(start: string, end: string): string {
  return `${formatTime12(start)} – ${formatTime12(end)}`;
}

/** Made on first use, as {@link uk}'s formatters are. */
let zoneName: Intl.DateTimeFormat | undefined;

/** "GMT" or "BST": the UK's clock at the London wall-clock `date` `time`. */
export function ukZoneName(date: string, time: string): "GMT" | "BST" {
  zoneName ??= new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, timeZoneName: "short" });
  const name = zoneName.formatToParts(londonInstant(date, time)).find((p) => p.type === "timeZoneName")?.value;
  return name === "GMT" || name === "UTC" ? "GMT" : "BST";
}

/** "UK time (GMT)" or "UK time (BST)": the UK's clock at the London wall-clock `date` `time`. */
export function ukZoneLabel(date: string, time: string): string {
  return `UK time (${ukZoneName(date, time)})`;
}

/**
 * The London wall-clock `date` `time` in another IANA `zone`, for a visitor abroad: "14:00", or
 * "14:00 (Tue 4 Mar)" when the day differs (that day in the `intl` locale when given). Null when
 * `zone` shows the same date and time as London at that instant, or is not a zone Intl knows.
 */
export function formatInZone(date: string, time: string, zone: string, intl?: string): string | null {
  return formatInstantInZone(londonInstant(date, time), date, time, zone, intl);
}

/** One formatter per zone for {@link formatInstantInZone}: a week of times in the wizard reads the same zone. */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The `yyyy-mm-dd HH:MM` parts of an instant in IANA `zone`; throws a RangeError for a zone Intl does not know. */
function zoneClock(zone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit" });
    zoneClocks.set(zone, clock);
  }
  return clock;
}

/**
 * {@link formatInZone} for the `instant` London's wall-clock `date` `time` already names (the
 * browser's enhancement receives it from the page, so it needs no time-zone database of its own).
 */
export function formatInstantInZone(instant: Date, date: string, time: string, zone: string, intl?: string): string | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneClock(zone).formatToParts(instant);
  } catch {
    return null;
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const localTime = `${get("hour")}:${get("minute")}`;
  const localDate = `${get("year")}-${get("month")}-${get("day")}`;
  if (localTime === formatTime24(time) && localDate === date) return null;
  return localDate === date ? localTime : `${localTime} (${formatShortDate(localDate, intl)})`;
}

/**
 * The long name of IANA `zone` at the London wall-clock `date` `time`, in the `intl` locale
 * ("heure normale d’Afrique centrale"); the zone's id when Intl cannot name it.
 */
export function formatZoneName(date: string, time: string, zone: string, intl: string): string {
  try {
    const parts = new Intl.DateTimeFormat(intl, { timeZone: zone, timeZoneName: "long" }).formatToParts(londonInstant(date, time));
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  } catch {
    return zone;
  }
}

// ----- Instants, on the UK calendar --------------------------------------------------------------

/** "5 Mar 2025": the day something happened (an enquiry, a user added, a passkey, a record). */
export const formatUkDate = uk("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** "5 Mar 2025, 14:07": when a job ran or a feed was read (operations cards, 24-hour). */
export const formatUkDateTime24 = uk("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** "5 Mar 2025, 2:07 pm": when a booking was made (admin, 12-hour). */
export const formatUkDateTime12 = uk("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/** "5 Mar, 14:07": a session's sign-in and last activity (24-hour). */
export const formatUkDayTime24 = uk("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** "5 Mar, 02:07 pm": an audit entry (admin, 12-hour). */
export const formatUkDayTime12 = uk("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h12" });

/** "5 March 2025 at 14:07": a moment in a staff e-mail. */
export const formatUkLongDateTime = uk("en-GB", { dateStyle: "long", timeStyle: "short" });

const time12 = uk("en-GB", { hour: "numeric", minute: "2-digit", hourCycle: "h12" });

/** "9:14 am": the time of day of an instant (admin, 12-hour), "am"/"pm" in lower case whatever the ICU data. */
export function formatUkTime12(at: Date | string): string {
  return time12(at).replace(/\s?([ap])\.?m\.?$/i, " $1m").toLowerCase();
}

const weekdayDay = uk("en-GB", { weekday: "short", day: "numeric", month: "short" });

/**
 * "Tue 3 Dec, 3:00 pm": a booking's time beside the time an engineer's calendar gives it, and when
 * writing it into that calendar failed or is tried again (admin, 12-hour, as {@link formatUkTime12}).
 */
export function formatUkWeekdayTime12(at: Date | string): string {
  return `${weekdayDay(at)}, ${formatUkTime12(at)}`;
}

const articleDate = uk("en-US", { month: "long", day: "numeric", year: "numeric" });

/** "March 5, 2025" (en-US long, on the UK calendar): an article's date; null when missing or invalid. */
export function formatArticleDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : articleDate(d);
}

/**
 * An article's date in a language other than English, on the UK calendar: the long date of the
 * `Intl` locale `intl` ("5 mars 2025", "5 مارس 2025"); null when missing or invalid.
 */
export function formatArticleDateIn(value: string | Date | null | undefined, intl: string): string | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : uk(intl, { dateStyle: "long" })(d);
}

/** A retention period as people read it: "1 day", "30 days", "24 months" (the privacy page and the staff screens). */
export function describePeriod(count: number, unit: "day" | "month"): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * A retention period in a language other than English, written by `Intl` in its locale `intl`
 * ("30 jours", "6 meses", "30 يومًا"); English pages use `describePeriod`.
 */
export function describePeriodIn(count: number, unit: "day" | "month", intl: string): string {
  return new Intl.NumberFormat(intl, { style: "unit", unit, unitDisplay: "long" }).format(count);
}
