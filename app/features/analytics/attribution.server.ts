/**
 * Which visit a conversion came from (ADR "Cookieless analytics"). A visit is the run
 * of one visitor hash's page views on one day with no gap over VISIT_GAP_MINUTES (as Plausible
 * and Google Analytics end a session after 30 idle minutes); its entry page is its first view and
 * its source the UTM source of that view, else the referring site, else "Direct / None".
 */
import { sql } from "drizzle-orm";
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
 * Fills `entry_path`, `source` and `campaign` of conversions not yet attributed that happened in
 * the last REATTRIBUTE_MINUTES (or of the conversion `id`): from the entry view of the latest visit
 * of the same visitor hash and day that began at or before the conversion. Left empty when that
 * visitor has no page view (yet).
 */
export async function attributeRecentConversions(executor: Database | Transaction = db, id?: number): Promise<void> {
  await executor.execute(sql`
    update analytics_conversions c
       set (entry_path, source, campaign) = (
         select v.path, ${sourceOf("v")}, v.utm_campaign
           from (select e.*, lag(e.occurred_at) over (order by e.occurred_at) as previous_at
                   from analytics_events e
                  where e.day = c.day and e.visitor_hash = c.visitor_hash and e.occurred_at <= c.occurred_at) v
          where v.previous_at is null or v.occurred_at - v.previous_at > make_interval(mins => ${VISIT_GAP_MINUTES})
          order by v.occurred_at desc
          limit 1)
     where c.entry_path is null
       and c.visitor_hash is not null
       and ${id === undefined ? sql`c.occurred_at > now() - make_interval(mins => ${REATTRIBUTE_MINUTES})` : sql`c.id = ${id}`}`);
}
