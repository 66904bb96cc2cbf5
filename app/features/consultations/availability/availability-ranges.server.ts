/**
 * Availability over a range of London dates, set by staff (`docs/design.md` section 6): a slot
 * on every chosen weekday of a range (bank holidays left out when asked), and closing every slot
 * of a range (a holiday). Dates are `yyyy-mm-dd`, times `HH:MM`, Europe/London wall-clock. Each
 * change runs in one transaction with its audit entry. Two slots cannot share a date and start
 * time (unique in the database): recurring creation skips those duplicates and counts them.
 */
import Holidays from "date-holidays";
import { and, eq, gte, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationAvailability } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { WEEKDAYS, type Weekday } from "./admin-schema";
import { addDays } from "~/utils/time";

/** Lowercase weekday name of a `yyyy-mm-dd` date. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(day + 6) % 7];
}

const holidayCache = new Map<number, Set<string>>();
/**
 * True when `date` is a bank holiday in England and Wales (substitute days included), from the
 * `date-holidays` data set (GB, region ENG; public holidays only, not observances).
 */
export function isUkBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let days = holidayCache.get(year);
  if (!days) {
    const hd = new Holidays("GB", "ENG");
    days = new Set(
      hd
        .getHolidays(year)
        .filter((h) => h.type === "public" || h.type === "bank")
        .map((h) => h.date.slice(0, 10)),
    );
    holidayCache.set(year, days);
  }
  return days.has(date);
}

/** What a recurring creation did. */
export type RecurringResult = {
  /** Slots inserted. */
  created: number;
  /** Dates skipped because a slot already starts there at that time. */
  skipped: number;
  /** Dates left out because they are UK (England and Wales) bank holidays. */
  skippedBankHolidays: number;
};

/**
 * The dates from `startDate` to `endDate` (inclusive) falling on the given weekdays, without bank
 * holidays when asked. Pure: used by `createRecurringSlots` and its tests.
 */
export function recurringDates(input: {
  startDate: string;
  endDate: string;
  daysOfWeek: readonly Weekday[];
  skipBankHolidays: boolean;
}): { dates: string[]; bankHolidays: string[] } {
  const dates: string[] = [];
  const bankHolidays: string[] = [];
  for (let d = input.startDate; d <= input.endDate; d = addDays(d, 1)) {
    if (!input.daysOfWeek.includes(weekdayOf(d))) continue;
    if (input.skipBankHolidays && isUkBankHoliday(d)) bankHolidays.push(d);
    else dates.push(d);
  }
  return { dates, bankHolidays };
}

/**
 * Creates a slot on every chosen weekday in the range, all
 * available. A date that already has a slot starting at `startTime` is skipped and counted.
 * Input is validated by `recurringSlotsSchema` (range at most 366 days).
 */
export async function createRecurringSlots(
  actor: AuditActor,
  input: {
    startDate: string;
    endDate: string;
    daysOfWeek: readonly Weekday[];
    startTime: string;
    endTime: string;
    maxBookings: number;
    skipBankHolidays: boolean;
  },
): Promise<RecurringResult> {
  const { dates, bankHolidays } = recurringDates(input);
  return db.transaction(async (tx) => {
    const rows =
      dates.length === 0
        ? []
        : await tx
            .insert(consultationAvailability)
            .values(
              dates.map((date) => ({
                date,
                startTime: input.startTime,
                endTime: input.endTime,
                maxBookings: input.maxBookings,
                isAvailable: true,
                currentBookings: 0,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: consultationAvailability.id });
    const result = { created: rows.length, skipped: dates.length - rows.length, skippedBankHolidays: bankHolidays.length };
    await recordAudit(tx, {
      actor,
      action: "slot.recurring_created",
      entityType: "slot",
      details: { ...input, daysOfWeek: [...input.daysOfWeek], ...result },
    });
    return result;
  });
}

/**
 * Marks every available slot dated from `startDate` to `endDate` (inclusive) unavailable, e.g. for
 * a holiday. Bookings already made are kept. Returns how many slots were closed.
 */
export async function closeDateRange(actor: AuditActor, input: { startDate: string; endDate: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(consultationAvailability)
      .set({ isAvailable: false, updatedAt: new Date() })
      .where(
        and(
          gte(consultationAvailability.date, input.startDate),
          lte(consultationAvailability.date, input.endDate),
          eq(consultationAvailability.isAvailable, true),
        ),
      )
      .returning({ id: consultationAvailability.id });
    await recordAudit(tx, {
      actor,
      action: "slot.dates_closed",
      entityType: "slot",
      details: { ...input, closed: rows.length },
    });
    return rows.length;
  });
}
