/**
 * The engineer form (taking consultations, types, weekly hours, days off, personal meeting room),
 * shared by Your account, a member of staff's consultations page and the server. Safe for the
 * browser. Hours are Europe/London wall-clock `HH:MM`; days off ranges of London dates `yyyy-mm-dd`.
 */
import { z } from "zod";
import { webAddress } from "~/utils/fields";
import type { ActionReply } from "~/utils/forms";
import { addDays, isIsoDate } from "~/utils/time";
import type { DaysOffRange } from "../core/free-time";

/** The weekdays of the hours form, 1 (Monday) to 7 (Sunday), with their labels. */
export const ENGINEER_WEEKDAYS = [
  { weekday: 1, label: "Monday" },
  { weekday: 2, label: "Tuesday" },
  { weekday: 3, label: "Wednesday" },
  { weekday: 4, label: "Thursday" },
  { weekday: 5, label: "Friday" },
  { weekday: 6, label: "Saturday" },
  { weekday: 7, label: "Sunday" },
] as const;

/** The form field of one weekday's hours: `hours1` (Monday) ... `hours7` (Sunday). */
export const hoursField = (weekday: (typeof ENGINEER_WEEKDAYS)[number]["weekday"]) => `hours${weekday}` as const;

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)\s*[-–]\s*([01]\d|2[0-3]):([0-5]\d)$/;

/** A London time range `HH:MM`-`HH:MM` within one day. */
export type HoursRange = { startTime: string; endTime: string };

/**
 * One weekday's hours as typed: ranges `HH:MM-HH:MM` separated by commas (empty: not worked),
 * each ending after it starts, none overlapping. Output: the ranges in order.
 */
const dayHours = z
  .string()
  .trim()
  .max(200, "Use at most 200 characters.")
  .default("")
  .transform((text, ctx): HoursRange[] => {
    const ranges: HoursRange[] = [];
    for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
      const m = RANGE.exec(part);
      const endTime = m ? `${m[3]}:${m[4]}` : "";
      if (!m || endTime <= `${m[1]}:${m[2]}`) {
        ctx.addIssue({ code: "custom", message: "Write hours like 09:00-12:30, 13:30-17:00 (each range ending after it starts)." });
        return z.NEVER;
      }
      ranges.push({ startTime: `${m[1]}:${m[2]}`, endTime });
    }
    ranges.sort((a, b) => a.startTime.localeCompare(b.startTime));
    if (ranges.some((r, i) => i > 0 && r.startTime < ranges[i - 1].endTime)) {
      ctx.addIssue({ code: "custom", message: "These ranges overlap. Join them into one." });
      return z.NEVER;
    }
    return ranges;
  });

const DAYS_OFF_LINE = /^(\d{4}-\d{2}-\d{2})(?:\s*(?:to|[-–—])\s*(\d{4}-\d{2}-\d{2}))?$/i;

/** The longest range of days off one line may give, in days (a typo such as 3031 for 2031 is refused). */
export const MAX_DAYS_OFF_RANGE_DAYS = 366;

/**
 * Days off as typed: one entry a line, a single London date `yyyy-mm-dd` or a range
 * `yyyy-mm-dd to yyyy-mm-dd` (both days included; a dash works as "to"), at most 366 lines, each
 * range ending on or after its first day and at most `MAX_DAYS_OFF_RANGE_DAYS` long. Output: the
 * ranges sorted, overlapping and touching ones merged (22-24 Dec and 25 Dec-2 Jan become one).
 */
const daysOffLines = z
  .string()
  .max(20_000, "List at most 366 days off.")
  .default("")
  .transform((text, ctx): DaysOffRange[] => {
    const lines = text.split(/[\r\n;,]+/).map((l) => l.trim()).filter(Boolean);
    if (lines.length > 366) {
      ctx.addIssue({ code: "custom", message: "List at most 366 days off." });
      return z.NEVER;
    }
    const ranges: DaysOffRange[] = [];
    for (const line of lines) {
      const m = DAYS_OFF_LINE.exec(line);
      const from = m?.[1] ?? "";
      const to = m?.[2] ?? from;
      if (!m || !isIsoDate(from) || !isIsoDate(to)) {
        ctx.addIssue({ code: "custom", message: "Enter each day off as yyyy-mm-dd, or a range as yyyy-mm-dd to yyyy-mm-dd, one per line." });
        return z.NEVER;
      }
      if (to < from) {
        ctx.addIssue({ code: "custom", message: `${line}: a range of days off must end on or after its first day.` });
        return z.NEVER;
      }
      if (addDays(from, MAX_DAYS_OFF_RANGE_DAYS - 1) < to) {
        ctx.addIssue({ code: "custom", message: `${line}: a range of days off can be at most a year long.` });
        return z.NEVER;
      }
      ranges.push({ from, to });
    }
    return mergeDaysOff(ranges);
  });

/** `ranges` sorted by first day, with overlapping and touching ranges merged into one. */
export function mergeDaysOff(ranges: readonly DaysOffRange[]): DaysOffRange[] {
  const merged: DaysOffRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.from.localeCompare(b.from))) {
    const last = merged[merged.length - 1];
    if (last && r.from <= addDays(last.to, 1)) last.to = r.to > last.to ? r.to : last.to;
    else merged.push({ ...r });
  }
  return merged;
}

/** Days off as the form shows them: one line each, `2030-08-26` or `2030-12-22 to 2031-01-02`. */
export function formatDaysOff(ranges: readonly DaysOffRange[]): string {
  return ranges.map((r) => (r.from === r.to ? r.from : `${r.from} to ${r.to}`)).join("\n");
}

/** The engineer form as posted. */
export const EngineerProfileSchema = z.object({
  takesConsultations: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  /** The consultation types taken (checkbox group; read with `lists: ["typeIds"]`). */
  typeIds: z.array(z.uuid("Choose consultation types from the list.")).max(50).default([]),
  hours1: dayHours,
  hours2: dayHours,
  hours3: dayHours,
  hours4: dayHours,
  hours5: dayHours,
  hours6: dayHours,
  hours7: dayHours,
  /** Days off, one date or range a line (see `daysOffLines`). */
  daysOff: daysOffLines,
  /** The engineer's own meeting room address (https); empty for none. */
  meetingRoomUrl: webAddress({ invalid: "Enter the room's full https address, or leave it empty." })
    .refine((v) => /^https:\/\//i.test(v), "Enter the room's full https address, or leave it empty.")
    .or(z.literal("").transform(() => null)),
});

export type EngineerProfileInput = z.output<typeof EngineerProfileSchema>;

/** The weekly hours of a profile input, one entry a range, `weekday` 1 (Monday) to 7 (Sunday). */
export function weeklyRanges(input: EngineerProfileInput): Array<HoursRange & { weekday: number }> {
  return ENGINEER_WEEKDAYS.flatMap(({ weekday }) => input[hoursField(weekday)].map((r) => ({ weekday, ...r })));
}

/** One weekday's ranges as the form shows them: `09:00-12:30, 13:30-17:00`. */
export function formatDayHours(ranges: readonly HoursRange[]): string {
  return ranges.map((r) => `${r.startTime.slice(0, 5)}-${r.endTime.slice(0, 5)}`).join(", ");
}

/** The reply of the engineer form (intent `engineer-save`). */
export type EngineerProfileReply = ActionReply<{ intent: "engineer-save" }, { intent: "engineer-save" }>;
