/**
 * An engineer's calendar, as iCalendar text (an ICS subscription, or CalDAV objects), turned into
 * the instants they are busy. Pure: no database, no network, no global state (time zones are
 * resolved here, never registered in ical.js's shared registry), so it is unit-tested on its own.
 *
 * Parsing is ical.js's (RFC 5545); the rules on top of it:
 * - VEVENTs only. STATUS:CANCELLED and TRANSP:TRANSPARENT ("free") events are not busy.
 * - Recurrences (RRULE, RDATE) are expanded by ical.js's iterator in the event's own wall-clock
 *   time, so "09:00 every Tuesday in Europe/London" stays 09:00 on both sides of a clock change;
 *   each occurrence is then turned into an instant. EXDATE removes occurrences; a VEVENT with a
 *   RECURRENCE-ID replaces the occurrence it names (moved, shortened, or STATUS:CANCELLED). The
 *   match is by instant, so an EXDATE or RECURRENCE-ID written in UTC still finds an occurrence
 *   written in a named zone. An override whose series is missing is taken as a single event.
 *   RANGE=THISANDFUTURE is treated as that one occurrence.
 * - Zones: a TZID that is an IANA name (Google, Apple, Fastmail) is resolved with the platform's
 *   zone data; another name (Outlook's "GMT Standard Time") with the VTIMEZONE of the same
 *   calendar; UTC ("Z") as UTC. Floating times, and a TZID the calendar does not define, are
 *   taken as Europe/London, where the firm works.
 * - All-day events (VALUE=DATE) are busy from London midnight of their first day to London
 *   midnight of DTEND (exclusive; one day when there is no DTEND or DURATION).
 * - A timed event lasts DTEND − DTSTART of wall-clock time (or DURATION); one with neither, or
 *   ending before it starts, takes no time and is not busy.
 * - Bounded work: the recurrence iterators of one read step through at most `MAX_RECURRENCE_STEPS`
 *   occurrences together (those before the window count: ical.js cannot skip ahead), and at most
 *   `MAX_WINDOW_OCCURRENCES` occurrences may fall inside the window; a calendar past either is
 *   refused whole with {@link CalendarTooLargeError} rather than read in part, since a busy time
 *   left out would let a visitor book over it. At most `MAX_EVENTS` VEVENTs are read. A series'
 *   occurrences are counted before EXDATE and overrides apply. Time and memory are bounded where this
 *   runs (`ics-pool.server.ts`, a worker thread), not here.
 * - A pre-check before the parse: the repeating events are found by a scan of the text's lines
 *   and parsed one at a time, and a rule whose occurrences are evenly spaced (no BY… part,
 *   SECONDLY to WEEKLY) is counted by arithmetic rather than stepped through, so a calendar past
 *   the limits is refused at the event that passes them, without parsing the rest: 5 MB of
 *   `FREQ=SECONDLY` events is refused after its first event (see `refuseByRules`).
 */
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { LONDON } from "~/utils/time";

/** A busy stretch: instants (UTC), half-open `[start, end)`, `start < end`. */
export type BusyInterval = { start: Date; end: Date };

/** The UIDs of the product's own booking events (`booking-{id}@{host}`), by their start and end. */
export type OwnEvents = { uidPrefix: string; uidSuffix: string };

/** The stretch of time to find busy intervals in: instants, half-open `[start, end)`. */
export type TimeWindow = { start: Date; end: Date };

/** Most occurrences the recurrence iterators of one read step through, all series together. */
export const MAX_RECURRENCE_STEPS = 100_000;
/** Most occurrences of events (single or repeating) one read may find inside its window. */
export const MAX_WINDOW_OCCURRENCES = 20_000;
/** Most VEVENTs read from one calendar. */
export const MAX_EVENTS = 50_000;

/** The text is not an iCalendar calendar; `message` is for people. */
export class CalendarFormatError extends Error {
  constructor(message = "The address did not return a calendar (iCalendar data).") {
    super(message);
    this.name = "CalendarFormatError";
  }
}

