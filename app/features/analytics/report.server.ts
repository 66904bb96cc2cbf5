/**
 * What the Analytics dashboard and its CSV export show for a range of days (issue 21): daily
 * totals from `analytics_daily` for folded days plus the same figures computed from the raw events
 * for recent days (`dailyRows`), and the conversions with their attribution.
 *
 * Visitors over several days are the sum of each day's unique visitors (the hash changes every
 * day, so nobody can be recognised across days; Plausible counts the same way). A conversion rate
 * is conversions divided by visits from that source or entering at that page.
 */
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ANALYTICS_DIMENSIONS, CONVERSION_KINDS } from "~/db/schema";
import { addDays } from "~/utils/time";
import { dailyRows, rowsOf } from "./aggregate.server";

export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** One day and breakdown of the figures. */
export type DailyFigure = { day: string; dimension: AnalyticsDimension; value: string; visitors: number; pageviews: number; visits: number };

/** Conversions counted by kind, e.g. `{ enquiry: 4, booking: 1, booking_confirmed: 0 }`. */
export type ConversionCounts = Record<ConversionKind, number>;

/** One conversion group: a day, kind and detail, and the visit's entry page, source, medium and campaign (null: no visit found, or none). */
export type ConversionFigure = {
  day: string;
  kind: ConversionKind;
  detail: string;
  entryPath: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  count: number;
};

/** A row of a breakdown table: the value and its figures over the range, conversions where attributed. */
export type BreakdownRow = { value: string; visitors: number; pageviews: number; visits: number; conversions?: ConversionCounts; rate?: number };

/** The dashboard for `from`..`to` (Europe/London days, inclusive). */
export type AnalyticsReport = {
  from: string;
  to: string;
  totals: { visitors: number; pageviews: number; visits: number; conversions: ConversionCounts };
  /** Every day of the range in order, zero-filled. */
  series: { day: string; visitors: number; pageviews: number; conversions: number }[];
  /**
   * Top rows of each breakdown: pages by page views; entry pages (where visits began), sources,
   * campaigns and media by visits, with their conversions and rate; the rest by visits or visitors.
   */
  breakdowns: Record<"pages" | "entries" | "sources" | "referrers" | "campaigns" | "mediums" | "countries" | "devices", BreakdownRow[]>;
  /** Conversions by kind and detail (enquiry project type, consultation type). */
  conversionTypes: { kind: ConversionKind; detail: string; count: number }[];
};

const noConversions = (): ConversionCounts => ({ enquiry: 0, booking: 0, booking_confirmed: 0 });

/** Every day's figures of the range: folded days from `analytics_daily`, the rest from the raw events. */
export async function dailyFigures(from: string, to: string): Promise<DailyFigure[]> {
  const result = await db.execute(sql`
    select day::text as day, dimension, value, visitors, pageviews, visits
      from analytics_daily where day between ${from} and ${to}
    union all
    select day::text, dimension, value, visitors, pageviews, visits from (${dailyRows(from, to)}) raw
    order by 1, 2, 3`);
  return rowsOf<DailyFigure>(result).map((r) => ({ ...r, visitors: Number(r.visitors), pageviews: Number(r.pageviews), visits: Number(r.visits) }));
}

/** Conversions of the range grouped by day, kind, detail, entry page, source, medium and campaign. */
export async function conversionFigures(from: string, to: string): Promise<ConversionFigure[]> {
  const result = await db.execute(sql`
    select day::text as day, kind, detail, entry_path as "entryPath", source, medium, campaign, count(*)::int as count
      from analytics_conversions where day between ${from} and ${to}
     group by day, kind, detail, entry_path, source, medium, campaign
     order by day, kind, detail`);
  return rowsOf<ConversionFigure>(result).map((r) => ({ ...r, count: Number(r.count) }));
}

/** Rows longest first, at most `limit`. */
const top = (rows: BreakdownRow[], by: "pageviews" | "visits" | "visitors", limit: number) =>
  rows.sort((a, b) => b[by] - a[by] || a.value.localeCompare(b.value)).slice(0, limit);

