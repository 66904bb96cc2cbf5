import { describe, expect, it } from "vitest";
import { isNextWeekDisabled, isOutsideNotice, isPreviousWeekDisabled, resolveWeekStart, weekWindow } from "./booking-window";

describe("week window", () => {
  it("is seven days from the Monday", () => {
    const w = weekWindow("2025-03-24");
    expect(w.startDate).toBe("2025-03-24");
    expect(w.endDate).toBe("2025-03-30");
    expect(w.days).toHaveLength(7);
    expect(weekWindow("2025-12-29").endDate).toBe("2026-01-04");
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

describe("minimum notice", () => {
  it("is counted in real hours over the clock changes", () => {
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
});
