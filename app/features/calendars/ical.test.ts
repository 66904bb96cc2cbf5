/**
 * Busy times from iCalendar text, on calendars written the way Outlook (Exchange) and Google
 * Calendar export them: recurrences with EXDATE and moved or cancelled instances, the March and
 * October clock changes, all-day events, free and cancelled events, events across midnight.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import ICAL from "ical.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { busyIntervalsFromIcs, CalendarFormatError, CalendarTooLargeError, MAX_WINDOW_OCCURRENCES } from "./ical";

const fixture = (name: string) => readFileSync(path.join(__dirname, "../../../tests/fixtures/calendars", name), "utf8");
const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
/** Intervals as `start/end` ISO strings, for readable comparisons. */
const iso = (list: { start: Date; end: Date }[]) => list.map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);
const span = (start: string, end: string) => `${new Date(start).toISOString()}/${new Date(end).toISOString()}`;

/** A calendar of the given VEVENT bodies (lines joined with CRLF). */
function calendar(...events: string[][]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN", ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]), "END:VCALENDAR", ""].join("\r\n");
}

describe("an Outlook (Exchange 2010) calendar, zone \"GMT Standard Time\" from its VTIMEZONE", () => {
  const busy = iso(busyIntervalsFromIcs(fixture("outlook.ics"), window("2026-10-19T00:00:00Z", "2026-12-01T00:00:00Z")));

  it("expands the weekly series across the October clock change, with its EXDATE and moved instance", () => {
    expect(busy).toContain(span("2026-10-20T08:00:00Z", "2026-10-20T10:30:00Z")); // 09:00 BST
    expect(busy).toContain(span("2026-10-27T09:00:00Z", "2026-10-27T11:30:00Z")); // 09:00 GMT
    expect(busy).toContain(span("2026-11-03T14:00:00Z", "2026-11-03T15:00:00Z")); // moved to the afternoon
    expect(busy.some((b) => b.startsWith("2026-11-03T09:00"))).toBe(false);
    expect(busy.some((b) => b.startsWith("2026-11-10"))).toBe(false); // EXDATE
    expect(busy).toContain(span("2026-11-24T09:00:00Z", "2026-11-24T11:30:00Z")); // UNTIL is inclusive
  });

  it("gives all-day events whole London days (DTEND exclusive), in summer and in winter time", () => {
    expect(busy).toContain(span("2026-10-21T23:00:00Z", "2026-10-23T23:00:00Z"));
    expect(busy).toContain(span("2026-10-26T00:00:00Z", "2026-10-27T00:00:00Z"));
  });

  it("keeps an event across midnight on the night the clocks go back whole (six hours)", () => {
    expect(busy).toContain(span("2026-10-24T21:00:00Z", "2026-10-25T03:00:00Z"));
  });

  it("ignores free (TRANSP:TRANSPARENT) and cancelled events", () => {
    expect(busy.some((b) => b.startsWith("2026-10-21T11:00"))).toBe(false);
    expect(busy.some((b) => b.startsWith("2026-10-28"))).toBe(false);
  });

  it("finds exactly these busy times", () => {
    expect(busy).toEqual([
      span("2026-10-20T08:00:00Z", "2026-10-20T10:30:00Z"),
      span("2026-10-21T23:00:00Z", "2026-10-23T23:00:00Z"),
      span("2026-10-24T21:00:00Z", "2026-10-25T03:00:00Z"),
      span("2026-10-26T00:00:00Z", "2026-10-27T00:00:00Z"),
      span("2026-10-27T09:00:00Z", "2026-10-27T11:30:00Z"),
      span("2026-11-03T14:00:00Z", "2026-11-03T15:00:00Z"),
      span("2026-11-17T09:00:00Z", "2026-11-17T11:30:00Z"),
      span("2026-11-24T09:00:00Z", "2026-11-24T11:30:00Z"),
    ]);
  });
});

