/**
 * The bot check of every public write form (contact enquiry, booking wizard; `shared/DESIGN.md`
 * section 7). Two checks, neither of which needs JavaScript in the browser:
 *
 * - a signed form token: the page carries `"<render ms>.<HMAC-SHA256>"`; a missing or forged
 *   token, or one submitted sooner than `MIN_SUBMIT_MS` after render, fails;
 * - the honeypot input (`HONEYPOT_FIELD`), hidden from people.
 *
 * What a failure means is the caller's rule: an enquiry is kept as spam, a booking is refused.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env, serverSecret } from "~/utils/env.server";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./form-guard";

export { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./form-guard";

/** Fewer milliseconds than this between render and submit is too fast for a person. */
export const MIN_SUBMIT_MS = 3_000;

/**
 * The minimum in force: {@link MIN_SUBMIT_MS}, or `FORM_GUARD_MIN_MS` on a browser-test server
 * (which `loadEnv` refuses in a public deployment).
 */
const minSubmitMs = env.FORM_GUARD_MIN_MS ?? MIN_SUBMIT_MS;

/** Why a submission failed the check. */
export type FormGuardReason = "honeypot" | "invalid_token" | "too_fast";

function sign(payload: string): string {
  return createHmac("sha256", serverSecret).update(`public-form:${payload}`).digest("base64url");
}

/** A token for a form rendered at `now`: `"<epoch ms>.<signature>"`. */
export function issueFormToken(now: Date = new Date()): string {
  const ts = String(now.getTime());
  return `${ts}.${sign(ts)}`;
}

/**
 * Checks a submitted token at `now`. Returns null when it is genuine and at least `minMs`
 * milliseconds old, otherwise the reason: `invalid_token` (missing, malformed, forged or from the
 * future) or `too_fast`.
 */
export function checkFormToken(token: unknown, now: Date, minMs: number = minSubmitMs): FormGuardReason | null {
  if (typeof token !== "string") return "invalid_token";
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid_token";
  const [, ts, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(ts));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid_token";
  const age = now.getTime() - Number(ts);
  if (age < -60_000) return "invalid_token"; // more than clock skew in the future
  if (age < minMs) return "too_fast";
  return null;
}

/**
 * The whole check of a submitted form at `now`: a filled honeypot first, then the token.
 * @param fields the raw submitted fields (e.g. `Object.fromEntries(formData)`)
 * @returns null when the submission looks human, otherwise why not
 */
export function checkFormGuard(fields: Record<string, unknown>, now: Date): FormGuardReason | null {
  const honeypot = fields[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot";
  if (honeypot !== undefined && typeof honeypot !== "string") return "honeypot";
  return checkFormToken(fields[FORM_TOKEN_FIELD], now);
}
