import { describe, expect, it } from "vitest";
import {
  addDays,
  currentWeekStart,
  isIsoDate,
  londonInstant,
  londonTimeOfDay,
  londonToday,
  parseIsoDate,
  parseWallTime,
  startOfWeek,
} from "./time";

describe("calendar dates", () => {
  it("accepts only real yyyy-mm-dd dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-2-1")).toBe(false);
    expect(() => parseIsoDate("1 March 2025")).toThrow(RangeError);
    expect(() => parseWallTime("9am")).toThrow(RangeError);
    expect(parseWallTime("09:05")).toEqual([9, 5, 0]);
  });

  it("adds days across months and years, and starts weeks on Monday", () => {
    expect(addDays("2025-12-30", 3)).toBe("2026-01-02");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(startOfWeek("2025-03-30")).toBe("2025-03-24"); // Sunday belongs to the week before
    expect(startOfWeek("2025-03-24")).toBe("2025-03-24");
  });
});

describe("London wall-clock across the clock changes", () => {
  it("reads today and the time of day on the London clock", () => {
    // 23:30 UTC on 31 May is 00:30 BST on 1 June, a Sunday.
    const now = new Date("2025-05-31T23:30:00Z");
    expect(londonToday(now)).toBe("2025-06-01");
    expect(londonTimeOfDay(now)).toBe("00:30:00");
    expect(currentWeekStart(now)).toBe("2025-05-26");
    expect(londonToday(new Date("2025-01-31T23:30:00Z"))).toBe("2025-01-31"); // GMT: same day
  });

  it("maps March and October wall-clock times to the right instants", () => {
    expect(londonInstant("2025-03-28", "09:00").toISOString()).toBe("2025-03-28T09:00:00.000Z"); // GMT
    expect(londonInstant("2025-03-31", "09:00:00").toISOString()).toBe("2025-03-31T08:00:00.000Z"); // BST
    expect(londonInstant("2025-10-24", "14:30").toISOString()).toBe("2025-10-24T13:30:00.000Z"); // BST
    expect(londonInstant("2025-10-27", "14:30").toISOString()).toBe("2025-10-27T14:30:00.000Z"); // GMT
  });
});
