/** The two queries the redirects' runtime needs: the rules to look up, and the batched hits. */
import { asc, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { redirects } from "~/db/schema";
import type { RedirectRule } from "./rules";

/** Every redirect as the rules need it (id, source, target, status), oldest first. */
export async function readRedirectRules(executor: Database | Transaction = db): Promise<RedirectRule[]> {
  const rows = await executor
    .select({ id: redirects.id, source: redirects.source, target: redirects.target, statusCode: redirects.statusCode })
    .from(redirects)
    .orderBy(asc(redirects.createdAt));
  return rows as RedirectRule[];
}

/** Adds batched hits: per redirect id, how many and the last instant (ms). Ids since deleted are skipped. */
export async function addRedirectHits(hits: ReadonlyMap<string, { hits: number; lastAt: number }>): Promise<void> {
  if (hits.size === 0) return;
  const rows = [...hits].map(([id, h]) => ({ id, hits: h.hits, last: new Date(h.lastAt).toISOString() }));
  await db.execute(sql`
    update redirects r set hits = r.hits + v.hits, last_hit_at = greatest(r.last_hit_at, v.last)
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, hits integer, last timestamptz)
     where r.id = v.id`);
}
