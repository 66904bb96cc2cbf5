/**
 * Limits on choosing a password (setting it from an invitation or reset link, changing it on Your
 * account): each attempt is counted per client and, once the link or the current password has
 * named the account, per account, in the shared fixed-window counters of
 * `~/features/abuse/limits.server` (`rate_limit_hits`, every instance sees the same counts).
 * Checking a password's strength costs CPU, so a flood from one client or at one account is
 * refused before that work.
 */
import { db } from "~/db/client.server";
import { clientKey, exceedsLimit, HOUR_MS, type RateLimit } from "~/features/abuse/limits.server";

/** Password attempts per client address (IPv4, or IPv6 /64) per hour, and per account per hour. */
export const PASSWORD_ATTEMPT_LIMITS = {
  perClient: { max: 30, windowMs: HOUR_MS },
  perAccount: { max: 20, windowMs: HOUR_MS },
} satisfies Record<string, RateLimit>;

/** Who an attempt is counted against: the client address, or the better-auth user id of the account. */
export type PasswordAttemptBy = { clientIp: string | undefined } | { userId: string };

/**
 * Counts one password attempt against its limit at `now`. Returns null when it may go ahead,
 * else the seconds until the window ends (for `Retry-After` and the message).
 */
export async function refusePasswordAttempt(by: PasswordAttemptBy, now = new Date()): Promise<number | null> {
  const [key, limit] =
    "userId" in by
      ? [`password-attempt:account:${by.userId}`, PASSWORD_ATTEMPT_LIMITS.perAccount]
      : [`password-attempt:client:${clientKey(by.clientIp ?? "unknown")}`, PASSWORD_ATTEMPT_LIMITS.perClient];
  if (!(await exceedsLimit(db, key, limit, now))) return null;
  return Math.max(1, Math.ceil((limit.windowMs - (now.getTime() % limit.windowMs)) / 1000));
}

/** The message for a refused attempt that may be tried again in `retryAfterSeconds`. */
export function tooManyPasswordAttempts(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
