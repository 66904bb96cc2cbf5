import { describe, expect, it } from "vitest";
import * as format from "./format";

// 14:07 UTC on 5 March is 14:07 GMT; on 1 July it is 15:07 BST.
const winter = "2025-03-05T14:07:00Z";
const summer = new Date("2025-07-01T14:07:00Z");

/**
 * What each rule shows: calendar dates as that day whatever the zone; wall-clock times 24-hour in
 * the wizard and 12-hour in the admin; instants on the UK calendar; articles en-US long.
 */
const SHOWN: [label: string, text: string | null, expected: string | null][] = [
  ["a wizard slot's day", format.formatLongDate("2025-03-03"), "Monday, 3 March 2025"],
  ["an admin slot's day", format.formatWeekdayDate("2026-11-23"), "Mon, 23 Nov 2026"],
  ["a day heading of the week grid", format.formatShortDate("2025-03-03"), "Mon 3 Mar"],
  ["a day on the analytics chart", format.formatDayMonth("2025-03-03"), "3 Mar"],
  ["a week's month heading", format.formatMonthYear("2025-03-24"), "March 2025"],
  ["a wizard time", format.formatTime24("09:00"), "09:00"],
  ["a wizard time stored with seconds", format.formatTime24("13:30:00"), "13:30"],
  ["an admin time after midnight", format.formatTime12("00:15"), "12:15 AM"],
  ["an admin time at noon", format.formatTime12("12:00:00"), "12:00 PM"],
  ["an admin afternoon time", format.formatTime12("13:30:00"), "1:30 PM"],
  ["an admin slot's range", format.formatTimeRange12("09:00", "10:00"), "9:00 AM – 10:00 AM"],
  ["the zone before the March change", format.ukZoneLabel("2025-03-28", "09:00"), "UK time (GMT)"],
  ["the zone after the March change", format.ukZoneLabel("2025-03-31", "09:00"), "UK time (BST)"],
  ["the visitor's zone when it is London's", format.formatInZone("2025-03-31", "09:00", "Europe/London"), null],
  ["the visitor's time in New York in BST", format.formatInZone("2025-03-31", "09:00", "America/New_York"), "04:00"],
  ["New York on DST while the UK is not", format.formatInZone("2025-03-28", "09:00", "America/New_York"), "05:00"],
  ["Tokyo the next day", format.formatInZone("2025-03-31", "20:00", "Asia/Tokyo"), "04:00 (Tue 1 Apr)"],
  ["UTC in winter, the same clock", format.formatInZone("2025-01-06", "09:00", "UTC"), null],
  ["a zone Intl does not know", format.formatInZone("2025-01-06", "09:00", "Not/AZone"), null],
  ["the day of an instant", format.formatUkDate(winter), "5 Mar 2025"],
  ["the day of an instant after midnight BST", format.formatUkDate("2025-06-30T23:30:00Z"), "1 Jul 2025"],
  ["a job's run in winter", format.formatUkDateTime24(winter), "5 Mar 2025, 14:07"],
  ["a job's run in summer", format.formatUkDateTime24(summer), "1 Jul 2025, 15:07"],
  ["a session's last activity", format.formatUkDayTime24(summer), "1 Jul, 15:07"],
  ["a moment in a staff e-mail", format.formatUkLongDateTime(summer), "1 July 2025 at 15:07"],
  ["when a booking was made", format.formatUkDateTime12(winter), "5 Mar 2025, 2:07 pm"],
  ["an audit entry", format.formatUkDayTime12(summer), "1 Jul, 03:07 pm"],
  ["a booking's time beside its engineer's calendar's, in winter", format.formatUkWeekdayTime12(winter), "Wed 5 Mar, 2:07 pm"],
  ["a booking's time beside its engineer's calendar's, in summer", format.formatUkWeekdayTime12(summer), "Tue 1 Jul, 3:07 pm"],
  ["an enquiry's afternoon time", format.formatUkTime12(winter), "2:07 pm"],
  ["an enquiry's morning time", format.formatUkTime12("2025-03-05T09:14:00Z"), "9:14 am"],
  ["an enquiry's time in the hour after noon", format.formatUkTime12("2025-03-05T12:48:00Z"), "12:48 pm"],
  ["an enquiry's time in the hour after midnight", format.formatUkTime12("2025-03-05T00:48:00Z"), "12:48 am"],
  ["when a booking was made in the hour after noon", format.formatUkDateTime12("2025-03-05T12:07:00Z"), "5 Mar 2025, 12:07 pm"],
  ["an audit entry in the hour after noon", format.formatUkDayTime12("2025-03-05T12:07:00Z"), "5 Mar, 12:07 pm"],
  ["an article's date after midnight BST", format.formatArticleDate("2025-06-30T23:30:00Z"), "July 1, 2025"],
  ["an article's date from a Date", format.formatArticleDate(new Date("2025-03-05T12:00:00Z")), "March 5, 2025"],
  ["an article without a date", format.formatArticleDate(null), null],
  ["an article with an invalid date", format.formatArticleDate("not a date"), null],
];

describe("dates and times shown to people", () => {
  it.each(SHOWN)("%s", (_label, text, expected) => {
    expect(text).toBe(expected);
  });

  it("refuses a calendar date or wall-clock time in another shape", () => {
    expect(() => format.formatLongDate("03/03/2025")).toThrow(RangeError);
    expect(() => format.formatTime12("9am")).toThrow(RangeError);
  });
});

describe("retention periods in another language", () => {
  it("are written by Intl in the language's locale", () => {
    expect(format.describePeriodIn(30, "day", "fr-FR")).toMatch(/^30\s+jours$/);
    expect(format.describePeriodIn(1, "month", "pt-PT")).toMatch(/^1\s+mês$/);
    expect(format.describePeriodIn(24, "month", "ar-u-nu-latn")).toMatch(/^24 /);
  });
});
