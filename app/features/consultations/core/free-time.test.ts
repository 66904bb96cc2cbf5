import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, londonInstant } from "~/utils/time";
import {
  chooseEngineer,
  freeEngineers,
  isEngineerFree,
  meetingOf,
  offeredSlots,
  prepareDiary,
  type EngineerDiary,
  type HeldBooking,
  type SlotLike,
  type TypeRules,
} from "./free-time";

const MIN = 60_000;
// Monday 7 January 2030, 08:00 UK (GMT).
const NOW = new Date("2030-01-07T08:00:00Z").getTime();
const RULES: TypeRules = {
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 12,
  horizonDays: 60,
  maxPerEngineerPerDay: null,
};
const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: "09:00", endTime: "17:00" }));
const open = { now: NOW, closedDates: new Set<string>() };

function diary(id: string, extra: Partial<EngineerDiary> = {}): EngineerDiary {
  return { id, workingHours: WEEKDAYS_9_TO_5, daysOff: [], busy: [], failing: false, bookings: [], lastAssignedAt: null, ...extra };
}

function slot(date: string, startTime: string, extra: Partial<SlotLike> = {}): SlotLike {
  return { id: `${date}T${startTime}`, date, startTime, endTime: "23:00", maxBookings: 3, currentBookings: 0, ...extra };
}

function held(id: string, date: string, startTime: string, minutes = 60, buffers = { before: 0, after: 0 }): HeldBooking {
  const start = londonInstant(date, startTime).getTime();
  return { id, date, start, end: start + minutes * MIN, bufferBeforeMinutes: buffers.before, bufferAfterMinutes: buffers.after };
}

const at = (date: string, time: string) => londonInstant(date, time).getTime();

describe("one engineer's free time", () => {
  it("offers a time inside working hours, not on a day off, not on a closed date", () => {
    const d = prepareDiary(diary("a", { daysOff: [{ from: "2030-01-09", to: "2030-01-09" }] }));
    expect(isEngineerFree(d, slot("2030-01-08", "09:00"), RULES)).toBe(true);
    expect(isEngineerFree(d, slot("2030-01-08", "16:00"), RULES)).toBe(true);
    expect(isEngineerFree(d, slot("2030-01-08", "16:30"), RULES)).toBe(false); // ends 17:30
    expect(isEngineerFree(d, slot("2030-01-08", "08:30"), RULES)).toBe(false);
    expect(isEngineerFree(d, slot("2030-01-09", "10:00"), RULES)).toBe(false); // day off
    expect(isEngineerFree(d, slot("2030-01-12", "10:00"), RULES)).toBe(false); // Saturday
    expect(freeEngineers([d], slot("2030-01-08", "10:00"), RULES, { now: NOW, closedDates: new Set(["2030-01-08"]) })).toEqual([]);
  });

  it("is off on every day of a range of days off, both ends included, and only on those", () => {
    // 23 December 2030 to 2 January 2031, across the new year, and a range overlapping it.
    const d = prepareDiary(diary("a", { daysOff: [{ from: "2030-12-23", to: "2031-01-02" }, { from: "2030-12-30", to: "2030-12-31" }] }));
    const rules = { ...RULES, horizonDays: 400 };
    expect(isEngineerFree(d, slot("2030-12-20", "10:00"), rules)).toBe(true); // the Friday before
    for (const date of ["2030-12-23", "2030-12-24", "2030-12-27", "2030-12-31", "2031-01-01", "2031-01-02"]) {
      expect(isEngineerFree(d, slot(date, "10:00"), rules), date).toBe(false);
    }
    expect(isEngineerFree(d, slot("2031-01-03", "10:00"), rules)).toBe(true); // the Friday after
  });

  it("keeps the meeting plus buffers inside working hours and clear of busy times", () => {
    const rules = { ...RULES, bufferBeforeMinutes: 15, bufferAfterMinutes: 30 };
    const d = prepareDiary(diary("a", { busy: [{ start: at("2030-01-08", "12:00"), end: at("2030-01-08", "13:00") }] }));
    expect(isEngineerFree(d, slot("2030-01-08", "09:00"), rules)).toBe(false); // buffer from 08:45
    expect(isEngineerFree(d, slot("2030-01-08", "09:15"), rules)).toBe(true);
    expect(isEngineerFree(d, slot("2030-01-08", "10:30"), rules)).toBe(true); // ends 11:30, buffer to 12:00
    expect(isEngineerFree(d, slot("2030-01-08", "10:45"), rules)).toBe(false);
    expect(isEngineerFree(d, slot("2030-01-08", "13:00"), rules)).toBe(false); // buffer from 12:45
    expect(isEngineerFree(d, slot("2030-01-08", "13:15"), rules)).toBe(true);
  });

  it("keeps the larger of the two facing buffers between bookings, and counts the daily cap", () => {
    const booking = held("b1", "2030-01-08", "10:00", 60, { before: 0, after: 45 });
    const d = prepareDiary(diary("a", { bookings: [booking] }));
    expect(isEngineerFree(d, slot("2030-01-08", "11:00"), RULES)).toBe(false); // its 45 min after
    expect(isEngineerFree(d, slot("2030-01-08", "11:45"), RULES)).toBe(true);
    expect(isEngineerFree(d, slot("2030-01-08", "09:00"), RULES)).toBe(true); // back to back before
    expect(isEngineerFree(d, slot("2030-01-08", "09:00"), { ...RULES, bufferAfterMinutes: 15 })).toBe(false);
    expect(isEngineerFree(d, slot("2030-01-08", "10:00"), RULES, "b1")).toBe(true); // the booking being moved
    expect(isEngineerFree(d, slot("2030-01-08", "14:00"), { ...RULES, maxPerEngineerPerDay: 1 })).toBe(false);
    expect(isEngineerFree(d, slot("2030-01-09", "14:00"), { ...RULES, maxPerEngineerPerDay: 1 })).toBe(true);
  });

  it("offers nothing while the engineer's calendar fails", () => {
    expect(isEngineerFree(prepareDiary(diary("a", { failing: true })), slot("2030-01-08", "10:00"), RULES)).toBe(false);
  });

  it("follows London wall-clock across the clock changes (DST weeks)", () => {
    // Clocks go forward on Sunday 31 March 2030 and back on Sunday 27 October 2030.
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: "09:00", endTime: "17:00" }));
    const d = prepareDiary(diary("a", { workingHours: everyDay }));
    for (const date of ["2030-03-30", "2030-03-31", "2030-04-01", "2030-10-26", "2030-10-27", "2030-10-28"]) {
      expect(isEngineerFree(d, slot(date, "09:00"), { ...RULES, horizonDays: 365 }), date).toBe(true);
      expect(isEngineerFree(d, slot(date, "16:30"), { ...RULES, horizonDays: 365 }), date).toBe(false);
    }
    expect(meetingOf(slot("2030-03-31", "09:00"), 60).start).toBe(Date.parse("2030-03-31T08:00:00Z"));
    expect(meetingOf(slot("2030-10-27", "09:00"), 60).start).toBe(Date.parse("2030-10-27T09:00:00Z"));
    // A busy event given in UTC on the Sunday after the change blocks 09:00 BST, not 09:00 GMT.
    const busy = prepareDiary(diary("a", { workingHours: everyDay, busy: [{ start: Date.parse("2030-03-31T08:00:00Z"), end: Date.parse("2030-03-31T09:00:00Z") }] }));
    expect(isEngineerFree(busy, slot("2030-03-31", "09:00"), { ...RULES, horizonDays: 365 })).toBe(false);
    expect(isEngineerFree(busy, slot("2030-03-31", "10:00"), { ...RULES, horizonDays: 365 })).toBe(true);
  });
});

