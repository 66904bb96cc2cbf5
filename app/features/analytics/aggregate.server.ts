/**
 * Daily totals of the analytics. `dailyRows` is the one definition of a day's figures
 * per breakdown, used both to fold old raw page views into `analytics_daily` (the retention job)
 * and to read recent days straight from the raw events (the dashboard), so both agree.
 *
 * Per day and breakdown (`dimension`, `value`):
 * - `total` (value ""), `page` (the counted path), `country` ("" when unknown), `device`: visitors
 *   (distinct visitor hashes of the day), page views, visits begun (for `page`: entries);
 * - `source`, `referrer`, `campaign`, `medium`: the same over the first views of visits only
 *   (a visit's source is where its first view came from; a view with a new campaign tag starts a
 *   visit, see ./attribution.server.ts), so page views equal visits there.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { addDays } from "~/utils/time";
import { sourceOf, viewsWithVisitStarts } from "./attribution.server";

/**
 * SQL selecting `(day, dimension, value, visitors, pageviews, visits)` computed from the raw events
 * of the Europe/London days `from` to `to` inclusive (`yyyy-mm-dd`).
 */
export function dailyRows(from: string, to: string): SQL {
  return sql`
    with ev as (
      select v.day, v.visitor_hash, v.path, v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign, v.device, v.country,
             ${sourceOf("v")} as source, v.starts_visit
        from (${viewsWithVisitStarts(sql`e.day between ${from} and ${to}`)}) v
    ), entries as (select * from ev where starts_visit = 1)
    select day, 'total' as dimension, '' as value, count(distinct visitor_hash)::int as visitors, count(*)::int as pageviews, sum(starts_visit)::int as visits from ev group by day
    union all select day, 'page', path, count(distinct visitor_hash)::int, count(*)::int, sum(starts_visit)::int from ev group by day, path
    union all select day, 'country', coalesce(country, ''), count(distinct visitor_hash)::int, count(*)::int, sum(starts_visit)::int from ev group by day, country
    union all select day, 'device', device, count(distinct visitor_hash)::int, count(*)::int, sum(starts_visit)::int from ev group by day, device
    union all select day, 'source', source, count(distinct visitor_hash)::int, count(*)::int, count(*)::int from entries group by day, source
    union all select day, 'referrer', referrer_host, count(distinct visitor_hash)::int, count(*)::int, count(*)::int from entries where referrer_host is not null group by day, referrer_host
    union all select day, 'campaign', utm_campaign, count(distinct visitor_hash)::int, count(*)::int, count(*)::int from entries where utm_campaign is not null group by day, utm_campaign
    union all select day, 'medium', utm_medium, count(distinct visitor_hash)::int, count(*)::int, count(*)::int from entries where utm_medium is not null group by day, utm_medium`;
}

/**
 * Folds every raw page view of days before `beforeDay` (`yyyy-mm-dd`, Europe/London) into
 * `analytics_daily` and deletes those views, inside the caller's transaction; the conversions of
 * those days lose their visitor hash and booking reference. Days already folded are added to
 * (never happens in practice: no view of an old day arrives late). Returns the number of days folded.
 */
export async function foldAnalyticsDays(tx: Transaction, beforeDay: string): Promise<number> {
  const rows = await tx.execute(sql`
    insert into analytics_daily (day, dimension, value, visitors, pageviews, visits)
    select * from (${dailyRows("0001-01-01", addDays(beforeDay, -1))}) d
    on conflict (day, dimension, value) do update
       set visitors = analytics_daily.visitors + excluded.visitors,
           pageviews = analytics_daily.pageviews + excluded.pageviews,
           visits = analytics_daily.visits + excluded.visits
    returning day, dimension`);
  const folded = rowsOf<{ day: string; dimension: string }>(rows).filter((r) => r.dimension === "total").length;
  await tx.execute(sql`delete from analytics_events where day < ${beforeDay}`);
  await tx.execute(sql`update analytics_conversions set visitor_hash = null, booking_ref = null
                        where day < ${beforeDay} and (visitor_hash is not null or booking_ref is not null)`);
  return folded;
}

/**
 * Deletes every analytics row of days before `beforeDay` (`yyyy-mm-dd`, Europe/London): daily
 * totals, conversions and any raw page views not yet folded, inside the caller's transaction.
 * Returns the number of distinct days that had rows.
 */
export async function deleteAnalyticsDays(tx: Transaction, beforeDay: string): Promise<number> {
  const rows = await tx.execute(sql`
    with daily as (delete from analytics_daily where day < ${beforeDay} returning day),
         conversions as (delete from analytics_conversions where day < ${beforeDay} returning day),
         events as (delete from analytics_events where day < ${beforeDay} returning day)
    select count(distinct day)::int as days from (select day from daily union select day from conversions union select day from events) d`);
  return rowsOf<{ days: number }>(rows)[0]?.days ?? 0;
}

/** The rows of a `db.execute` result (both drivers return `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
