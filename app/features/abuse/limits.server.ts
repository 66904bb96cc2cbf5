/**
 * Rate limits of the public write paths (`docs/design.md` section 7):
 * fixed-window counters in `rate_limit_hits`, so every app instance shares them. A client is its
 * IPv4 address, or its IPv6 /64 (one household or customer network), so hopping between the
 * addresses of one /64 does not reset the limit.
 *
 * The thresholds come from the environment (`*_LIMIT_*`, validated in `~/utils/env.server`);
 * the defaults are generous for people: a person books one or two consultations.
 */
import ipaddr from "ipaddr.js";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { metrics } from "~/features/operations/metrics.server";
import { env } from "~/utils/env.server";

/** One hour, the window of every limit here, in ms. */
export const HOUR_MS = 60 * 60_000;

/** A fixed-window limit: at most `max` hits per `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

/** The limits in force (from the environment). */
export const LIMITS = {
  /** Bookings made per client per hour (default 5). */
  bookingPerClient: { max: env.BOOKING_LIMIT_PER_CLIENT, windowMs: HOUR_MS },
  /** Bookings made by everyone per hour (default 100). */
  bookingGlobal: { max: env.BOOKING_LIMIT_GLOBAL, windowMs: HOUR_MS },
  /** Enquiries per client per hour (default 5); more are stored as spam. */
  enquiryPerClient: { max: env.ENQUIRY_LIMIT_PER_CLIENT, windowMs: HOUR_MS },
  /** Clean enquiries by everyone per hour (default 100); more are stored as spam. */
  enquiryGlobal: { max: env.ENQUIRY_LIMIT_GLOBAL, windowMs: HOUR_MS },
  /** Suspected spam enquiries stored per client per hour (default 10); more are counted and dropped. */
  spamStoredPerClient: { max: env.SPAM_STORE_LIMIT_PER_CLIENT, windowMs: HOUR_MS },
  /** Suspected spam enquiries stored for everyone per hour (default 200); more are counted and dropped. */
  spamStoredGlobal: { max: env.SPAM_STORE_LIMIT_GLOBAL, windowMs: HOUR_MS },
  /** Waiting-list joins per client per hour: the bookings' limit (`BOOKING_LIMIT_PER_CLIENT`). */
  waitingListPerClient: { max: env.BOOKING_LIMIT_PER_CLIENT, windowMs: HOUR_MS },
  /** Waiting-list joins by everyone per hour: the bookings' limit (`BOOKING_LIMIT_GLOBAL`). */
  waitingListGlobal: { max: env.BOOKING_LIMIT_GLOBAL, windowMs: HOUR_MS },
  /** Bookings moved from manage links per client per hour (default 10). */
  reschedulePerClient: { max: env.RESCHEDULE_LIMIT_PER_CLIENT, windowMs: HOUR_MS },
  /** Moves of one booking per hour (default 3): each one mails the visitor and every staff recipient. */
  reschedulePerBooking: { max: env.RESCHEDULE_LIMIT_PER_BOOKING, windowMs: HOUR_MS },
  /** Fetches of one staff calendar feed per hour (default 60): building a full feed costs CPU. */
  calendarFeed: { max: env.CALENDAR_FEED_LIMIT_PER_HOUR, windowMs: HOUR_MS },
} satisfies Record<string, RateLimit>;

/** Active (pending or confirmed) future bookings one e-mail address may hold (default 3). */
export const ACTIVE_BOOKINGS_PER_EMAIL: number = env.BOOKING_LIMIT_PER_EMAIL;

/**
 * The rate-limit identity of a client address: an IPv4 address as is (an IPv4-mapped IPv6
 * address becomes its IPv4 form), an IPv6 address as its /64 prefix, e.g. `2001:db8:1:2::/64`.
 * Anything unparseable is used as given (trimmed, at most 100 characters).
 */
export function clientKey(ip: string): string {
  const raw = ip.trim();
  if (!ipaddr.isValid(raw)) return raw.slice(0, 100) || "unknown";
  const address = ipaddr.process(raw);
  if (address.kind() === "ipv4") return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * Whole seconds from `now` until the fixed window of `windowMs` containing it ends (at least 1):
 * the `Retry-After` of a refusal by a limit of that window. Windows start at multiples of
 * `windowMs` since the Unix epoch, as `hitRateLimit` counts them.
 */
export function secondsUntilWindowEnds(windowMs: number, now: Date): number {
  const end = (Math.floor(now.getTime() / windowMs) + 1) * windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/**
 * Counts one hit for `key` in the fixed window of `windowMs` containing `now` and returns the
 * window's count (1 for the first hit). Atomic across instances (an upsert on the
 * `(key, window_start)` key); inside a transaction the hit is undone if it rolls back.
 * Older windows of the same key are deleted.
 */
export async function hitRateLimit(
  executor: Database | Transaction,
  { key, windowMs, now }: { key: string; windowMs: number; now: Date },
): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await executor.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.windowStart, windowStart)));
  const [row] = await executor
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return row?.count ?? 1;
}

/**
 * Counts one hit against `limit` for `key` at `now`; true when the window is now over the limit.
 * A refusal is counted in `rate_limit_refusals_total{limit}` under the limit's name in `LIMITS`.
 */
export async function exceedsLimit(
  executor: Database | Transaction,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<boolean> {
  const over = (await hitRateLimit(executor, { key, windowMs: limit.windowMs, now })) > limit.max;
  if (over) metrics.rateLimitRefusals.inc({ limit: Object.entries(LIMITS).find(([, l]) => l === limit)?.[0] ?? "other" });
  return over;
}
