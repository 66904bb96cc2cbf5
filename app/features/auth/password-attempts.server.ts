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
import { renderStandalonePage } from "~/utils/standalone-page";

/** Password attempts per client address (IPv4, or IPv6 /64) per hour, and per account per hour. */
export const PASSWORD_ATTEMPT_LIMITS = {
  perClient: { max: 30, windowMs: HOUR_MS },
  perAccount: { max: 20, windowMs: HOUR_MS },
} satisfies Record<string, RateLimit>;

/** Who an attempt is counted against: the client address, or the better-auth user id of the account. */
export type PasswordAttemptBy = { clientIp: string | undefined } | { userId: string };

/**
 * The forms a refused client is remembered for: `password` (choosing a password: set-password and
 * Your account's change) and `sign-in` (better-auth's sign-in limit, `SIGN_IN_RATE_LIMIT`).
 */
export type RefusedForm = "password" | "sign-in";

/**
 * Clients this instance has refused, by form and `clientKey` (`password:<key>`), with the end of
 * their window (ms since the epoch). Lets the server answer the rest of a flood before any
 * routing, rendering or database work (`refusedPasswordClient`). Bounded: the oldest entry goes first.
 */
const refusedClients = new Map<string, number>();
const REFUSED_CLIENTS_MAX = 10_000;

/** Remembers that `form` refused `clientIp` until `until` (ms since the epoch). */
function rememberRefused(form: RefusedForm, clientIp: string, until: number): void {
  const key = `${form}:${clientKey(clientIp)}`;
  refusedClients.delete(key);
  if (refusedClients.size >= REFUSED_CLIENTS_MAX) refusedClients.delete(refusedClients.keys().next().value!);
  refusedClients.set(key, until);
}

/**
 * Records a sign-in that better-auth refused for `clientIp` with `retryAfterSeconds` to wait, so
 * the client's next document posts to /admin/login get the small page until then.
 */
export function rememberRefusedSignIn(clientIp: string | undefined, retryAfterSeconds: number, now = Date.now()): void {
  rememberRefused("sign-in", clientIp ?? "unknown", now + retryAfterSeconds * 1000);
}

/**
 * Counts one password attempt against its limit at `now`. Returns null when it may go ahead,
 * else the seconds until the window ends (for `Retry-After` and the message). A refused client is
 * remembered on this instance until its window ends.
 */
export async function refusePasswordAttempt(by: PasswordAttemptBy, now = new Date()): Promise<number | null> {
  const client = "userId" in by ? null : clientKey(by.clientIp ?? "unknown");
  const [key, limit] =
    client === null
      ? [`password-attempt:account:${(by as { userId: string }).userId}`, PASSWORD_ATTEMPT_LIMITS.perAccount]
      : [`password-attempt:client:${client}`, PASSWORD_ATTEMPT_LIMITS.perClient];
  if (!(await exceedsLimit(db, key, limit, now))) return null;
  const windowEnd = now.getTime() - (now.getTime() % limit.windowMs) + limit.windowMs;
  if (client !== null) rememberRefused("password", (by as { clientIp: string | undefined }).clientIp ?? "unknown", windowEnd);
  return Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000));
}

/**
 * Seconds until `clientIp` may post `form` again when this instance already refused it in the
 * current window, else null (also for a client another instance refused: its next attempt is
 * counted and refused in the shared counters as usual). No database work: cheap enough to answer
 * a flood with.
 */
export function refusedPasswordClient(clientIp: string, form: RefusedForm, now = Date.now()): number | null {
  const key = `${form}:${clientKey(clientIp)}`;
  const until = refusedClients.get(key);
  if (until === undefined) return null;
  if (until <= now) {
    refusedClients.delete(key);
    return null;
  }
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** The message for a refused attempt that may be tried again in `retryAfterSeconds`. */
export function tooManyPasswordAttempts(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The small page a document post gets from a client already refused (`refusedPasswordClient`). */
export function tooManyPasswordAttemptsPage(retryAfterSeconds: number): string {
  return renderStandalonePage({
    title: "Too many attempts",
    heading: "Too many attempts",
    paragraph: tooManyPasswordAttempts(retryAfterSeconds),
    link: { href: "/admin/login", label: "Back to sign in" },
  });
}
