/**
 * Counting page views of public pages (ADR "Cookieless analytics").
 *
 * `countPageView` is called for every document answered 200 as HTML: by `server/app.ts` for
 * HTML-cache hits (before Express) and from a `finish` listener for everything else. It only
 * copies five header values into an in-memory list, so cached pages stay as fast as before;
 * the work (bot check, client address per TRUST_PROXY, visitor hash, device, country, referrer,
 * UTM parameters) happens when the list is written: every ANALYTICS_FLUSH_MS, when it grows past
 * FLUSH_AT, and at shutdown. A batch is written in one transaction and put back if that fails, so
 * each view is stored once by the one instance that saw it: two instances neither lose nor
 * double-count.
 *
 * Not counted, at the door: other methods than GET, /admin (the portal), /api, /consent, the
 * manage-booking token pages, a `preview` parameter, a staff session cookie, `DNT: 1` or
 * `Sec-GPC: 1`, and browser prefetches; at write time: bots (isbot), requests without a user agent,
 * and a client's views past `MAX_VIEWS_PER_CLIENT_PER_HOUR` in one clock hour (one address,
 * IPv4 or IPv6 /64, cannot inflate the figures by sending requests with ever new user agents).
 * The cap is per instance: behind N instances a client counts at most N times the cap.
 */
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { clientKey } from "~/features/abuse/limits.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { londonToday } from "~/utils/time";
import { attributeRecentConversions } from "./attribution.server";
import { countedPath } from "./page-path";
import { countryOf, deviceClass, isBotUserAgent, loadCountries, saltOf, visitorHash } from "./visitor.server";

/** One hour in ms. */
const HOUR_MS = 3_600_000;

/** What is kept of a counted request until the next write (never stored as such); `at` in epoch ms. */
export type PendingRequest = {
  at: number;
  url: string;
  host: string | undefined;
  referer: string | undefined;
  userAgent: string | undefined;
  forwardedFor: string | undefined;
  remoteAddress: string | undefined;
};

/** The few header values of `req` kept until the next write, stamped now. Synchronous and cheap. */
export function pendingRequestOf(req: IncomingMessage): PendingRequest {
  const h = req.headers;
  return {
    at: Date.now(),
    url: req.url ?? "/",
    host: h.host,
    referer: h.referer,
    userAgent: h["user-agent"],
    forwardedFor: typeof h["x-forwarded-for"] === "string" ? h["x-forwarded-for"] : undefined,
    remoteAddress: req.socket?.remoteAddress,
  };
}

/**
 * A per-client cap by clock hour (UTC, hours since the epoch): the returned function counts one
 * request of the client `key` (`clientKey`) at `at` (epoch ms) and answers false once that client
 * has passed `max` in the current hour. Counts are kept in memory for the current hour only.
 */
export function hourlyClientCap(max: number): (key: string, at: number) => boolean {
  let capHour = -1;
  const byClient = new Map<string, number>();
  return (key, at) => {
    const hour = Math.floor(at / HOUR_MS);
    if (hour > capHour) {
      capHour = hour;
      byClient.clear();
    }
    const count = (byClient.get(key) ?? 0) + 1;
    byClient.set(key, count);
    return count <= max;
  };
}

/** `proxy-addr`'s trust function: Express's compiled `trust proxy` setting (TRUST_PROXY). */
export type TrustFunction = (address: string, hop: number) => boolean;

/** A write is started early once this many views wait. */
const FLUSH_AT = 5_000;
/** Views processed and inserted per statement. */
const CHUNK = 500;
/** Views held at most; beyond this (the database unreachable for long) new views are dropped and logged. */
const MAX_PENDING = 200_000;
/** Page views counted per client address (IPv4, or IPv6 /64) per clock hour at most; more are dropped. */
export const MAX_VIEWS_PER_CLIENT_PER_HOUR = 100;
/** The longest referrer host and UTM value kept. */
const MAX_VALUE_LENGTH = 100;

const EXCLUDED_PATHS = /^\/(?:admin|api|consent|book-consultation\/manage)(?:[/?]|$)/i;
const STAFF_SESSION = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** True when a request may be counted (checked before anything is kept; see the module comment). */
export function isCountable(req: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "/";
  const h = req.headers;
  if (h.dnt === "1" || h["sec-gpc"] === "1") return false;
  if (h.purpose === "prefetch" || (h["sec-purpose"] ?? "").includes("prefetch")) return false;
  if (h.cookie && STAFF_SESSION.test(h.cookie)) return false;
  if (EXCLUDED_PATHS.test(url)) return false;
  const queryAt = url.indexOf("?");
  return queryAt === -1 || !new URLSearchParams(url.slice(queryAt + 1)).has("preview");
}

const clip = (value: string | null | undefined) => (value ? value.trim().slice(0, MAX_VALUE_LENGTH) || null : null);

/**
 * The referrer's host name (without `www.`, at most 100 characters) when it is another site
 * (http or https) than `ownHost` (the request's Host) and PUBLIC_URL's, else null.
 */
export function referrerHost(referer: string | undefined, ownHost: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.host === ownHost || url.host === SITE_HOST) return null;
    return clip(url.hostname.replace(/^www\./, ""));
  } catch {
    return null;
  }
}

const SITE_HOST = new URL(env.PUBLIC_URL).host;

/** A row of `analytics_events` as written (column names; the id is the database's). */
type EventRow = {
  occurred_at: string;
  day: string;
  visitor_hash: string;
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string;
  country: string | null;
};

/** The London day of an instant (ms), remembered per minute: a batch's views share a few minutes. */
let lastMinute = { minute: -1, day: "" };
function dayOf(at: number): string {
  const minute = Math.floor(at / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, day: londonToday(new Date(at)) };
  return lastMinute.day;
}

