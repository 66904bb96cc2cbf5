/**
 * "Forgot password?": anyone may ask for a reset link for an address. The
 * answer never tells whether the address has an account: the same message, after the same time
 * (`RESET_REQUEST_ANSWER_MS`, the lookup and mail run in the background), for every address.
 * An active account gets a single-use link valid for one hour (better-auth's reset token, see
 * auth.server.ts); a deactivated or unknown one gets nothing.
 *
 * Limited per address and per client (fixed one-hour windows in `rate_limit_hits`, shared by
 * every instance); past a limit the request is refused with 429 and the seconds to wait.
 */
import { db } from "~/db/client.server";
import { clientKey, exceedsLimit, HOUR_MS, type RateLimit } from "~/features/abuse/limits.server";
import { logger } from "~/utils/logger.server";
import { requestSetPasswordLink } from "./auth.server";

/** Reset requests per e-mail address per hour, and per client address per hour. */
export const RESET_LIMITS = {
  perAddress: { max: 3, windowMs: HOUR_MS },
  perClient: { max: 10, windowMs: HOUR_MS },
} satisfies Record<string, RateLimit>;

/** Every reset request is answered after this many milliseconds, whatever the address. */
export const RESET_REQUEST_ANSWER_MS = 400;

/** The one answer to every accepted request. */
export const RESET_REQUESTED_MESSAGE =
  "If that address belongs to a staff account, we have sent it a link to choose a new password. The link works once, for one hour. Check your inbox and spam folder.";

/** Result of `requestPasswordReset`. */
export type ResetRequestResult = { ok: true } | { ok: false; status: 429; retryAfterSeconds: number };

const pending = new Set<Promise<void>>();

/**
 * Asks for a reset link for `email` (already trimmed and lowercased) from `clientIp`. Counts the
 * request against both limits first; returns `{ ok: false, status: 429 }` past either. Otherwise
 * starts the lookup and mail in the background and returns after `RESET_REQUEST_ANSWER_MS`.
 */
export async function requestPasswordReset(email: string, clientIp: string | undefined, now = new Date()): Promise<ResetRequestResult> {
  const answerAt = Date.now() + RESET_REQUEST_ANSWER_MS;
  const overClient = await exceedsLimit(db, `password-reset:client:${clientKey(clientIp ?? "unknown")}`, RESET_LIMITS.perClient, now);
  const overAddress = await exceedsLimit(db, `password-reset:email:${email}`, RESET_LIMITS.perAddress, now);
  if (overClient || overAddress) {
    const windowMs = HOUR_MS;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000));
    return { ok: false, status: 429, retryAfterSeconds };
  }
  const work = requestSetPasswordLink(email)
    .catch((error: unknown) => logger.error({ err: error }, "password reset request failed"))
    .finally(() => pending.delete(work));
  pending.add(work);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, answerAt - Date.now())));
  return { ok: true };
}

/** Waits for every reset request still running in the background (tests, shutdown). */
export async function settlePasswordResets(): Promise<void> {
  await Promise.all([...pending]);
}
