/**
 * Signing in and out on a person's behalf: the login, two-factor and logout screens call
 * better-auth through its HTTP handler on the server (`callAuthEndpoint`), so its rate limits apply
 * per client address as if the person had called it (ADR 17).
 */
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { auth, CLIENT_IP_HEADER, SIGN_IN_RATE_LIMIT, TOTP_REUSED_MESSAGE } from "./auth.server";
import { rememberRefusedSignIn } from "./password-attempts.server";
import { normaliseRecoveryCode } from "./recovery-codes";
import { recordSecurityEvent } from "./security-events.server";

const publicOrigin = new URL(env.PUBLIC_URL).origin;

/**
 * Result of `signInWithPassword`. `setCookie` holds the Set-Cookie values to send on success: the
 * session cookie, or, when the account has two-factor on (`twoFactorRequired`), the short-lived
 * cookie of the pending second step (no session yet).
 */
export type SignInResult =
  | { ok: true; twoFactorRequired: false; userId: string; setCookie: string[] }
  | { ok: true; twoFactorRequired: true; setCookie: string[] }
  | { ok: false; status: number; message: string | null; retryAfterSeconds?: number };

/** Headers of a request made to better-auth's handler on a person's behalf. */
function authHeaders(input: { clientIp: string | undefined; userAgent?: string | null; cookie?: string | null }): Headers {
  const headers = new Headers({
    "content-type": "application/json",
    origin: publicOrigin,
    [CLIENT_IP_HEADER]: input.clientIp ?? "unknown",
  });
  if (input.userAgent) headers.set("user-agent", input.userAgent);
  if (input.cookie) headers.set("cookie", input.cookie);
  return headers;
}

/**
 * POSTs `body` as JSON to a better-auth endpoint (`path` below /api/auth, e.g. "/change-password")
 * through its HTTP handler, on behalf of the person whose `cookie`, client address and user agent
 * are given, so better-auth's rate limits apply as if they had called it themselves. Returns
 * better-auth's Response (its Set-Cookie headers are for the person's browser).
 */
export async function callAuthEndpoint(
  path: string,
  input: { body: unknown; cookie?: string | null; clientIp: string | undefined; userAgent?: string | null },
): Promise<Response> {
  return auth.handler(
    new Request(`${publicOrigin}/api/auth${path}`, { method: "POST", headers: authHeaders(input), body: JSON.stringify(input.body) }),
  );
}

/**
 * Signs in with e-mail and password through better-auth's HTTP handler, so its rate limit
 * (SIGN_IN_RATE_LIMIT per client address) applies. The e-mail is trimmed here.
 * Returns the cookies on success (see `SignInResult`); on failure the HTTP status (401 wrong
 * credentials, 403 no active admin access, 429 too many attempts, with the seconds to wait) and
 * better-auth's message, if any. A 429 is remembered for the client (`rememberRefusedSignIn`), so
 * its next document posts get the small refusal page before any routing. Never throws for bad credentials.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientIp: string | undefined;
  userAgent?: string | null;
  /** The request's Cookie header: carries a "trust this browser" cookie to better-auth. */
  cookie?: string | null;
}): Promise<SignInResult> {
  const response = await callAuthEndpoint("/sign-in/email", {
    ...input,
    body: { email: input.email.trim(), password: input.password, rememberMe: true },
  });
  const body = (await response.json().catch(() => null)) as { user?: { id?: string }; message?: string; twoFactorRedirect?: boolean } | null;
  if (!response.ok) {
    if (response.status === 429) {
      const retryAfterSeconds = Math.max(1, Number(response.headers.get("x-retry-after")) || SIGN_IN_RATE_LIMIT.window);
      rememberRefusedSignIn(input.clientIp, retryAfterSeconds);
      return { ok: false, status: 429, message: "Too many sign-in attempts. Please wait a minute and try again.", retryAfterSeconds };
    }
    return { ok: false, status: response.status >= 500 ? 500 : response.status, message: body?.message ?? null };
  }
  if (body?.twoFactorRedirect) return { ok: true, twoFactorRequired: true, setCookie: response.headers.getSetCookie() };
  if (!body?.user?.id) return { ok: false, status: 500, message: "Login failed - no user data returned" };
  return { ok: true, twoFactorRequired: false, userId: body.user.id, setCookie: response.headers.getSetCookie() };
}