describe("a Google Calendar export, TZID Europe/London", () => {
  const busy = iso(busyIntervalsFromIcs(fixture("google.ics"), window("2026-03-16T00:00:00Z", "2026-05-01T00:00:00Z")));

  it("finds exactly these busy times across the March clock change", () => {
    expect(busy).toEqual([
      span("2026-03-17T10:00:00Z", "2026-03-17T11:00:00Z"),
      span("2026-03-24T10:00:00Z", "2026-03-24T11:00:00Z"),
      span("2026-03-27T08:30:00Z", "2026-03-27T08:45:00Z"),
      span("2026-03-28T08:30:00Z", "2026-03-28T08:45:00Z"),
      span("2026-03-28T23:00:00Z", "2026-03-29T03:00:00Z"), // written in UTC, across midnight
      span("2026-03-29T07:30:00Z", "2026-03-29T07:45:00Z"), // 08:30 BST on the day the clocks go forward
      span("2026-03-29T23:00:00Z", "2026-03-30T23:00:00Z"), // all day Monday 30 March (BST)
      span("2026-03-31T07:30:00Z", "2026-03-31T07:45:00Z"), // 30 March's stand-up was cancelled
      span("2026-03-31T09:00:00Z", "2026-03-31T10:00:00Z"),
      span("2026-04-14T14:00:00Z", "2026-04-14T15:00:00Z"), // the moved instance; 7 April is an EXDATE
      span("2026-04-21T09:00:00Z", "2026-04-21T10:00:00Z"), // UNTIL 08:59:59Z leaves out 28 April
    ]);
  });

  it("clips intervals to the window and looks only inside it", () => {
    const part = iso(busyIntervalsFromIcs(fixture("google.ics"), window("2026-03-29T00:00:00Z", "2026-03-30T00:00:00Z")));
    expect(part).toEqual([
      span("2026-03-29T00:00:00Z", "2026-03-29T03:00:00Z"),
      span("2026-03-29T07:30:00Z", "2026-03-29T07:45:00Z"),
      span("2026-03-29T23:00:00Z", "2026-03-30T00:00:00Z"),
    ]);
  });
});

