import { describe, expect, it } from "vitest";
import {
  formatArticleDate,
  formatDayMonth,
  formatInZone,
  formatLongDate,
  formatMonthYear,
  formatShortDate,
  formatTime12,
  formatTime24,
  formatTimeRange12,
  formatUkDate,
  formatUkDateTime12,
  formatUkDateTime24,
  formatUkDayTime12,
  formatUkDayTime24,
  formatUkLongDateTime,
  formatUkTime12,
  formatUkTimeRange,
  formatWeekdayDate,
  ukZoneLabel,
} from "./format";

describe("calendar dates are shown as that day, whatever the zone", () => {
  it("formats the wizard's, the admin's and the chart's dates", () => {
    expect(formatLongDate("2025-03-03")).toBe("Monday, 3 March 2025");
    expect(formatWeekdayDate("2026-11-23")).toBe("Mon, 23 Nov 2026");
    expect(formatShortDate("2025-03-03")).toBe("Mon 3 Mar");
    expect(formatDayMonth("2025-03-03")).toBe("3 Mar");
    expect(formatMonthYear("2025-03-24")).toBe("March 2025");
    expect(() => formatLongDate("03/03/2025")).toThrow(RangeError);
  });
});

describe("wall-clock times: 24-hour in the wizard, 12-hour in the admin", () => {
  it("formats stored HH:MM[:SS] times", () => {
    expect(formatTime24("09:00")).toBe("09:00");
    expect(formatTime24("13:30:00")).toBe("13:30");
    expect(formatTime12("00:15")).toBe("12:15 AM");
    expect(formatTime12("09:00")).toBe("9:00 AM");
    expect(formatTime12("12:00:00")).toBe("12:00 PM");
    expect(formatTime12("13:30:00")).toBe("1:30 PM");
    expect(formatTimeRange12("09:00", "10:00")).toBe("9:00 AM – 10:00 AM");
  });

  it("names the UK zone as it is on that day", () => {
    expect(ukZoneLabel("2025-03-28", "09:00")).toBe("UK time (GMT)");
    expect(ukZoneLabel("2025-03-31", "09:00")).toBe("UK time (BST)");
    expect(formatUkTimeRange("2025-03-31", "09:00:00", "10:00:00")).toBe("09:00–10:00 UK time (BST)");
  });

  it("shows the visitor's own time when their zone differs", () => {
    expect(formatInZone("2025-03-31", "09:00", "Europe/London")).toBeNull();
    expect(formatInZone("2025-03-31", "09:00", "America/New_York")).toBe("04:00");
    expect(formatInZone("2025-03-28", "09:00", "America/New_York")).toBe("05:00"); // US already on DST, UK not
    expect(formatInZone("2025-03-31", "20:00", "Asia/Tokyo")).toBe("04:00 (Tue 1 Apr)");
    expect(formatInZone("2025-01-06", "09:00", "UTC")).toBeNull();
    expect(formatInZone("2025-01-06", "09:00", "Not/AZone")).toBeNull();
  });
});

describe("instants are shown on the UK calendar", () => {
  // 14:07 UTC in March before the change is 14:07 GMT; in July it is 15:07 BST.
  const winter = "2025-03-05T14:07:00Z";
  const summer = new Date("2025-07-01T14:07:00Z");

  it("formats dates and 24-hour times", () => {
    expect(formatUkDate(winter)).toBe("5 Mar 2025");
    expect(formatUkDate("2025-06-30T23:30:00Z")).toBe("1 Jul 2025"); // after midnight in BST
    expect(formatUkDateTime24(winter)).toBe("5 Mar 2025, 14:07");
    expect(formatUkDateTime24(summer)).toBe("1 Jul 2025, 15:07");
    expect(formatUkDayTime24(summer)).toBe("1 Jul, 15:07");
    expect(formatUkLongDateTime(summer)).toBe("1 July 2025 at 15:07");
  });

  it("formats the admin's 12-hour times", () => {
    expect(formatUkDateTime12(winter)).toBe("5 Mar 2025, 2:07 pm");
    expect(formatUkDayTime12(summer)).toBe("1 Jul, 03:07 pm");
    expect(formatUkTime12(winter)).toBe("2:07 pm");
    expect(formatUkTime12("2025-03-05T09:14:00Z")).toBe("9:14 am");
  });

  it("formats article dates en-US long; null when missing or invalid", () => {
    expect(formatArticleDate("2025-06-30T23:30:00Z")).toBe("July 1, 2025");
    expect(formatArticleDate(new Date("2025-03-05T12:00:00Z"))).toBe("March 5, 2025");
    expect(formatArticleDate(null)).toBeNull();
    expect(formatArticleDate("not a date")).toBeNull();
  });
});