/** The calendar needs more work than one read may do (see the module's rules); `message` is for people. */
export class CalendarTooLargeError extends CalendarFormatError {
  constructor(message: string) {
    super(message);
    this.name = "CalendarTooLargeError";
  }
}

/**
 * What one read has left to spend (iterator steps and occurrences inside the window), and the
 * caller's checkpoint, called every {@link CHECKPOINT_EVERY} steps and events.
 */
type Allowance = { steps: number; occurrences: number; checkpoint: () => void; untilCheck: number };

/** How many steps or events pass between two calls of the caller's checkpoint. */
const CHECKPOINT_EVERY = 1_000;

/** Counts one unit of work; calls the checkpoint when its turn has come. */
function tick(allowance: Allowance): void {
  if (--allowance.untilCheck <= 0) {
    allowance.untilCheck = CHECKPOINT_EVERY;
    allowance.checkpoint();
  }
}

/** The refusal of a calendar past {@link MAX_WINDOW_OCCURRENCES}. */
const tooManyOccurrences = () =>
  new CalendarTooLargeError(`The calendar is too large to read: it has more than ${MAX_WINDOW_OCCURRENCES.toLocaleString("en-GB")} events in the period we read.`);

/** The refusal of a calendar past {@link MAX_RECURRENCE_STEPS}. */
const tooManySteps = () => new CalendarTooLargeError(`The calendar is too large to read: its repeating events repeat more than ${MAX_RECURRENCE_STEPS.toLocaleString("en-GB")} times.`);

/** Spends one occurrence inside the window; throws {@link CalendarTooLargeError} past the limit. */
function spendOccurrence(allowance: Allowance): void {
  if (--allowance.occurrences < 0) throw tooManyOccurrences();
}

type Zone = { kind: "utc" } | { kind: "iana"; name: string } | { kind: "vtimezone"; tz: ICAL.Timezone };

const LONDON_ZONE: Zone = { kind: "iana", name: LONDON };
const DAY_MS = 86_400_000;
const ianaNames = new Map<string, boolean>();

/** Whether the platform knows `name` as an IANA zone (cached). */
function isIanaZone(name: string): boolean {
  let known = ianaNames.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: name });
      known = name.includes("/") || name === "UTC";
    } catch {
      known = false;
    }
    ianaNames.set(name, known);
  }
  return known;
}

/** A wall-clock time as milliseconds of the same fields read as UTC (zone-free arithmetic). */
function wallOf(t: ICAL.Time): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.isDate ? 0 : t.hour, t.isDate ? 0 : t.minute, t.isDate ? 0 : t.second);
}

/** The fields of a wall-clock value made by {@link wallOf}. */
function fieldsOf(wall: number) {
  const d = new Date(wall);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** The instant (ms) a wall-clock time in `zone` denotes. */
function instantOf(wall: number, zone: Zone): number {
  if (zone.kind === "utc") return wall;
  const f = fieldsOf(wall);
  if (zone.kind === "iana") return new TZDate(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, zone.name).getTime();
  return ICAL.Time.fromData({ ...f, isDate: false }, zone.tz).toUnixTime() * 1000;
}

/** The wall-clock time in `zone` of the instant `ms`. */
function wallAt(ms: number, zone: Zone): number {
  if (zone.kind === "utc") return ms;
  if (zone.kind === "iana") {
    const d = new TZDate(ms, zone.name);
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds());
  }
  return wallOf(ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(zone.tz));
}

/** Resolves TZIDs of one calendar: IANA names first, then the calendar's VTIMEZONEs, else London. */
function zoneResolver(calendar: ICAL.Component): (property: ICAL.Property | null, value: ICAL.Time) => Zone {
  const defined = new Map<string, Zone>();
  for (const vtz of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = vtz.getFirstPropertyValue("tzid");
    if (typeof tzid !== "string" || defined.has(tzid)) continue;
    try {
      defined.set(tzid, { kind: "vtimezone", tz: new ICAL.Timezone({ component: vtz, tzid }) });
    } catch {
      // An unreadable VTIMEZONE: its times fall back to London below.
    }
  }
  return (property, value) => {
    if (value.zone === ICAL.Timezone.utcTimezone) return { kind: "utc" };
    const tzid = property?.getParameter("tzid");
    if (typeof tzid !== "string" || tzid === "") return LONDON_ZONE;
    if (/^(utc|gmt|z)$/i.test(tzid)) return { kind: "utc" };
    if (isIanaZone(tzid)) return { kind: "iana", name: tzid };
    return defined.get(tzid) ?? LONDON_ZONE;
  };
}

