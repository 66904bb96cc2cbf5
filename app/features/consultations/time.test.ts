import { describe, expect, it } from "vitest";
import {
  formatInZone,
  formatMonthYear,
  isNextWeekDisabled,
  isOutsideNotice,
  isPreviousWeekDisabled,
  londonInstant,
  resolveWeekStart,
  startOfWeek,
  ukZoneLabel,
  weekWindow,
} from "./time";

describe("week window", () => {
  it("is seven days from the Monday, weeks starting on Monday", () => {
    expect(startOfWeek("2025-03-30")).toBe("2025-03-24"); // Sunday belongs to the week before
    expect(startOfWeek("2025-03-24")).toBe("2025-03-24");
    const w = weekWindow("2025-03-24");
    expect(w.startDate).toBe("2025-03-24");
    expect(w.endDate).toBe("2025-03-30");
    expect(w.days).toHaveLength(7);
    expect(weekWindow("2025-12-29").endDate).toBe("2026-01-04");
    expect(formatMonthYear("2025-03-24")).toBe("March 2025");
  });

  it("disables Previous Week only when the previous week is wholly past", () => {
    const now = new Date("2025-03-26T12:00:00Z"); // Wednesday
    expect(isPreviousWeekDisabled("2025-03-24", now)).toBe(true);
    expect(isPreviousWeekDisabled("2025-03-31", now)).toBe(false); // previous week contains today
    // Monday just after midnight in London (still Sunday in UTC during BST): the previous week is past.
    expect(isPreviousWeekDisabled("2025-06-02", new Date("2025-06-01T23:30:00Z"))).toBe(true);
    expect(isPreviousWeekDisabled("2025-06-02", new Date("2025-06-01T22:30:00Z"))).toBe(false);
  });

  it("limits navigation to the weeks ahead setting and clamps the week parameter", () => {
    const now = new Date("2025-03-26T12:00:00Z");
    expect(isNextWeekDisabled("2025-03-24", now, 2)).toBe(false);
    expect(isNextWeekDisabled("2025-03-31", now, 2)).toBe(true);
    expect(resolveWeekStart(null, now, 8)).toBe("2025-03-24");
    expect(resolveWeekStart("2025-04-02", now, 8)).toBe("2025-03-31");
    expect(resolveWeekStart("2020-01-01", now, 8)).toBe("2025-03-24");
    expect(resolveWeekStart("2030-01-01", now, 8)).toBe("2025-05-12");
    expect(resolveWeekStart("2025-02-30", now, 8)).toBe("2025-03-24");
  });
});

describe("London wall-clock across the clock changes", () => {
  it("maps March slots to the right instants", () => {
    expect(londonInstant("2025-03-28", "09:00").toISOString()).toBe("2025-03-28T09:00:00.000Z"); // GMT
    expect(londonInstant("2025-03-31", "09:00:00").toISOString()).toBe("2025-03-31T08:00:00.000Z"); // BST
    expect(ukZoneLabel("2025-03-28", "09:00")).toBe("UK time (GMT)");
    expect(ukZoneLabel("2025-03-31", "09:00")).toBe("UK time (BST)");
  });

  it("maps October slots to the right instants", () => {
    expect(londonInstant("2025-10-24", "14:30").toISOString()).toBe("2025-10-24T13:30:00.000Z"); // BST
    expect(londonInstant("2025-10-27", "14:30").toISOString()).toBe("2025-10-27T14:30:00.000Z"); // GMT
  });

  it("applies the minimum notice in real hours over the change", () => {
    // Saturday 29 March 09:30 GMT; Sunday 30 March is BST, so 10:00 there is only 23.5 hours away.
    const now = new Date("2025-03-29T09:30:00Z");
    expect(isOutsideNotice("2025-03-30", "10:00", now, 24)).toBe(false);
    expect(isOutsideNotice("2025-03-30", "10:30", now, 24)).toBe(true);
    // Saturday 25 October 10:00 BST; Sunday is GMT, so 09:30 there is 24.5 hours away.
    const oct = new Date("2025-10-25T09:00:00Z");
    expect(isOutsideNotice("2025-10-26", "09:30", oct, 24)).toBe(true);
    expect(isOutsideNotice("2025-10-26", "08:30", oct, 24)).toBe(false);
    expect(isOutsideNotice("2025-10-26", "08:30", oct, 0)).toBe(true);
  });

  it("shows the visitor's own time when their zone differs", () => {
    expect(formatInZone("2025-03-31", "09:00", "Europe/London")).toBeNull();
    expect(formatInZone("2025-03-31", "09:00", "America/New_York")).toBe("04:00");
    expect(formatInZone("2025-03-28", "09:00", "America/New_York")).toBe("05:00"); // US already on DST, UK not
    expect(formatInZone("2025-03-31", "20:00", "Asia/Tokyo")).toBe("04:00 (Tue 1 Apr)");
    expect(formatInZone("2025-01-06", "09:00", "UTC")).toBeNull();
  });
});
