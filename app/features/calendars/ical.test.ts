/**
 * Busy times from iCalendar text, on calendars written the way Outlook (Exchange) and Google
 * Calendar export them: recurrences with EXDATE and moved or cancelled instances, the March and
 * October clock changes, all-day events, free and cancelled events, events across midnight.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { busyIntervalsFromIcs, CalendarFormatError, CalendarTooLargeError } from "./ical";

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
