/**
 * The Analytics CSV export: one row per day and breakdown over a range, with the
 * visitors, page views and visits of `dailyFigures` and the conversions attributed to it
 * (`total`: all; `page`: by entry page; `source`, `campaign`, `medium`: by the visit's; `conversion type`: by
 * enquiry project type or consultation type). Quoting by csv-stringify, formula-like cells
 * neutralised as in the enquiries export.
 */
import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/utils/csv.server";
import { conversionFigures, dailyFigures, type ConversionKind } from "./report.server";

/** The header row of the export. */
export const ANALYTICS_CSV_COLUMNS = ["day", "breakdown", "value", "visitors", "page_views", "visits", "enquiries", "bookings", "bookings_confirmed"] as const;

type Row = { day: string; breakdown: string; value: string; visitors: number; pageviews: number; visits: number } & Record<ConversionKind, number>;

/** The CSV text (UTF-8 with a BOM for Excel) of `from`..`to` inclusive, Europe/London days, sorted by day and breakdown. */
export async function analyticsCsv(from: string, to: string): Promise<string> {
  const rows = new Map<string, Row>();
  const row = (day: string, breakdown: string, value: string) => {
    const key = `${day}\n${breakdown}\n${value}`;
    let found = rows.get(key);
    if (!found) {
      found = { day, breakdown, value, visitors: 0, pageviews: 0, visits: 0, enquiry: 0, booking: 0, booking_confirmed: 0 };
      rows.set(key, found);
    }
    return found;
  };
  for (const f of await dailyFigures(from, to)) Object.assign(row(f.day, f.dimension, f.value), { visitors: f.visitors, pageviews: f.pageviews, visits: f.visits });
  for (const c of await conversionFigures(from, to)) {
    row(c.day, "total", "")[c.kind] += c.count;
    row(c.day, "conversion type", c.detail)[c.kind] += c.count;
    if (c.entryPath !== null) row(c.day, "page", c.entryPath)[c.kind] += c.count;
    if (c.source !== null) row(c.day, "source", c.source)[c.kind] += c.count;
    if (c.campaign !== null) row(c.day, "campaign", c.campaign)[c.kind] += c.count;
    if (c.medium !== null) row(c.day, "medium", c.medium)[c.kind] += c.count;
  }
  const sorted = [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.breakdown.localeCompare(b.breakdown) || a.value.localeCompare(b.value));
  return stringify(
    sorted.map((r) => [r.day, r.breakdown, neutraliseCsvCell(r.value), r.visitors, r.pageviews, r.visits, r.enquiry, r.booking, r.booking_confirmed]),
    { bom: true, header: true, columns: [...ANALYTICS_CSV_COLUMNS] },
  );
}