describe("the slots offered", () => {
  it("applies notice and horizon, caps spots by free engineers, shows full slots and hides those nobody can take", () => {
    const a = prepareDiary(diary("a"));
    const b = prepareDiary(diary("b", { busy: [{ start: at("2030-01-09", "10:00"), end: at("2030-01-09", "11:00") }] }));
    const slots = [
      slot("2030-01-07", "19:00"), // inside the 12 h notice
      slot("2030-01-08", "10:00"), // both free: 2 of 3 places
      slot("2030-01-09", "10:00"), // only a: 1
      slot("2030-01-09", "12:00", { maxBookings: 1, currentBookings: 1 }), // full by places: shown as Full
      slot("2030-01-12", "10:00"), // Saturday: nobody works
      slot(addDays("2030-01-07", 61), "10:00"), // beyond the 60-day horizon
    ];
    const offered = offeredSlots(slots, [a, b], RULES, open);
    expect(offered.map((o) => [o.slot.id, o.availableSpots])).toEqual([
      ["2030-01-08T10:00", 2],
      ["2030-01-09T10:00", 1],
      ["2030-01-09T12:00", 0],
    ]);
    expect(offeredSlots([slot("2030-01-08", "10:00", { maxBookings: 1 })], [a, b], RULES, open)[0].availableSpots).toBe(1);
  });

  it("closes bank holidays", () => {
    const offered = offeredSlots([slot("2030-05-06", "10:00")], [prepareDiary(diary("a"))], RULES, { now: NOW, closedDates: new Set(["2030-05-06"]) });
    expect(offered).toEqual([]);
  });
});

describe("round robin", () => {
  it("picks the fewest bookings that week, then the longest since the last, then the id", () => {
    const a = diary("a", { bookings: [held("x", "2030-01-08", "09:00")], lastAssignedAt: 1 });
    const b = diary("b", { bookings: [held("y", "2030-01-01", "09:00")], lastAssignedAt: 5 }); // last week's
    const c = diary("c", { lastAssignedAt: 3 });
    expect(chooseEngineer([a, b, c], "2030-01-10")).toBe("c");
    expect(chooseEngineer([a, b], "2030-01-10")).toBe("b");
    expect(chooseEngineer([a, b], "2030-01-10", "x")).toBe("a");
    expect(chooseEngineer([diary("z"), diary("y")], "2030-01-10")).toBe("y");
    expect(chooseEngineer([], "2030-01-10")).toBeNull();
  });
});