/** A point in an event's time: all-day (a London date) or timed (an instant). */
type Point = { allDay: true; wall: number } | { allDay: false; ms: number };

/** The value of a DTSTART/DTEND/RECURRENCE-ID/EXDATE as an instant (timed) or a date (all-day). */
function pointOf(property: ICAL.Property, value: ICAL.Time, resolve: ReturnType<typeof zoneResolver>): Point {
  if (value.isDate) return { allDay: true, wall: wallOf(value) };
  return { allDay: false, ms: instantOf(wallOf(value), resolve(property, value)) };
}

/** The key an occurrence is matched by (EXDATE, RECURRENCE-ID): the instant, or the date. */
function keyOf(point: Point): string {
  return point.allDay ? `d${point.wall}` : `t${point.ms}`;
}

/** A time value of a property (DTSTART etc.), or null when absent or not a date/date-time. */
function timeOf(property: ICAL.Property | null): ICAL.Time | null {
  const value = property?.getFirstValue();
  return value instanceof ICAL.Time ? value : null;
}

function isFree(event: ICAL.Component): boolean {
  const status = String(event.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(event.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transp === "TRANSPARENT";
}

/** A busy interval in ms, or null when the occurrence takes no time. */
type Span = { start: number; end: number } | null;

/**
 * The span of one occurrence starting at wall-clock `startWall` (in the event's start zone), from
 * the event's DTEND or DURATION as wall-clock time. All-day occurrences are London days.
 */
function spanOf(event: ICAL.Component, startWall: number, allDay: boolean, startZone: Zone, resolve: ReturnType<typeof zoneResolver>): Span {
  const dtstart = timeOf(event.getFirstProperty("dtstart"))!;
  const endProperty = event.getFirstProperty("dtend");
  const dtend = timeOf(endProperty);
  const duration = event.getFirstPropertyValue("duration");
  let lengthWall: number | null = null;
  let exactEnd: number | null = null;
  if (dtend) {
    if (allDay || dtend.isDate) lengthWall = wallOf(dtend) - wallOf(dtstart);
    else {
      const endZone = resolve(endProperty, dtend);
      const sameZone = JSON.stringify(endZone.kind === "vtimezone" ? endZone.tz.tzid : endZone) === JSON.stringify(startZone.kind === "vtimezone" ? startZone.tz.tzid : startZone);
      if (sameZone) lengthWall = wallOf(dtend) - wallOf(dtstart);
      // Ends written in another zone (a flight): the exact length between the two instants.
      else exactEnd = instantOf(wallOf(dtend), endZone) - instantOf(wallOf(dtstart), startZone);
    }
  } else if (duration instanceof ICAL.Duration) {
    lengthWall = duration.toSeconds() * 1000;
  } else if (allDay) {
    lengthWall = DAY_MS;
  } else {
    return null;
  }
  if (allDay) {
    const days = Math.max(1, Math.round((lengthWall ?? 0) / DAY_MS));
    return { start: instantOf(startWall, LONDON_ZONE), end: instantOf(startWall + days * DAY_MS, LONDON_ZONE) };
  }
  const start = instantOf(startWall, startZone);
  const end = exactEnd !== null ? start + exactEnd : instantOf(startWall + lengthWall!, startZone);
  return end > start ? { start, end } : null;
}

/** The spans of one master event (single or recurring), minus excluded and overridden occurrences. */
function expandMaster(event: ICAL.Component, overridden: Set<string>, windowStart: number, windowEnd: number, resolve: ReturnType<typeof zoneResolver>, allowance: Allowance): Span[] {
  const startProperty = event.getFirstProperty("dtstart");
  const dtstart = timeOf(startProperty);
  if (!startProperty || !dtstart) return [];
  const allDay = dtstart.isDate;
  const zone = allDay ? LONDON_ZONE : resolve(startProperty, dtstart);
  const rules = event.getAllProperties("rrule").map((p) => p.getFirstValue()).filter((r): r is ICAL.Recur => r instanceof ICAL.Recur);
  const rdates = event.getAllProperties("rdate").flatMap((p) => p.getValues().map((v) => ({ p, v })));
  const spans: Span[] = [];
  const startWall = wallOf(dtstart);
  if (rules.length === 0 && rdates.length === 0) {
    if (overridden.has(keyOf(pointOf(startProperty, dtstart, resolve)))) return spans;
    const span = spanOf(event, startWall, allDay, zone, resolve);
    if (span && span.end > windowStart && span.start < windowEnd) {
      spendOccurrence(allowance);
      spans.push(span);
    }
    return spans;
  }
  const excluded = new Set<string>();
  for (const p of event.getAllProperties("exdate")) {
    for (const v of p.getValues()) if (v instanceof ICAL.Time) excluded.add(keyOf(pointOf(p, v, resolve)));
  }
  // Wall-clock bounds a little wider than the window (zone offsets are under a day), so the loop
  // below converts to instants only the occurrences that can touch the window.
  const windowStartWall = wallAt(windowStart, zone) - 2 * DAY_MS;
  const windowEndWall = wallAt(windowEnd, zone) + 2 * DAY_MS;
  const first = spanOf(event, startWall, allDay, zone, resolve);
  const length = first ? first.end - first.start : 0;
  const starts = new Set<number>([startWall]);
  // The recurrence in the event's wall-clock time: a floating start, and an UNTIL given in UTC
  // turned into the same wall clock, so the iterator compares like with like.
  const floatingStart = ICAL.Time.fromData({ ...fieldsOf(startWall), isDate: allDay }, ICAL.Timezone.localTimezone);
  for (const rule of rules) {
    const recur = rule.clone();
    if (recur.until && !recur.until.isDate && recur.until.zone === ICAL.Timezone.utcTimezone) {
      const untilWall = wallAt(recur.until.toUnixTime() * 1000, zone);
      recur.until = ICAL.Time.fromData({ ...fieldsOf(untilWall), isDate: false }, ICAL.Timezone.localTimezone);
    }
    const iterator = recur.iterator(floatingStart.clone());
    for (;;) {
      if (--allowance.steps < 0) throw tooManySteps();
      tick(allowance);
      const next = iterator.next();
      if (!next) break;
      const wall = wallOf(next);
      if (wall >= windowEndWall) break;
      if (wall + length >= windowStartWall && !starts.has(wall)) {
        spendOccurrence(allowance);
        starts.add(wall);
      }
    }
  }
  for (const { p, v } of rdates) {
    const time = v instanceof ICAL.Time ? v : v instanceof ICAL.Period ? v.start : null;
    if (!time) continue;
    const point = pointOf(p, time, resolve);
    const wall = point.allDay ? point.wall : wallAt(point.ms, zone);
    if (wall < windowEndWall && wall + length >= windowStartWall && !starts.has(wall)) {
      spendOccurrence(allowance);
      starts.add(wall);
    }
  }
  for (const wall of starts) {
    const key = allDay ? `d${wall}` : `t${instantOf(wall, zone)}`;
    if (excluded.has(key) || overridden.has(key)) continue;
    const span = spanOf(event, wall, allDay, zone, resolve);
    if (span && span.end > windowStart && span.start < windowEnd) spans.push(span);
  }
  return spans;
}

/** The calendars in `text` (one or several VCALENDARs); throws {@link CalendarFormatError}. */
function parseCalendars(text: string): ICAL.Component[] {
  const trimmed = calendarText(text);
  if (trimmed === null) throw new CalendarFormatError();
  let parsed: unknown;
  try {
    parsed = ICAL.parse(trimmed);
  } catch {
    throw new CalendarFormatError("The calendar could not be read: it is not valid iCalendar data.");
  }
  const list = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  return list.map((jcal) => new ICAL.Component(jcal as unknown[]));
}

/**
 * Wall-clock milliseconds between two occurrences of a rule of each frequency that has no BY…
 * part, at INTERVAL=1: such a rule's occurrences are DTSTART plus a whole number of these (in the
 * event's wall-clock time, where the iterator runs). Months and years vary in length.
 */
const FIXED_PERIOD_MS: Readonly<Record<string, number>> = { SECONDLY: 1_000, MINUTELY: 60_000, HOURLY: 3_600_000, DAILY: DAY_MS, WEEKLY: 7 * DAY_MS };

/**
 * What the recurrence iterator of `rule` (a series starting at wall-clock `startWall`) does at
 * least before it passes wall-clock `hi`, counted by arithmetic instead of stepping: `steps`, the
 * occurrences it steps through (DTSTART's included), and `inside`, those after DTSTART at or after
 * `lo`, the first of them being occurrence number `first` (DTSTART is 0). Null for a rule whose
 * occurrences are not evenly spaced (a BY… part, MONTHLY, YEARLY) or a sub-daily rule of an
 * all-day event. An UNTIL is taken a day early, so that in whatever zone the iterator reads it the
 * counts are not more than it finds.
 */
function countedRule(rule: ICAL.Recur, startWall: number, allDay: boolean, lo: number, hi: number): { steps: number; inside: number; first: number } | null {
  const period = FIXED_PERIOD_MS[rule.freq];
  if (!period || Object.keys(rule.parts).length > 0 || (allDay && period < DAY_MS)) return null;
  const step = period * Math.max(1, rule.interval || 1);
  // The number of the last occurrence counted: before `hi`, within COUNT and UNTIL.
  let last = Math.ceil((hi - startWall) / step) - 1;
  if (rule.count) last = Math.min(last, rule.count - 1);
  if (rule.until) last = Math.min(last, Math.floor((wallOf(rule.until) - DAY_MS - startWall) / step));
  const first = Math.max(1, Math.ceil((lo - startWall) / step));
  return last < 0 ? { steps: 0, inside: 0, first } : { steps: last + 1, inside: Math.max(0, last - first + 1), first };
}

/**
 * Calls `each` with every content line of `text` that starts with B, E or R (either case: BEGIN,
 * END, RRULE), unfolded as ICAL.parse unfolds (a line break followed by a space or tab joins;
 * after an empty line, the folded lines that follow it make a line of their own), and the offsets
 * of its first character and of the line after it. Other lines are passed over without being
 * copied.
 */
function eachBerLine(text: string, each: (line: string, start: number, end: number) => void): void {
  const length = text.length;
  let pos = 0;
  while (pos < length) {
    const start = pos;
    let newline = text.indexOf("\n", pos);
    const first = text.charCodeAt(start) | 0x20;
    const empty = newline === start || (newline === start + 1 && text[start] === "\r");
    if (first !== 0x62 && first !== 0x65 && first !== 0x72 && !empty) {
      pos = newline < 0 ? length : newline + 1;
      continue;
    }
    let line = "";
    for (;;) {
      const stop = newline < 0 ? length : newline;
      line += text.slice(pos, stop > pos && text[stop - 1] === "\r" ? stop - 1 : stop);
      pos = newline < 0 ? length : newline + 1;
      if (pos >= length || (text[pos] !== " " && text[pos] !== "\t")) break;
      pos++;
      newline = text.indexOf("\n", pos);
    }
    if (line !== "") each(line, start, pos);
  }
}

/**
 * The pre-check of a read: refuses the calendars in `texts` with {@link CalendarTooLargeError}
 * before they are parsed whole, when their repeating events alone, counted from their rules rather
 * than stepped through, go past {@link MAX_WINDOW_OCCURRENCES} or {@link MAX_RECURRENCE_STEPS}.
 * A hostile calendar (5 MB of `FREQ=SECONDLY` events) is then refused after reading its first
 * event, not after a parse of the whole text and 20,000 steps of the iterator.
 *
 * The text is scanned line by line for the VEVENTs of each calendar (the first `MAX_EVENTS`, as
 * the read takes them); only one with an RRULE is parsed, on its own, and counted as the read
 * would: not when it overrides an occurrence (RECURRENCE-ID), is free or cancelled, or is one of
 * `isOurs`; its first rule's occurrences inside the window and every rule's steps, for rules
 * whose occurrences are evenly spaced (see {@link countedRule}). The window is taken a day
 * narrower on both sides than the read's, so the counts are never more than the read finds
 * whatever the event's zone: a calendar refused here is one the read would refuse (it may name
 * the other limit when a calendar is near both). An event with a value the read cannot decode is
 * left to the read, which skips it; one in a zone whose VTIMEZONE ical.js cannot convert with is
 * not (the zones are not read here), so such an event whose rule alone passes the limits is
 * refused here where the read would skip it. Anything else (single events, RDATE, BY… rules, a text
 * that is not iCalendar) is left to the read. `checkpoint` is called every 1,000 events parsed.
 */
function refuseByRules(texts: string[], windowStart: number, windowEnd: number, isOurs: (uid: string) => boolean, checkpoint: () => void): void {
  const lo = windowStart - DAY_MS;
  const hi = windowEnd + DAY_MS;
  let stepsLeft = MAX_RECURRENCE_STEPS;
  let occurrencesLeft = MAX_WINDOW_OCCURRENCES;
  let events = 0;
  let parsed = 0;
  const count = (chunk: string) => {
    if (++parsed % CHECKPOINT_EVERY === 0) checkpoint();
    try {
      const event = new ICAL.Component(ICAL.parse(chunk) as unknown[]);
      const dtstart = timeOf(event.getFirstProperty("dtstart"));
      if (event.name !== "vevent" || !dtstart || event.hasProperty("recurrence-id") || isFree(event) || isOurs(String(event.getFirstPropertyValue("uid") ?? ""))) return;
      // The values the read decodes before it steps through the rules: one it cannot decode (a
      // DTEND of "garbage") makes it skip the event, so the throw here leaves the event to it.
      timeOf(event.getFirstProperty("dtend"));
      event.getFirstPropertyValue("duration");
      for (const p of [...event.getAllProperties("rdate"), ...event.getAllProperties("exdate")]) p.getValues();
      const rules = event.getAllProperties("rrule").map((p) => p.getFirstValue());
      rules.forEach((rule, i) => {
        const counted = rule instanceof ICAL.Recur ? countedRule(rule, wallOf(dtstart), dtstart.isDate, lo, hi) : null;
        if (!counted) return;
        // Only the first rule's occurrences are surely new; a later rule's may repeat them.
        const inside = i === 0 ? counted.inside : 0;
        // The iterator's step at which each limit would be passed; the earlier names the refusal.
        const stepsPassedAt = counted.steps > stepsLeft ? stepsLeft + 1 : Infinity;
        const occurrencesPassedAt = inside > occurrencesLeft ? counted.first + occurrencesLeft + 1 : Infinity;
        if (stepsPassedAt !== Infinity || occurrencesPassedAt !== Infinity) throw stepsPassedAt <= occurrencesPassedAt ? tooManySteps() : tooManyOccurrences();
        stepsLeft -= counted.steps;
        occurrencesLeft -= inside;
      });
    } catch (error) {
      if (error instanceof CalendarTooLargeError) throw error;
      // Unreadable on its own: left to the read, which refuses the text or skips the event.
    }
  };
  for (const text of texts.map(calendarText)) {
    if (text === null) continue;
    let depth = 0;
    let eventStart = -1;
    let hasRule = false;
    eachBerLine(text, (line, start, end) => {
      // BEGIN and END as ICAL.parse reads them (a name in ASCII of either case, a colon and no
      // parameter; "BEGIN;X=1:VEVENT" is a property to it), so this depth is the parse's: a
      // VEVENT directly inside a top-level component (a VCALENDAR) is one the read takes. The
      // flag-i patterns match no other letter (a dotless ı is not an I to them).
      if (/^BEGIN:/i.test(line)) {
        if (depth === 1 && /^BEGIN:VEVENT$/i.test(line) && events++ < MAX_EVENTS) {
          eventStart = start;
          hasRule = false;
        }
        depth++;
      } else if (/^END:/i.test(line)) {
        depth = Math.max(0, depth - 1);
        if (depth === 1 && eventStart >= 0) {
          if (hasRule) count(text.slice(eventStart, end));
          eventStart = -1;
        }
      } else if (depth === 2 && eventStart >= 0 && /^RRULE[:;]/i.test(line)) {
        hasRule = true;
      }
    });
  }
}

/** `text` without a byte-order mark and white space before it, or null when it does not start as a calendar does. */
function calendarText(text: string): string | null {
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  return /^BEGIN:VCALENDAR/i.test(trimmed) ? trimmed : null;
}

/**
 * The busy intervals of the calendars in `texts` (each one iCalendar document, e.g. an ICS
 * subscription's body or one CalDAV object) that overlap `window`: clipped to the window, merged
 * where they overlap or touch, sorted by start. Instants (UTC), half-open `[start, end)`, each
 * with `start < end`. Throws {@link CalendarFormatError} when a text is not iCalendar, and
 * {@link CalendarTooLargeError} when it needs more steps or occurrences than a read may take; an
 * event it cannot read (no DTSTART, a broken rule) is skipped, not fatal. A calendar whose rules
 * alone pass the limits is refused before it is parsed whole (the pre-check, `refuseByRules`).
 * `checkpoint` is called after each document is parsed and every 1,000 recurrence steps and
 * events (and events the pre-check parses); what it throws ends the read (the worker's CPU
 * budget). Events of `ours` (the bookings we wrote, or that were e-mailed and accepted into the
 * calendar: their UID starts with `uidPrefix` and ends with `uidSuffix`) are not busy: the
 * booking side counts the bookings themselves. CPU-bound: servers call it through
 * `expandInWorker` (`ics-pool.server.ts`), never on the thread that answers requests.
 */
export function busyIntervalsFromIcs(texts: string | string[], window: TimeWindow, checkpoint: () => void = () => {}, ours: OwnEvents | null = null): BusyInterval[] {
  const isOurs = (uid: string) => ours !== null && uid.startsWith(ours.uidPrefix) && uid.endsWith(ours.uidSuffix);
  const windowStart = window.start.getTime();
  const windowEnd = window.end.getTime();
  if (!(windowEnd > windowStart)) return [];
  const spans: { start: number; end: number }[] = [];
  const all = Array.isArray(texts) ? texts : [texts];
  refuseByRules(all, windowStart, windowEnd, isOurs, checkpoint);
  const allowance: Allowance = { steps: MAX_RECURRENCE_STEPS, occurrences: MAX_WINDOW_OCCURRENCES, checkpoint, untilCheck: CHECKPOINT_EVERY };
  let read = 0;
  for (const text of all) {
    for (const calendar of parseCalendars(text)) {
      checkpoint();
      const resolve = zoneResolver(calendar);
      // The events are built without their calendar as parent: for a TZID the calendar has no
      // VTIMEZONE for, ical.js would search every component of the calendar each time one of
      // their times is read (quadratic in the events). `zoneResolver` resolves zones instead.
      const events = (calendar.jCal[2] as unknown[][])
        .filter((jcal) => jcal[0] === "vevent")
        .slice(0, Math.max(0, MAX_EVENTS - read))
        .map((jcal) => new ICAL.Component(jcal));
      read += events.length;
      // Overrides (a RECURRENCE-ID) by UID: the occurrences they replace, and their own spans.
      const overriddenByUid = new Map<string, Set<string>>();
      const masters: ICAL.Component[] = [];
      for (const event of events) {
        const recurrenceProperty = event.getFirstProperty("recurrence-id");
        const recurrenceId = timeOf(recurrenceProperty);
        if (!recurrenceProperty || !recurrenceId) {
          masters.push(event);
          continue;
        }
        const uid = String(event.getFirstPropertyValue("uid") ?? "");
        if (isOurs(uid)) continue;
        const set = overriddenByUid.get(uid) ?? new Set<string>();
        set.add(keyOf(pointOf(recurrenceProperty, recurrenceId, resolve)));
        overriddenByUid.set(uid, set);
        // The moved occurrence stands on its own (as a single event), unless cancelled or free.
        if (!isFree(event)) masters.push(stripRecurrence(event));
      }
      for (const event of masters) {
        tick(allowance);
        const uid = String(event.getFirstPropertyValue("uid") ?? "");
        if (isFree(event) || isOurs(uid)) continue;
        try {
          const overridden = event.hasProperty("recurrence-id") ? new Set<string>() : (overriddenByUid.get(uid) ?? new Set<string>());
          for (const span of expandMaster(event, overridden, windowStart, windowEnd, resolve, allowance)) {
            if (span && span.end > windowStart && span.start < windowEnd) {
              spans.push({ start: Math.max(span.start, windowStart), end: Math.min(span.end, windowEnd) });
            }
          }
        } catch (error) {
          // One unreadable event (a broken rule or date) does not hide the rest of the calendar;
          // a calendar past the read's limits is refused whole.
          if (error instanceof CalendarTooLargeError) throw error;
        }
      }
    }
  }
  return mergeSpans(spans).map((s) => ({ start: new Date(s.start), end: new Date(s.end) }));
}

/** One event's times and STATUS as a calendar holds it: instants (UTC), half-open; STATUS upper-cased ("" when absent). */
export type EventTimes = { start: Date; end: Date; status: string };

/**
 * The times and STATUS of the event `uid` in the iCalendar `text` (one CalDAV object: its VEVENT
 * with that UID and no RECURRENCE-ID), read by the rules of {@link busyIntervalsFromIcs} (zones,
 * all-day days, DTEND or DURATION); null when the text holds no such event or it has no start.
 * Throws {@link CalendarFormatError} when the text is not iCalendar. Servers call it through
 * `readEventInWorker` (`ics-pool.server.ts`), never on the thread that answers requests.
 */
export function eventTimesFromIcs(text: string, uid: string): EventTimes | null {
  for (const calendar of parseCalendars(text)) {
    const resolve = zoneResolver(calendar);
    const jcal = (calendar.jCal[2] as unknown[][]).find((c) => {
      if (c[0] !== "vevent") return false;
      const event = new ICAL.Component(c);
      return String(event.getFirstPropertyValue("uid") ?? "") === uid && !event.hasProperty("recurrence-id");
    });
    if (!jcal) continue;
    const event = new ICAL.Component(jcal);
    const startProperty = event.getFirstProperty("dtstart");
    const dtstart = timeOf(startProperty);
    if (!startProperty || !dtstart) return null;
    const zone = dtstart.isDate ? LONDON_ZONE : resolve(startProperty, dtstart);
    const span = spanOf(event, wallOf(dtstart), dtstart.isDate, zone, resolve);
    const start = span?.start ?? instantOf(wallOf(dtstart), zone);
    return { start: new Date(start), end: new Date(span?.end ?? start), status: String(event.getFirstPropertyValue("status") ?? "").toUpperCase() };
  }
  return null;
}

/** An override as a single event: its own DTSTART/DTEND, no rule of its series, marked as an override. */
function stripRecurrence(event: ICAL.Component): ICAL.Component {
  const copy = ICAL.Component.fromString(event.toString());
  for (const name of ["rrule", "rdate", "exdate"]) copy.removeAllProperties(name);
  return copy;
}

/** Sorted, non-overlapping spans covering the same time; touching spans are joined. */
function mergeSpans(spans: { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
