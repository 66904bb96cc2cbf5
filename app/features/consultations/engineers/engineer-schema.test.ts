/**
 * The engineer form's days off: a date or a range a line, checked, sorted and merged; shown again
 * one line each.
 */
import { describe, expect, it } from "vitest";
import { EngineerProfileSchema, formatDaysOff } from "./engineer-schema";

const parse = (daysOff: string) => EngineerProfileSchema.safeParse({ takesConsultations: "on", daysOff, meetingRoomUrl: "" });
const errorOf = (daysOff: string) => {
  const r = parse(daysOff);
  return r.success ? null : r.error.issues[0].message;
};

describe("days off", () => {
  it("reads single dates and ranges (to or a dash), sorted and merged when they overlap or touch", () => {
    const r = parse("2030-12-22 to 2031-01-02\n2030-08-26\r\n\n2030-12-20 – 2030-12-21\n2030-12-30 - 2031-01-05\n2030-08-26");
    expect(r.success && r.data.daysOff).toEqual([
      { from: "2030-08-26", to: "2030-08-26" },
      { from: "2030-12-20", to: "2031-01-05" },
    ]);
    const none = parse("");
    expect(none.success && none.data.daysOff).toEqual([]);
  });

  it("refuses what is not a date or a range, a range ending before it starts, and one longer than a year", () => {
    expect(errorOf("26/08/2030")).toBe("Enter each day off as yyyy-mm-dd, or a range as yyyy-mm-dd to yyyy-mm-dd, one per line.");
    expect(errorOf("2030-02-30")).toBe("Enter each day off as yyyy-mm-dd, or a range as yyyy-mm-dd to yyyy-mm-dd, one per line.");
    expect(errorOf("2031-01-02 to 2030-12-22")).toBe("2031-01-02 to 2030-12-22: a range of days off must end on or after its first day.");
    expect(errorOf("2030-01-01 to 3030-01-01")).toBe("2030-01-01 to 3030-01-01: a range of days off can be at most a year long.");
    expect(errorOf("2030-01-01 to 2030-12-31")).toBeNull();
  });

  it("shows each range on its own line, a single day as its date", () => {
    expect(formatDaysOff([{ from: "2030-08-26", to: "2030-08-26" }, { from: "2030-12-22", to: "2031-01-02" }])).toBe("2030-08-26\n2030-12-22 to 2031-01-02");
  });
});