/** A counter of page views with its own pending list (one per process; tests make two). */
export function createCollector({ trust, enabled = env.ANALYTICS_ENABLED }: { trust: TrustFunction; enabled?: boolean }) {
  let pending: PendingRequest[] = [];
  let dropped = 0;
  let writing: Promise<number> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Counts a view of the client `key` (`clientKey`) at `at` (ms) against the per-client cap; false when past it. */
  const withinClientCap = hourlyClientCap(MAX_VIEWS_PER_CLIENT_PER_HOUR);

  /** Keeps a countable request for the next write (see the module comment). Synchronous and cheap. */
  const countPageView = (req: IncomingMessage): void => {
    if (!enabled || !isCountable(req)) return;
    if (pending.length >= MAX_PENDING) {
      dropped += 1;
      return;
    }
    pending.push(pendingRequestOf(req));
    if (pending.length === FLUSH_AT) void flush();
  };

  /**
   * The client address of a view (per TRUST_PROXY) and its `clientKey`, remembered by `seen` for
   * the views of one write: a batch holds many views of few clients, and parsing the addresses
   * again for each was most of the cost of writing a view.
   */
  const clientOf = (hit: PendingRequest, seen: Map<string, { ip: string; key: string }>) => {
    const memo = `${hit.forwardedFor ?? ""}|${hit.remoteAddress ?? ""}`;
    let client = seen.get(memo);
    if (!client) {
      const ip = proxyaddr(
        { headers: { "x-forwarded-for": hit.forwardedFor }, socket: { remoteAddress: hit.remoteAddress } } as unknown as IncomingMessage,
        trust,
      );
      client = { ip, key: clientKey(ip) };
      seen.set(memo, client);
    }
    return client;
  };

  const toRow = (hit: PendingRequest, today: string, salt: string, seen: Map<string, { ip: string; key: string }>): EventRow | null => {
    if (isBotUserAgent(hit.userAgent)) return null;
    const { ip, key } = clientOf(hit, seen);
    if (!withinClientCap(key, hit.at)) return null;
    const url = new URL(hit.url, "http://x");
    const utm = url.searchParams;
    const day = dayOf(hit.at);
    return {
      occurred_at: new Date(hit.at).toISOString(),
      // A view from just before midnight written just after it belongs to the new day's salt.
      day: day < today ? today : day,
      visitor_hash: visitorHash(salt, SITE_HOST, ip, hit.userAgent!),
      path: countedPath(url.pathname, url.searchParams),
      referrer_host: referrerHost(hit.referer, hit.host),
      utm_source: clip(utm.get("utm_source")),
      utm_medium: clip(utm.get("utm_medium")),
      utm_campaign: clip(utm.get("utm_campaign")),
      device: deviceClass(hit.userAgent!),
      country: countryOf(ip),
    };
  };

  const write = async (): Promise<number> => {
    const batch = pending;
    pending = [];
    if (dropped > 0) {
      logger.warn({ dropped }, "analytics: page views dropped while the database was unreachable");
      dropped = 0;
    }
    if (batch.length === 0) {
      await attributeRecentConversions();
      return 0;
    }
    try {
      const today = londonToday(new Date());
      const salt = await saltOf(today);
      let stored = 0;
      const seen = new Map<string, { ip: string; key: string }>();
      await db.transaction(async (tx) => {
        // In chunks, yielding between them, so a large batch never holds the event loop for long.
        for (let i = 0; i < batch.length; i += CHUNK) {
          const chunk = batch.slice(i, i + CHUNK).map((hit) => toRow(hit, today, salt, seen)).filter((row) => row !== null);
          stored += chunk.length;
          // One JSON parameter per statement: far cheaper to send and bind than 10 parameters a row.
          // None when every view of the chunk was a bot's or past its client's cap.
          if (chunk.length > 0) {
            await tx.execute(sql`
              insert into analytics_events (occurred_at, day, visitor_hash, path, referrer_host, utm_source, utm_medium, utm_campaign, device, country)
              select occurred_at, day, visitor_hash, path, referrer_host, utm_source, utm_medium, utm_campaign, device, country
                from json_populate_recordset(null::analytics_events, ${JSON.stringify(chunk)}::json)`);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      await attributeRecentConversions();
      return stored;
    } catch (error) {
      // Nothing of the batch was stored (one transaction): keep it for the next write.
      pending = batch.concat(pending).slice(0, MAX_PENDING);
      throw error;
    }
  };

  /**
   * Writes the pending views now (one write at a time; a call during a write waits for it and
   * then writes what came meanwhile). Resolves to the number of views stored; rejects when the
   * database fails (the views stay pending).
   */
  const flush = async (): Promise<number> => {
    while (writing) await writing.catch(() => undefined);
    writing = write();
    try {
      return await writing;
    } finally {
      writing = null;
    }
  };

  return {
    countPageView,
    flush,
    /** Loads the country table and starts the periodic write (every `intervalMs`, default ANALYTICS_FLUSH_MS). */
    start(intervalMs = env.ANALYTICS_FLUSH_MS) {
      if (!enabled || timer) return;
      loadCountries();
      timer = setInterval(() => {
        flush().catch((error: unknown) => logger.error({ err: error }, "analytics: writing page views failed; kept for the next write"));
      }, intervalMs);
      timer.unref();
    },
    /** Stops the periodic write and writes what is pending (graceful shutdown). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    /** Views waiting to be written (tests). */
    pendingCount: () => pending.length,
  };
}

/** The collector of a running process. */
export type Collector = ReturnType<typeof createCollector>;
