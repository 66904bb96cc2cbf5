/**
 * Which visit a conversion came from (ADR 0016, cookieless analytics), and the visit rule
 * every analytics figure uses.
 *
 * A visit is a run of one visitor hash's page views on one day. A view starts a new visit when it
 * is the first of the day, when it follows more than VISIT_GAP_MINUTES without a view (as
 * Plausible and Google Analytics end a session after 30 idle minutes), or when it carries a
 * campaign tag (`utm_source`, with its `utm_campaign`) other than the campaign the visitor came
 * with last (as Universal Analytics started a new session on a new campaign). So a newsletter link
 * opened part-way through a visit that began on a search engine is counted: it starts a visit of
 * its own from the newsletter, and a conversion after it counts for the newsletter (the last
 * campaign before the conversion). A visit's entry page is its first view and its source, medium
 * and campaign those of that view: the UTM source, else the referring site, else "Direct / None".
 */
import { sql, type SQL } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { DIRECT_SOURCE } from "./constants";

/** Minutes without a page view after which the next view starts a new visit. */
export const VISIT_GAP_MINUTES = 30;
/** Conversions younger than this are attributed again at each write (a view seen by another instance arrives later). */
const REATTRIBUTE_MINUTES = 15;

/** SQL of an event's source (`e` is an `analytics_events` row alias). */
export const sourceOf = (alias: string) =>
  sql.raw(`coalesce(${alias}.utm_source, ${alias}.referrer_host, '${DIRECT_SOURCE}')`);

/**
 * SQL of the page views that match `where` (a condition on `analytics_events e`), each row an
 * `analytics_events` row plus `starts_visit` (1 when it starts a visit by the rule above, else 0).
 * `where` must keep whole days of a visitor (a day, a range of days, or every view of a visitor
 * hash and day up to an instant), so the rule sees each view's predecessors.
 */
export function viewsWithVisitStarts(where: SQL): SQL {
  return sql`
    select t.id, t.occurred_at, t.day, t.visitor_hash, t.path, t.referrer_host, t.utm_source, t.utm_medium, t.utm_campaign, t.device, t.country,
           case when lag(t.occurred_at) over w is null
                  or t.occurred_at - lag(t.occurred_at) over w > make_interval(mins => ${VISIT_GAP_MINUTES})
                  or (t.utm_source is not null
                      and (lag(t.campaign_source) over w is distinct from t.utm_source or lag(t.campaign_name) over w is distinct from t.utm_campaign))
                then 1 else 0 end as starts_visit
      from (select g.*, first_value(g.utm_source) over c as campaign_source, first_value(g.utm_campaign) over c as campaign_name
              from (select e.*, count(e.utm_source) over (partition by e.day, e.visitor_hash order by e.occurred_at, e.id) as tagged_before
                      from analytics_events e
                     where ${where}) g
            window c as (partition by g.day, g.visitor_hash, g.tagged_before order by g.occurred_at, g.id)) t
    window w as (partition by t.day, t.visitor_hash order by t.occurred_at, t.id)`;
}

/**
 * Fills `entry_path`, `source`, `medium` and `campaign` of conversions not yet attributed that
 * happened in the last REATTRIBUTE_MINUTES (or of the conversion `id`): from the first view of
 * the latest visit of the same visitor hash and day that began at or before the conversion (see
 * the visit rule above). Left empty when that visitor has no page view (yet).
 */
export async function attributeRecentConversions(executor: Database | Transaction = db, id?: number): Promise<void> {
  await executor.execute(sql`
    update analytics_conversions c
       set (entry_path, source, medium, campaign) = (
         select v.path, ${sourceOf("v")}, v.utm_medium, v.utm_campaign
           from (${viewsWithVisitStarts(sql`e.day = c.day and e.visitor_hash = c.visitor_hash and e.occurred_at <= c.occurred_at`)}) v
          where v.starts_visit = 1
          order by v.occurred_at desc
          limit 1)
     where c.entry_path is null
       and c.visitor_hash is not null
       and ${id === undefined ? sql`c.occurred_at > now() - make_interval(mins => ${REATTRIBUTE_MINUTES})` : sql`c.id = ${id}`}`);
}