describe("zones and odd shapes", () => {
  const w = window("2026-06-01T00:00:00Z", "2026-06-30T00:00:00Z");

  it("takes floating times as Europe/London and resolves an IANA zone with no VTIMEZONE", () => {
    const text = calendar(
      ["UID:floating", "DTSTART:20260602T090000", "DTEND:20260602T100000"],
      ["UID:new-york", "DTSTART;TZID=America/New_York:20260603T090000", "DTEND;TZID=America/New_York:20260603T100000"],
    );
    expect(iso(busyIntervalsFromIcs(text, w))).toEqual([
      span("2026-06-02T08:00:00Z", "2026-06-02T09:00:00Z"),
      span("2026-06-03T13:00:00Z", "2026-06-03T14:00:00Z"),
    ]);
  });

  it("matches an EXDATE and a RECURRENCE-ID written in UTC against a series in a named zone", () => {
    const text = calendar(
      ["UID:s", "DTSTART;TZID=Europe/London:20260601T090000", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20260602T080000Z"],
      ["UID:s", "RECURRENCE-ID:20260603T080000Z", "DTSTART;TZID=Europe/London:20260603T160000", "DURATION:PT30M"],
    );
    expect(iso(busyIntervalsFromIcs(text, w))).toEqual([
      span("2026-06-01T08:00:00Z", "2026-06-01T09:00:00Z"),
      span("2026-06-03T15:00:00Z", "2026-06-03T15:30:00Z"),
    ]);
  });

  it("merges overlapping events, and skips events with no length or no start", () => {
    const text = calendar(
      ["UID:a", "DTSTART:20260610T090000Z", "DTEND:20260610T100000Z"],
      ["UID:b", "DTSTART:20260610T093000Z", "DTEND:20260610T110000Z"],
      ["UID:c", "DTSTART:20260611T090000Z"],
      ["UID:d", "SUMMARY:no start"],
    );
    expect(iso(busyIntervalsFromIcs(text, w))).toEqual([span("2026-06-10T09:00:00Z", "2026-06-10T11:00:00Z")]);
  });

  it("refuses a runaway rule whole, rather than leaving busy times out", () => {
    const text = calendar(["UID:m", "DTSTART:20000101T000000Z", "DTEND:20000101T000030Z", "RRULE:FREQ=MINUTELY"]);
    expect(() => busyIntervalsFromIcs(text, w)).toThrow(new CalendarTooLargeError("The calendar is too large to read: its repeating events repeat more than 100,000 times."));
    // A rule that fills the window with occurrences is refused at the occurrence limit.
    const dense = calendar(["UID:s", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY"]);
    expect(() => busyIntervalsFromIcs(dense, w)).toThrow(new CalendarTooLargeError("The calendar is too large to read: it has more than 20,000 events in the period we read."));
  });

  it("refuses text that is not a calendar", () => {
    expect(() => busyIntervalsFromIcs("<!doctype html><title>Sign in</title>", w)).toThrow(CalendarFormatError);
    expect(() => busyIntervalsFromIcs("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", w)).toThrow(CalendarFormatError);
  });
});

describe("the pre-check: repeating events counted from their rules before the calendar is parsed whole", () => {
  const w = window("2026-06-01T00:00:00Z", "2027-06-01T00:00:00Z");
  const TOO_MANY = new CalendarTooLargeError("The calendar is too large to read: it has more than 20,000 events in the period we read.");
  const secondly = (extra: string[] = [], i = 0) => [`UID:h${i}@hostile.example`, "DTSTAMP:20260601T000000Z", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY", ...extra];
  afterEach(() => vi.restoreAllMocks());

  it("refuses 5 MB of FREQ=SECONDLY events with the reason, having parsed only the first of them and stepped through none", () => {
    const text = calendar(...Array.from({ length: 40_000 }, (_, i) => secondly([], i)));
    expect(text.length).toBeGreaterThan(4.9e6);
    const parse = vi.spyOn(ICAL, "parse");
    const checkpoint = vi.fn();
    expect(() => busyIntervalsFromIcs(text, w, checkpoint)).toThrow(TOO_MANY);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]![0].length).toBeLessThan(200);
    // The read calls its checkpoint after each parse of a calendar and every 1,000 steps: neither happened.
    expect(checkpoint).not.toHaveBeenCalled();
  });

  it("refuses at the read's own limit: 20,000 occurrences after the first fit, one more does not", () => {
    const parse = vi.spyOn(ICAL, "parse");
    const fits = calendar(["UID:s", "DTSTART:20260601T000000Z", "DURATION:PT1S", `RRULE:FREQ=SECONDLY;COUNT=${MAX_WINDOW_OCCURRENCES + 1}`]);
    expect(iso(busyIntervalsFromIcs(fits, w))).toEqual([span("2026-06-01T00:00:00Z", "2026-06-01T05:33:21Z")]);
    expect(parse).toHaveBeenCalledTimes(2); // the event on its own, then the calendar
    parse.mockClear();
    const over = calendar(["UID:s", "DTSTART:20260601T000000Z", "DURATION:PT1S", `RRULE:FREQ=SECONDLY;COUNT=${MAX_WINDOW_OCCURRENCES + 2}`]);
    expect(() => busyIntervalsFromIcs(over, w)).toThrow(TOO_MANY);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it("adds up the events in turn and stops at the one that passes the limit: 55 daily series of a year", () => {
    const text = calendar(...Array.from({ length: 400 }, (_, i) => [`UID:d${i}`, `DTSTART;TZID=Europe/London:20260601T${String(i % 24).padStart(2, "0")}0000`, "DURATION:PT5M", "RRULE:FREQ=DAILY;INTERVAL=1"]));
    const parse = vi.spyOn(ICAL, "parse");
    expect(() => busyIntervalsFromIcs(text, w)).toThrow(TOO_MANY);
    // 365 occurrences after the first in the window each: 54 of them are 19,710.
    expect(parse).toHaveBeenCalledTimes(55);
  });

  it("counts COUNT, UNTIL and INTERVAL, unfolds a folded rule, and names the step limit when the rule reaches it first", () => {
    const parse = vi.spyOn(ICAL, "parse");
    expect(() => busyIntervalsFromIcs(calendar(["UID:u", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=MINUTELY;INTERVAL=2;UNTIL=20260701T000000Z"]), w)).toThrow(TOO_MANY);
    expect(() => busyIntervalsFromIcs(calendar(["UID:f", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RR", " ULE:FREQ=SECO", "\tNDLY"]), w)).toThrow(TOO_MANY);
    expect(() => busyIntervalsFromIcs(calendar(["UID:m", "DTSTART:20000101T000000Z", "DURATION:PT30S", "RRULE:FREQ=MINUTELY"]), w)).toThrow(
      new CalendarTooLargeError("The calendar is too large to read: its repeating events repeat more than 100,000 times."),
    );
    expect(parse).toHaveBeenCalledTimes(3);
    // Fewer than the limit: read whole, and every occurrence is busy.
    parse.mockClear();
    const weekly = busyIntervalsFromIcs(calendar(["UID:w", "DTSTART;TZID=Europe/London:20260602T090000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20260801T000000Z"]), w);
    expect(iso(weekly)).toEqual(["2026-06-02", "2026-06-16", "2026-06-30", "2026-07-14", "2026-07-28"].map((d) => span(`${d}T08:00:00Z`, `${d}T09:00:00Z`)));
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("leaves to the read what the read does not count (free, cancelled, our own, an override) or counts by stepping (a BY… rule)", () => {
    const ours = { uidPrefix: "booking-", uidSuffix: "@localhost" };
    const skipped = calendar(
      secondly(["TRANSP:TRANSPARENT"], 1),
      secondly(["STATUS:CANCELLED"], 2),
      ["UID:booking-7@localhost", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY"],
      ["UID:s", "RECURRENCE-ID:20260602T000000Z", "DTSTART:20260602T100000Z", "DURATION:PT1H", "RRULE:FREQ=SECONDLY"],
    );
    expect(iso(busyIntervalsFromIcs(skipped, w, undefined, ours))).toEqual([span("2026-06-02T10:00:00Z", "2026-06-02T11:00:00Z")]);
    // Once a minute by BYSECOND: not counted here, refused by the read's own steps.
    const parse = vi.spyOn(ICAL, "parse");
    expect(() => busyIntervalsFromIcs(calendar(["UID:b", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;BYSECOND=0"]), w)).toThrow(TOO_MANY);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it("finds a rule as ICAL.parse reads it: with a parameter, in lower case, with LF line ends", () => {
    const parse = vi.spyOn(ICAL, "parse");
    const event = (rrule: string) => ["UID:p", "DTSTAMP:20260601T000000Z", "DTSTART:20260601T000000Z", "DURATION:PT1S", rrule];
    const texts = [
      calendar(event("RRULE;X-FOO=1:FREQ=SECONDLY")),
      calendar(event("rrule:FREQ=SECONDLY")).replace("BEGIN:VEVENT", "begin:vevent").replace("END:VEVENT", "end:vevent"),
      calendar(event("RRULE:FREQ=SECONDLY")).replace(/\r\n/g, "\n"),
    ];
    for (const text of texts) expect(() => busyIntervalsFromIcs(text, w)).toThrow(TOO_MANY);
    // Each refused after parsing its event alone, not the calendar.
    expect(parse).toHaveBeenCalledTimes(3);
  });

  it("takes a VEVENT only where the parse does: not inside a BEGIN it reads as a property, nor inside one a folded line after an empty one opens", () => {
    const hostile = ["BEGIN:VEVENT", "UID:h", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY", "END:VEVENT"];
    const head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN"];
    const texts = [
      // "BEGIN;X=1:" and "BEGıN:" (a dotless ı) are properties to ICAL.parse, so the VCALENDAR
      // ends at the first END and the VEVENT after it is a top-level component: not an event.
      [...head, "BEGIN;X=1:VTODO", "END:VCALENDAR", ...hostile, ""],
      [...head, "BEG\u0131N:VTODO", "END:VCALENDAR", ...hostile, ""],
      // The folded line after the empty one is "BEGIN:VEVENT" to ICAL.parse: the hostile VEVENT
      // is inside that one, not an event of the calendar.
      [...head, "X-NOTE:a", "", " BEGIN:VEVENT", ...hostile, "END:VEVENT", "END:VCALENDAR", ""],
    ];
    for (const text of texts) expect(busyIntervalsFromIcs(text.join("\r\n"), w)).toEqual([]);
  });

  it("leaves to the read an event it skips for a value it cannot decode (DTEND, EXDATE, RDATE)", () => {
    for (const broken of ["DTEND:garbage", "EXDATE:garbage", "RDATE:garbage"]) {
      const text = calendar(secondly([broken]), ["UID:ok", "DTSTART:20260602T090000Z", "DTEND:20260602T100000Z"]);
      expect(iso(busyIntervalsFromIcs(text, w))).toEqual([span("2026-06-02T09:00:00Z", "2026-06-02T10:00:00Z")]);
    }
  });

  it("counts a second rule's steps but not its occurrences, which may repeat the first's; EXDATE takes none away", () => {
    const parse = vi.spyOn(ICAL, "parse");
    // Twice the same 15,000 minutes: 15,000 occurrences and 30,002 steps, within both limits.
    const twice = calendar(["UID:t", "DTSTART:20260601T000000Z", "DURATION:PT1S", "RRULE:FREQ=MINUTELY;COUNT=15000", "RRULE:FREQ=MINUTELY;COUNT=15000"]);
    expect(busyIntervalsFromIcs(twice, w)).toHaveLength(15_000);
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockClear();
    // Two rules of 60,000 seconds before the window: 120,000 steps, refused at the first event.
    const before = calendar(["UID:b", "DTSTART:20260101T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY;COUNT=60000", "RRULE:FREQ=SECONDLY;COUNT=60000"]);
    expect(() => busyIntervalsFromIcs(before, w)).toThrow(new CalendarTooLargeError("The calendar is too large to read: its repeating events repeat more than 100,000 times."));
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockClear();
    // One occurrence too many, one of them excluded: still refused, as the read counts before EXDATE.
    const excluded = calendar(["UID:x", "DTSTART:20260601T000000Z", "DURATION:PT1S", `RRULE:FREQ=SECONDLY;COUNT=${MAX_WINDOW_OCCURRENCES + 2}`, "EXDATE:20260601T000001Z"]);
    expect(() => busyIntervalsFromIcs(excluded, w)).toThrow(TOO_MANY);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it("reads a long-kept calendar whole: 3,000 meetings over five years, 60 weekly series since 2020 and daily ones this year", () => {
    const events: string[][] = [];
    for (let i = 0; i < 3_000; i++) {
      const day = new Date(Date.UTC(2022, 5, 1) + (i % 1826) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
      events.push([`UID:m${i}@example.com`, `DTSTART;TZID=Europe/London:${day}T${String(8 + (i % 9)).padStart(2, "0")}0000`, "DURATION:PT30M", `SUMMARY:Meeting ${i}`]);
    }
    for (let i = 0; i < 60; i++) {
      events.push([`UID:w${i}@example.com`, `DTSTART;TZID=Europe/London:202001${String(6 + (i % 5)).padStart(2, "0")}T${String(8 + (i % 9)).padStart(2, "0")}1500`, "DURATION:PT15M", "RRULE:FREQ=WEEKLY"]);
    }
    for (let i = 0; i < 3; i++) events.push([`UID:d${i}@example.com`, `DTSTART;TZID=Europe/London:20260105T0${7 + i}0000`, "DURATION:PT10M", "RRULE:FREQ=DAILY;UNTIL=20270105T000000Z"]);
    const parse = vi.spyOn(ICAL, "parse");
    const busy = iso(busyIntervalsFromIcs(calendar(...events), w));
    expect(parse).toHaveBeenCalledTimes(64); // the 63 series on their own, then the calendar
    expect(busy).toContain(span("2026-06-01T07:15:00Z", "2026-06-01T07:30:00Z")); // a Monday series at 08:15 BST
    expect(busy).toContain(span("2026-12-01T08:00:00Z", "2026-12-01T08:10:00Z")); // daily at 08:00 GMT
    expect(busy.length).toBeGreaterThan(1_500);
  });
});

describe("property: every interval is well formed and inside the window", () => {
  const day = 86_400_000;
  const base = Date.UTC(2026, 0, 1);
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const wall = (ms: number) => stamp(ms).replace("Z", "");

  it("holds for random series in London, UTC and floating time, with exceptions", () => {
    const event = fc.record({
      start: fc.integer({ min: 0, max: 400 * 24 * 4 }).map((q) => base + q * 15 * 60_000),
      minutes: fc.integer({ min: -30, max: 3 * 24 * 60 }),
      zone: fc.constantFrom("london", "utc", "floating", "date"),
      rule: fc.constantFrom("", "RRULE:FREQ=DAILY;COUNT=40", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "RRULE:FREQ=MONTHLY;BYMONTHDAY=31", "RRULE:FREQ=YEARLY"),
      exdate: fc.boolean(),
      status: fc.constantFrom("CONFIRMED", "TENTATIVE", "CANCELLED"),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 90 }), (events, from, length) => {
        const text = calendar(
          ...events.map((e, i) => {
            const end = e.start + e.minutes * 60_000;
            const dates =
              e.zone === "london"
                ? [`DTSTART;TZID=Europe/London:${wall(e.start)}`, `DTEND;TZID=Europe/London:${wall(end)}`]
                : e.zone === "utc"
                  ? [`DTSTART:${stamp(e.start)}`, `DTEND:${stamp(end)}`]
                  : e.zone === "floating"
                    ? [`DTSTART:${wall(e.start)}`, `DTEND:${wall(end)}`]
                    : [`DTSTART;VALUE=DATE:${wall(e.start).slice(0, 8)}`, `DTEND;VALUE=DATE:${wall(end + day).slice(0, 8)}`];
            return [`UID:e${i}`, ...dates, `STATUS:${e.status}`, ...(e.rule ? [e.rule] : []), ...(e.exdate && e.rule ? [`EXDATE:${stamp(e.start + 7 * day)}`] : [])];
          }),
        );
        const w = { start: new Date(base + from * day), end: new Date(base + (from + length) * day) };
        const busy = busyIntervalsFromIcs(text, w);
        busy.forEach((b, i) => {
          expect(b.start.getTime()).toBeLessThan(b.end.getTime());
          expect(b.start.getTime()).toBeGreaterThanOrEqual(w.start.getTime());
          expect(b.end.getTime()).toBeLessThanOrEqual(w.end.getTime());
          if (i > 0) expect(busy[i - 1]!.end.getTime()).toBeLessThan(b.start.getTime());
        });
      }),
      { numRuns: 150 },
    );
  });
});