describe("properties", () => {
  const date = fc.integer({ min: 1, max: 40 }).map((n) => addDays("2030-01-07", n));
  const quarter = fc.integer({ min: 0, max: 95 }).map((q) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`);
  const busyEvent = fc
    .record({ date, time: quarter, minutes: fc.integer({ min: 1, max: 600 }) })
    .map(({ date, time, minutes }) => ({ start: at(date, time), end: at(date, time) + minutes * MIN }));
  const rules = fc.record({
    durationMinutes: fc.constantFrom(15, 30, 45, 60, 90, 120),
    bufferBeforeMinutes: fc.integer({ min: 0, max: 120 }),
    bufferAfterMinutes: fc.integer({ min: 0, max: 120 }),
    minimumNoticeHours: fc.integer({ min: 0, max: 48 }),
    horizonDays: fc.integer({ min: 1, max: 60 }),
    maxPerEngineerPerDay: fc.option(fc.integer({ min: 1, max: 4 })),
  });
  const hours = fc.array(
    fc.record({ weekday: fc.integer({ min: 1, max: 7 }), start: fc.integer({ min: 0, max: 80 }), length: fc.integer({ min: 1, max: 48 }) }),
    { maxLength: 8 },
  );
  const toRange = ({ weekday, start, length }: { weekday: number; start: number; length: number }) => {
    const end = Math.min(95, start + length);
    const t = (q: number) => `${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}`;
    return { weekday, startTime: t(start), endTime: t(end) };
  };

  const daysOff = fc.array(
    fc.record({ from: date, length: fc.integer({ min: 0, max: 14 }) }).map(({ from, length }) => ({ from, to: addDays(from, length) })),
    { maxLength: 3 },
  );

  it("no offered time overlaps a busy interval or another booking of a free engineer (plus buffers), falls on a day off, or breaks notice, horizon and caps", () => {
    fc.assert(
      fc.property(
        rules,
        fc.array(busyEvent, { maxLength: 40 }),
        hours,
        fc.array(fc.record({ date, time: quarter, after: fc.integer({ min: 0, max: 60 }) }), { maxLength: 6 }),
        fc.array(fc.record({ date, time: quarter }), { minLength: 1, maxLength: 20 }),
        daysOff,
        (r, busy, ranges, bookings, wanted, off) => {
          const heldBookings = bookings.map((b, i) => held(`b${i}`, b.date, b.time, 60, { before: 0, after: b.after }));
          const d = prepareDiary(diary("a", { busy, workingHours: ranges.map(toRange), bookings: heldBookings, daysOff: off }));
          const slots = wanted.map((w, i) => ({ ...slot(w.date, w.time), id: `s${i}` }));
          for (const o of offeredSlots(slots, [d], r, open)) {
            const start = londonInstant(o.slot.date, o.slot.startTime).getTime();
            expect(start).toBeGreaterThanOrEqual(NOW + r.minimumNoticeHours * 3_600_000);
            expect(start).toBeLessThanOrEqual(NOW + r.horizonDays * 86_400_000);
            if (o.availableSpots === 0) continue;
            // Every day of every range is off: none is offered (listed day by day, not by the rule's comparison).
            const offDays = off.flatMap((x) => Array.from({ length: 15 }, (_, i) => addDays(x.from, i)).filter((day) => day <= x.to));
            expect(offDays).not.toContain(o.slot.date);
            const meeting = { start: start - r.bufferBeforeMinutes * MIN, end: start + (r.durationMinutes + r.bufferAfterMinutes) * MIN };
            for (const b of busy) expect(b.start < meeting.end && meeting.start < b.end).toBe(false);
            for (const b of heldBookings) {
              expect(b.start < meeting.end && meeting.start < b.end).toBe(false);
              expect(b.end + b.bufferAfterMinutes * MIN <= start || b.start >= start + r.durationMinutes * MIN).toBe(true);
            }
            if (r.maxPerEngineerPerDay !== null) {
              expect(heldBookings.filter((b) => b.date === o.slot.date).length).toBeLessThan(r.maxPerEngineerPerDay);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a free time is exactly one that lies in working hours and touches nothing busy (brute force agrees)", () => {
    fc.assert(
      fc.property(fc.array(busyEvent, { maxLength: 60 }), date, quarter, (busy, d, time) => {
        const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: "00:00", endTime: "23:59" }));
        const prepared = prepareDiary(diary("a", { busy, workingHours: everyDay }));
        const s = slot(d, time);
        const { start, end } = meetingOf(s, RULES.durationMinutes);
        const inDay = end <= at(d, "23:59");
        const clear = busy.every((b) => !(b.start < end && start < b.end));
        expect(isEngineerFree(prepared, s, RULES)).toBe(inDay && clear);
      }),
      { numRuns: 500 },
    );
  });
});
