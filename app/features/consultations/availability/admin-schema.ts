/**
 * Zod schemas of the admin consultation forms (`docs/design.md` section 6): single slot, recurring
 * slots, edit slot, close dates. The booking update's schema is in `./admin-booking-schema.server`
 * (it uses the calendar library).
 *
 * Every schema parses a submission as `parseSubmission` reads it (strings, "on" for checkboxes, the
 * weekdays as a list: `lists: ["daysOfWeek"]`), so the same rules serve plain POSTs and `useFetcher`
 * submissions. Dates are
 * `yyyy-mm-dd` and times `HH:MM`, both Europe/London wall-clock. "Today" is passed in (the London
 * calendar date of the request) because the minimum date depends on it.
 */
import { z } from "zod";

/** The 21 half-hour slot times from 09:00 to 19:00 inclusive, `HH:MM`. */
export const TIME_OPTIONS = Array.from({ length: 21 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${minutes % 60 === 0 ? "00" : "30"}`;
}) as readonly string[];

/** Lowercase weekday names as the recurring form posts them, Monday first. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Longest span one recurring request may cover (days), so one click cannot create years of slots. */
export const MAX_RECURRING_DAYS = 366;

const isoDate = z
  .string({ error: "Date is required" })
  .trim()
  .min(1, "Date is required")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as yyyy-mm-dd")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Enter a real date");

const timeOption = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((v) => v.slice(0, 5))
    .refine((v) => TIME_OPTIONS.includes(v), `${label} must be a half-hour time between 09:00 and 19:00`);

const maxBookings = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === "" ? 1 : Number(v)))
  .pipe(
    z
      .number({ error: "Maximum bookings must be a whole number from 1 to 10" })
      .int("Maximum bookings must be a whole number from 1 to 10")
      .min(1, "Maximum bookings must be at least 1")
      .max(10, "Maximum bookings can be at most 10"),
  );

/** A checkbox or switch: "on"/"true" when ticked, absent when not. */
const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const END_AFTER_START = "End time must be after start time";

/** Single slot (Add Availability, Single Slot tab). `today` is the London date `yyyy-mm-dd`. */
export function singleSlotSchema(today: string) {
  return z
    .object({
      date: isoDate.refine((d) => d >= today, "Date cannot be in the past"),
      startTime: timeOption("Start time"),
      endTime: timeOption("End time"),
      maxBookings,
    })
    .refine((v) => v.endTime > v.startTime, { path: ["endTime"], message: END_AFTER_START });
}
export type SingleSlotInput = z.infer<ReturnType<typeof singleSlotSchema>>;

/** Edit Slot dialog: the single-slot fields plus the 'Available for booking' switch. */
export function editSlotSchema(today: string) {
  return z
    .object({
      id: z.uuid("Unknown slot"),
      date: isoDate.refine((d) => d >= today, "Date cannot be in the past"),
      startTime: timeOption("Start time"),
      endTime: timeOption("End time"),
      maxBookings,
      isAvailable: checkbox,
    })
    .refine((v) => v.endTime > v.startTime, { path: ["endTime"], message: END_AFTER_START });
}
export type EditSlotInput = z.infer<ReturnType<typeof editSlotSchema>>;

/** Recurring Slots tab: a date range, at least one weekday, times, places, bank-holiday option. */
export function recurringSlotsSchema(today: string) {
  return z
    .object({
      startDate: isoDate.refine((d) => d >= today, "Start date cannot be in the past"),
      endDate: isoDate,
      daysOfWeek: z
        .union([z.enum(WEEKDAYS), z.array(z.enum(WEEKDAYS))], { error: "Select at least one day of the week" })
        .optional()
        .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
        .refine((v) => v.length > 0, "Select at least one day of the week")
        .transform((v) => WEEKDAYS.filter((d) => v.includes(d))),
      startTime: timeOption("Start time"),
      endTime: timeOption("End time"),
      maxBookings,
      skipBankHolidays: checkbox,
    })
    .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: "End date cannot be before the start date" })
    .refine((v) => daysBetween(v.startDate, v.endDate) < MAX_RECURRING_DAYS, {
      path: ["endDate"],
      message: `A recurring range can cover at most ${MAX_RECURRING_DAYS} days`,
    })
    .refine((v) => v.endTime > v.startTime, { path: ["endTime"], message: END_AFTER_START });
}
export type RecurringSlotsInput = z.infer<ReturnType<typeof recurringSlotsSchema>>;

/** Close dates: every slot from `startDate` to `endDate` (inclusive) becomes unavailable. */
export const closeDatesSchema = z
  .object({ startDate: isoDate, endDate: isoDate })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: "End date cannot be before the start date" });
export type CloseDatesInput = z.infer<typeof closeDatesSchema>;

/** Whole days from `a` to `b` (both `yyyy-mm-dd`); negative when `b` is earlier. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