/** How long better-auth locks an account after ten wrong codes in a row, in seconds (the twoFactor plugin's options in auth.server.ts). */
const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
/** The answer while an account is locked for wrong codes. */
const TWO_FACTOR_LOCKED_MESSAGE = "Too many wrong codes for this account. Try again in 15 minutes.";

/** Result of `verifySecondFactor`: the session cookies, or why not (status 400/401/429 and a message). */
export type SecondFactorResult =
  | { ok: true; userId: string; setCookie: string[] }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

/**
 * The second sign-in step: checks an authenticator code (`method` "totp") or a
 * recovery code against the pending sign-in in the request's cookies, through better-auth's HTTP
 * handler so its limits apply (SIGN_IN_RATE_LIMIT per client address, five tries per sign-in, the
 * account locked for 15 minutes after ten failures in a row). `trustDevice` skips this step in
 * this browser for 30 days. A recovery code is used up; its use is audited and mailed. Never
 * throws for a wrong code.
 */
export async function verifySecondFactor(input: {
  method: "totp" | "recovery";
  code: string;
  trustDevice: boolean;
  cookie: string | null;
  clientIp: string | undefined;
  userAgent?: string | null;
}): Promise<SecondFactorResult> {
  const path = input.method === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const code = input.method === "recovery" ? normaliseRecoveryCode(input.code) : input.code;
  const response = await callAuthEndpoint(path, { ...input, body: { code, trustDevice: input.trustDevice } });
  const body = (await response.json().catch(() => null)) as
    | { user?: { id?: string; email?: string; name?: string }; message?: string; code?: string }
    | null;
  if (response.status === 429 && body?.code === "ACCOUNT_TEMPORARILY_LOCKED") {
    // better-auth answers 429 while the account is locked (15 minutes after ten wrong codes in a row).
    return { ok: false, status: 429, message: TWO_FACTOR_LOCKED_MESSAGE, retryAfterSeconds: TWO_FACTOR_LOCK_SECONDS };
  }
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("x-retry-after") ?? response.headers.get("retry-after") ?? 60);
    return { ok: false, status: 429, message: "Too many attempts. Please wait a minute and try again.", retryAfterSeconds: retryAfter };
  }
  if (!response.ok || !body?.user?.id) {
    const message = (() => {
      switch (body?.code) {
        case "TOTP_CODE_REUSED":
          return TOTP_REUSED_MESSAGE;
        case "INVALID_CODE":
          return "That code is not right. Check the time on your phone and try the newest code.";
        case "INVALID_BACKUP_CODE":
          return "That recovery code is not right, or it has been used already.";
        case "ACCOUNT_TEMPORARILY_LOCKED":
          return TWO_FACTOR_LOCKED_MESSAGE;
        case "INVALID_TWO_FACTOR_COOKIE":
        case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
          return "This sign-in has expired or had too many wrong codes. Sign in with your password again.";
        default:
          return body?.message ?? "The code could not be checked. Sign in with your password again.";
      }
    })();
    return { ok: false, status: response.status >= 500 ? 500 : response.status === 200 ? 401 : response.status, message };
  }
  if (input.method === "recovery") {
    await recordSecurityEvent("recovery_code_used", {
      userId: body.user.id,
      email: body.user.email ?? "",
      name: body.user.name ?? "",
    });
  }
  return { ok: true, userId: body.user.id, setCookie: response.headers.getSetCookie() };
}

/** Signs the request's session out; returns the Set-Cookie values that clear the cookie. */
export async function signOut(request: Request): Promise<string[]> {
  try {
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch (error) {
    logger.warn({ err: error }, "sign-out failed");
    return [];
  }
}
