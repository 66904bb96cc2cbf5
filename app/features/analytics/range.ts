/**
 * The date range of the Analytics dashboard and its export (issue 21), browser-safe:
 * `?range=7|30|90` (the last N days including today) or `?from=yyyy-mm-dd&to=yyyy-mm-dd` (a custom
 * range, Europe/London days inclusive, at most MAX_RANGE_DAYS, not after today).
 */
import { z } from "zod";
import { addDays, isIsoDate } from "~/utils/time";

/** The preset ranges, in days. */
export const PRESET_DAYS = [7, 30, 90] as const;
/** The longest custom range, in days. */
export const MAX_RANGE_DAYS = 366;

/** A resolved range: `preset` is null for a custom one; `error` explains a custom range that was refused. */
export type AnalyticsRange = { from: string; to: string; preset: (typeof PRESET_DAYS)[number] | null; error: string | null };

const isoDate = z.string().refine(isIsoDate, "Enter dates like 2026-11-25.");

/** Days from `from` to `to` inclusive. */
export const rangeDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * The range a query string asks for, on `today` (Europe/London `yyyy-mm-dd`). A bad or missing
 * range gives the last 30 days; a bad custom range says why in `error`.
 */
export function parseAnalyticsRange(params: URLSearchParams, today: string): AnalyticsRange {
  const last = (days: (typeof PRESET_DAYS)[number], error: string | null = null): AnalyticsRange => ({ from: addDays(today, -(days - 1)), to: today, preset: days, error });
  if (params.has("from") || params.has("to")) {
    const parsed = z.object({ from: isoDate, to: isoDate }).safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "" });
    if (!parsed.success) return last(30, "Enter both dates of the custom range, like 2026-11-25.");
    const { from, to } = parsed.data;
    if (from > to) return last(30, "The start date must be on or before the end date.");
    if (to > today) return last(30, "The end date cannot be after today.");
    if (rangeDays(from, to) > MAX_RANGE_DAYS) return last(30, `Choose at most ${MAX_RANGE_DAYS} days.`);
    return { from, to, preset: null, error: null };
  }
  const days = Number(params.get("range"));
  return last((PRESET_DAYS as readonly number[]).includes(days) ? (days as (typeof PRESET_DAYS)[number]) : 30);
}

/** The query string of a range (`?range=30` or `?from=&to=`). */
export function rangeSearch(range: Pick<AnalyticsRange, "from" | "to" | "preset">): string {
  return range.preset ? `?range=${range.preset}` : `?from=${range.from}&to=${range.to}`;
}
