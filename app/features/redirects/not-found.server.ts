/**
 * The 404 log: the addresses visitors asked for and got the 404 page, counted the way page views
 * are (ADR "Cookieless analytics"): at the door only what `isCountable` allows (GET, no staff
 * session, no DNT or GPC, no prefetch, no portal or API path), a few header values kept in memory,
 * and at write time bots counted apart, each client (IPv4 address or IPv6 /64, per TRUST_PROXY)
 * counted `MAX_VIEWS_PER_CLIENT_PER_HOUR` times an hour at most, the referrer reduced to another
 * site's host. A batch is folded per path and added to `not_found_paths` in one statement; no
 * cookie is read or set and no address or user agent is stored.
 */
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { desc, lt, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { notFoundPaths } from "~/db/schema";
import { clientKey } from "~/features/abuse/limits.server";
import { hourlyClientCap, isCountable, MAX_VIEWS_PER_CLIENT_PER_HOUR, pendingRequestOf, referrerHost, type PendingRequest, type TrustFunction } from "~/features/analytics/collector.server";
import { isBotUserAgent } from "~/features/analytics/visitor.server";
import { normaliseRequestTarget } from "~/features/site/page-url";
import { createRedirectTable } from "./rules";
import type { NotFoundView } from "./schema";
import { readRedirectRules } from "./store.server";

/** 404s held at most between writes; more are dropped (the database unreachable for long, or a flood). */
const MAX_PENDING = 20_000;
/** The longest path kept; longer ones are cut. */
export const MAX_NOT_FOUND_PATH = 500;

/** A counter of 404s with its own pending list (one per process; tests make their own). */
export function createNotFoundLog({ trust }: { trust: TrustFunction }) {
  let pending: PendingRequest[] = [];
  const withinCap = hourlyClientCap(MAX_VIEWS_PER_CLIENT_PER_HOUR);

  return {
    /** Keeps a countable 404 for the next write. Synchronous and cheap. */
    count(req: IncomingMessage): void {
      if (!isCountable(req) || pending.length >= MAX_PENDING) return;
      pending.push(pendingRequestOf(req));
    },
    /** Folds the pending 404s per path and adds them to the log; returns how many were counted. Kept for the next write if it fails. */
    async flush(): Promise<number> {
      const batch = pending;
      pending = [];
      if (batch.length === 0) return 0;
      const rows = new Map<string, { path: string; hits: number; bot_hits: number; last_referrer_host: string | null; first_seen_at: string; last_seen_at: string }>();
      let counted = 0;
      for (const miss of batch) {
        const normal = normaliseRequestTarget(miss.url);
        if (!normal) continue;
        const ip = proxyaddr({ headers: { "x-forwarded-for": miss.forwardedFor }, socket: { remoteAddress: miss.remoteAddress } } as unknown as IncomingMessage, trust);
        if (!withinCap(clientKey(ip), miss.at)) continue;
        const path = normal.path.slice(0, MAX_NOT_FOUND_PATH);
        const at = new Date(miss.at).toISOString();
        const row = rows.get(path) ?? { path, hits: 0, bot_hits: 0, last_referrer_host: null, first_seen_at: at, last_seen_at: at };
        if (isBotUserAgent(miss.userAgent)) row.bot_hits++;
        else row.hits++;
        row.last_seen_at = at;
        row.last_referrer_host = referrerHost(miss.referer, miss.host) ?? row.last_referrer_host;
        rows.set(path, row);
        counted++;
      }
      if (rows.size === 0) return 0;
      try {
        await db.execute(sql`
          insert into not_found_paths (path, hits, bot_hits, last_referrer_host, first_seen_at, last_seen_at)
          select path, hits, bot_hits, last_referrer_host, first_seen_at, last_seen_at
            from json_populate_recordset(null::not_found_paths, ${JSON.stringify([...rows.values()])}::json)
          on conflict (path) do update set
            hits = not_found_paths.hits + excluded.hits,
            bot_hits = not_found_paths.bot_hits + excluded.bot_hits,
            last_referrer_host = coalesce(excluded.last_referrer_host, not_found_paths.last_referrer_host),
            last_seen_at = greatest(not_found_paths.last_seen_at, excluded.last_seen_at)`);
      } catch (error) {
        pending = batch.concat(pending).slice(0, MAX_PENDING);
        throw error;
      }
      return counted;
    },
    /** 404s waiting to be written (tests). */
    pendingCount: () => pending.length,
  };
}

/** The 404 log of a running process. */
export type NotFoundLog = ReturnType<typeof createNotFoundLog>;

/** Rows the portal shows at most. */
export const NOT_FOUND_LIST_LIMIT = 200;

/**
 * The 404 log for the portal: most visits (bots apart) first, then most recent, at most
 * NOT_FOUND_LIST_LIMIT rows; each says whether a redirect now answers it.
 */
export async function listNotFound(): Promise<NotFoundView[]> {
  const [rows, rules] = await Promise.all([
    db.select().from(notFoundPaths).orderBy(desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt)).limit(NOT_FOUND_LIST_LIMIT),
    readRedirectRules(),
  ]);
  const table = createRedirectTable(rules);
  return rows.map((r) => ({
    path: r.path,
    hits: r.hits,
    botHits: r.botHits,
    lastReferrerHost: r.lastReferrerHost,
    lastSeenAt: r.lastSeenAt.toISOString(),
    redirected: table.find(r.path) !== null,
  }));
}

/** Deletes the rows last asked for before `cutoff` (the retention run); returns how many. */
export async function deleteNotFoundBefore(tx: Transaction, cutoff: Date): Promise<number> {
  const removed = await tx.delete(notFoundPaths).where(lt(notFoundPaths.lastSeenAt, cutoff)).returning({ path: notFoundPaths.path });
  return removed.length;
}
