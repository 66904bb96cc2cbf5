/**
 * Spam protection of the contact enquiry (`shared/DESIGN.md` section 7: never a silent drop).
 * Three checks, none of which needs JavaScript in the browser:
 *
 * - a signed form token: the page carries `"<render ms>.<HMAC-SHA256>"`; a missing or forged
 *   token, or one submitted sooner than `MIN_SUBMIT_MS` after render, flags the submission;
 * - the honeypot input (`HONEYPOT_FIELD`), hidden from people;
 * - a per-IP fixed-window counter in `rate_limit_hits`, shared by every app instance.
 *
 * A flagged submission is still stored (with `spam_reason`) so staff can rescue it; it just sends
 * no mail.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { serverSecret } from "~/utils/env.server";

/** Fewer milliseconds than this between render and submit is too fast for a person. */
export const MIN_SUBMIT_MS = 3_000;
/** At most this many enquiries per IP address per window; more are stored as spam. */
export const ENQUIRY_RATE_LIMIT = 5;
/** The rate limit's fixed window, in ms (one hour). */
export const ENQUIRY_RATE_WINDOW_MS = 60 * 60_000;

/** Why a submission was flagged, as stored in `enquiries.spam_reason`. */
export type SpamReason = "honeypot" | "invalid_token" | "too_fast" | "rate_limit";

function sign(payload: string): string {
  return createHmac("sha256", serverSecret).update(`enquiry-form:${payload}`).digest("base64url");
}

/** A token for a form rendered at `now`: `"<epoch ms>.<signature>"`. */
export function issueFormToken(now: Date = new Date()): string {
  const ts = String(now.getTime());
  return `${ts}.${sign(ts)}`;
}

/**
 * Checks a submitted token at `now`. Returns null when it is genuine and old enough,
 * otherwise the reason: `invalid_token` (missing, malformed, forged or from the future) or `too_fast`.
 */
export function checkFormToken(token: unknown, now: Date): SpamReason | null {
  if (typeof token !== "string") return "invalid_token";
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid_token";
  const [, ts, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(ts));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid_token";
  const age = now.getTime() - Number(ts);
  if (age < -60_000) return "invalid_token"; // more than clock skew in the future
  if (age < MIN_SUBMIT_MS) return "too_fast";
  return null;
}

/**
 * Counts one hit for `key` in the fixed window containing `now` and returns the window's count
 * (1 for the first hit). Atomic across instances (an upsert on the `(key, window_start)` key).
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