/** Builds the dashboard for `from`..`to` (inclusive, `yyyy-mm-dd`); `limit` rows per breakdown table. */
export async function analyticsReport(from: string, to: string, limit = 10): Promise<AnalyticsReport> {
  const [figures, conversions] = [await dailyFigures(from, to), await conversionFigures(from, to)];

  const series = new Map<string, { day: string; visitors: number; pageviews: number; conversions: number }>();
  for (let day = from; day <= to; day = addDays(day, 1)) series.set(day, { day, visitors: 0, pageviews: 0, conversions: 0 });
  const totals = { visitors: 0, pageviews: 0, visits: 0, conversions: noConversions() };
  const groups = new Map<string, Map<string, BreakdownRow>>();
  for (const f of figures) {
    if (f.dimension === "total") {
      const point = series.get(f.day)!;
      point.visitors += f.visitors;
      point.pageviews += f.pageviews;
      totals.visitors += f.visitors;
      totals.pageviews += f.pageviews;
      totals.visits += f.visits;
      continue;
    }
    const group = groups.get(f.dimension) ?? new Map<string, BreakdownRow>();
    groups.set(f.dimension, group);
    const row = group.get(f.value) ?? { value: f.value, visitors: 0, pageviews: 0, visits: 0 };
    row.visitors += f.visitors;
    row.pageviews += f.pageviews;
    row.visits += f.visits;
    group.set(f.value, row);
  }

  const conversionTypes = new Map<string, { kind: ConversionKind; detail: string; count: number }>();
  const attribute = (dimension: "page" | "source" | "campaign" | "medium", value: string | null, c: ConversionFigure) => {
    if (value === null) return;
    const group = groups.get(dimension) ?? new Map<string, BreakdownRow>();
    groups.set(dimension, group);
    const row = group.get(value) ?? { value, visitors: 0, pageviews: 0, visits: 0 };
    row.conversions ??= noConversions();
    row.conversions[c.kind] += c.count;
    group.set(value, row);
  };
  for (const c of conversions) {
    totals.conversions[c.kind] += c.count;
    if (c.kind !== "booking_confirmed") series.get(c.day)!.conversions += c.count;
    const key = `${c.kind}\n${c.detail}`;
    const type = conversionTypes.get(key) ?? { kind: c.kind, detail: c.detail, count: 0 };
    type.count += c.count;
    conversionTypes.set(key, type);
    attribute("page", c.entryPath, c);
    attribute("source", c.source, c);
    attribute("campaign", c.campaign, c);
    attribute("medium", c.medium, c);
  }

  const rows = (dimension: AnalyticsDimension) => [...(groups.get(dimension)?.values() ?? [])];
  const withRates = (list: BreakdownRow[]) =>
    list.map((r) => (r.conversions ? { ...r, rate: r.visits > 0 ? (r.conversions.enquiry + r.conversions.booking) / r.visits : undefined } : r));
  return {
    from,
    to,
    totals,
    series: [...series.values()],
    breakdowns: {
      pages: top(rows("page").filter((r) => r.pageviews > 0), "pageviews", limit),
      entries: withRates(top(rows("page").filter((r) => r.visits > 0 || r.conversions), "visits", limit)),
      sources: withRates(top(rows("source"), "visits", limit)),
      referrers: top(rows("referrer"), "visits", limit),
      campaigns: withRates(top(rows("campaign"), "visits", limit)),
      mediums: withRates(top(rows("medium"), "visits", limit)),
      countries: top(rows("country"), "visitors", limit),
      devices: top(rows("device"), "visitors", limit),
    },
    conversionTypes: [...conversionTypes.values()].sort((a, b) => b.count - a.count),
  };
}

/** The window of the page views shown on CMS rows, in days (including today). */
export const CMS_VIEWS_DAYS = 30;

/**
 * Page views of each of `paths` over the last CMS_VIEWS_DAYS days up to `today` (Europe/London
 * `yyyy-mm-dd`), folded and raw days together; a path never viewed is 0. For the CMS lists'
 * "views" on each project and article row (issue 21).
 */
export async function pageViewsOf(paths: string[], today: string): Promise<Map<string, number>> {
  const views = new Map(paths.map((p) => [p, 0]));
  if (paths.length === 0) return views;
  const from = addDays(today, -(CMS_VIEWS_DAYS - 1));
  const list = sql.join(paths.map((p) => sql`${p}`), sql`, `);
  const result = await db.execute(sql`
    select value as path, sum(pageviews)::int as n from analytics_daily
     where dimension = 'page' and day between ${from} and ${today} and value in (${list}) group by value
    union all
    select path, count(*)::int from analytics_events where day between ${from} and ${today} and path in (${list}) group by path`);
  for (const row of rowsOf<{ path: string; n: number }>(result)) views.set(row.path, (views.get(row.path) ?? 0) + Number(row.n));
  return views;
}
