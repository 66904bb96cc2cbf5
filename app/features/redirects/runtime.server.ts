/**
 * The redirects and the 404 log of this process: the table of redirects kept in memory (reloaded
 * when `content_version` moves, which the `redirects` trigger bumps on every change, so every
 * instance follows within a second), the hits counted in memory and added to the rows in batches,
 * and the 404 log's collector. `server/app.ts` starts and stops it; `server/redirects.ts` answers
 * requests from `findRedirect`.
 */
import type { IncomingMessage } from "node:http";
import type { TrustFunction } from "~/features/analytics/collector.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { createNotFoundLog, type NotFoundLog } from "./not-found.server";
import { createRedirectTable, type RedirectRule, type RedirectTable } from "./rules";
import { addRedirectHits, readRedirectRules } from "./store.server";

let table: RedirectTable = createRedirectTable([]);
let loadedVersion: number | null = null;
let loading: Promise<void> | null = null;
let pendingHits = new Map<string, { hits: number; lastAt: number }>();
let timer: ReturnType<typeof setInterval> | undefined;
let notFoundLog: NotFoundLog | null = null;

/** Reads every redirect and swaps this instance's table (one load at a time; a call during a load waits for it and loads again). */
export async function reloadRedirects(): Promise<void> {
  while (loading) await loading.catch(() => undefined);
  loading = readRedirectRules().then((rules) => {
    table = createRedirectTable(rules);
  });
  try {
    await loading;
  } finally {
    loading = null;
  }
}

/**
 * Reloads the table when the content version differs from the one last loaded (called with every
 * new state of `watchContentState`). A failed read is logged; the old table keeps answering.
 */
export function redirectsFollowContent(version: number): void {
  if (version === loadedVersion) return;
  reloadRedirects()
    .then(() => {
      loadedVersion = version;
    })
    .catch((error: unknown) => logger.warn({ err: error }, "redirects: reading the table failed; the previous one stays"));
}

/** The redirect answering a request target as sent (`/old?x=1`), or null. A Map lookup; no I/O. */
export function findRedirect(target: string): RedirectRule | null {
  return table.find(target);
}

/** Counts one use of the redirect `id` (written with the next batch). */
export function countRedirectHit(id: string): void {
  const hit = pendingHits.get(id);
  if (hit) {
    hit.hits++;
    hit.lastAt = Date.now();
  } else pendingHits.set(id, { hits: 1, lastAt: Date.now() });
}

/** Counts a request answered with the 404 page (no-op before `startRedirects`). */
export function countNotFound(req: IncomingMessage): void {
  notFoundLog?.count(req);
}

/** Writes the pending redirect hits and 404s now; a failed write keeps them for the next one. */
export async function flushRedirectCounts(): Promise<void> {
  const batch = pendingHits;
  pendingHits = new Map();
  try {
    await addRedirectHits(batch);
  } catch (error) {
    for (const [id, hit] of batch) {
      const later = pendingHits.get(id);
      pendingHits.set(id, later ? { hits: later.hits + hit.hits, lastAt: later.lastAt } : hit);
    }
    throw error;
  }
  await notFoundLog?.flush();
}

/**
 * Loads the table, starts the 404 log (`trust` is Express's compiled `trust proxy`) and writes
 * the counts every ANALYTICS_FLUSH_MS.
 */
export async function startRedirects(trust: TrustFunction): Promise<void> {
  await reloadRedirects();
  notFoundLog ??= createNotFoundLog({ trust });
  if (timer) return;
  timer = setInterval(() => {
    flushRedirectCounts().catch((error: unknown) => logger.error({ err: error }, "redirects: writing hits and 404s failed; kept for the next write"));
  }, env.ANALYTICS_FLUSH_MS);
  timer.unref();
}

/** Stops the periodic write and writes what is pending (graceful shutdown). */
export async function stopRedirects(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await flushRedirectCounts();
}
