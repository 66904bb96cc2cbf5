/**
 * Staff authentication (`docs/design.md` section 2): better-auth with e-mail and password, database
 * sessions (the `session` table) and its sign-in rate limit stored in the `rate_limit` table, so
 * every app instance shares both.
 *
 * Self sign-up is off: staff accounts are created by a super admin (users.server.ts), by the first
 * admin bootstrap or by `npm run admin:create`. A new member of staff gets a "set password" link,
 * which is better-auth's password-reset token.
 *
 * Over HTTP only `PUBLIC_AUTH_ENDPOINTS` are reachable: the portal's own screens
 * call better-auth on the server, so nobody can ask for a password-reset mail, list or revoke
 * sessions, or change a user through /api/auth. No session is ever created for a user without an
 * active `admin_users` row, so a deactivated member cannot sign in by any path.
 *
 * On top of that: better-auth's `twoFactor` plugin (authenticator app, ten recovery codes, trusted
 * browsers for 30 days) and `@better-auth/passkey` (WebAuthn), its change-e-mail flow, and one
 * rule better-auth lacks: an authenticator code is accepted once (`claimTotpStep`).
 *
 * At rest (ADR 22): verification tokens are stored as hashes (verification-tokens.server.ts),
 * recovery codes are encrypted and read in one canonical form (recovery-codes.ts), and only a
 * member's newest set-password link works.
 */
import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { createOTP } from "@better-auth/utils/otp";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { account, adminUsers, passkey, rateLimit, session, twoFactor, user, verification } from "~/db/schema";
import { env, isProduction, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./schema";
import { generateRecoveryCodes, normaliseRecoveryCode } from "./recovery-codes";
import { recordSecurityEvent } from "./security-events.server";
import { sendChangeEmailMail, sendSetPasswordMail } from "./auth-mail.server";
import { deleteResetLinks, hashVerificationIdentifier } from "./verification-tokens.server";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./schema";

/**
 * The header carrying the client's address into better-auth (its rate limit and session records).
 * Always overwritten by `withClientIp` from the Express socket address, never trusted from outside.
 */
export const CLIENT_IP_HEADER = "x-meridian-client-ip";

/** How long an invitation's set-password link stays valid, in seconds (48 hours). */
export const SET_PASSWORD_TTL_SECONDS = 48 * 60 * 60;


/** How long a link confirming a new e-mail address stays valid, in seconds. */
export const CHANGE_EMAIL_TTL_SECONDS = 60 * 60;

/**
 * How stale a session's "Last seen" may get while it is in use, in seconds (5 minutes): a request
 * after that writes the session row once (better-auth's `updateAge`), so a busy portal costs one
 * small update per browser per five minutes.
 */
export const SESSION_SEEN_UPDATE_SECONDS = 5 * 60;

/** How long "Trust this browser" skips the second step, in seconds (30 days). */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/** Ten single-use recovery codes per authenticator enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** Authenticator codes: six digits, a new one every 30 seconds (RFC 6238 defaults, what every app shows). */
export const TOTP = { digits: 6, periodSeconds: 30 } as const;

/** The message of an authenticator code that was already accepted once. */
export const TOTP_REUSED_MESSAGE = "This code has already been used. Wait for the next code in your app.";

/** Sign-in attempts allowed per client address per window (better-auth rate limit). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 10 } as const;

const publicOrigin = new URL(env.PUBLIC_URL).origin;

/**
 * The origin passkeys are created and used on: PUBLIC_URL's, except that a loopback IP address
 * becomes `localhost` (WebAuthn needs a domain name; browsers refuse an IP address as its RP ID).
 */
export const PASSKEY_ORIGIN = (() => {
  const url = new URL(env.PUBLIC_URL);
  if (url.hostname === "127.0.0.1" || url.hostname === "[::1]") url.hostname = "localhost";
  return url.origin;
})();

/** The better-auth user a `/two-factor/verify-totp` request is about: the session's, or the pending sign-in's. */
async function twoFactorUserId(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const current = await getSessionFromCtx(ctx);
  if (current) return current.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : null;
}

/**
 * Refuses an authenticator code that was already accepted (RFC 6238 section 5.2; better-auth
 * accepts a code for its whole window). Finds which 30-second step of the previous, current and
 * next the code belongs to and records it in `two_factor.last_totp_step`; a code of that step or an
 * earlier one is refused with `TOTP_REUSED_MESSAGE`. A code matching no step is left to better-auth,
 * which counts it as a failure.
 */
async function claimTotpStep(userId: string, code: string, key: Parameters<typeof symmetricDecrypt>[0]["key"]) {
  const [row] = await db.select({ id: twoFactor.id, secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row || !/^\d{6}$/.test(code)) return;
  const otp = createOTP(await symmetricDecrypt({ key, data: row.secret }), { digits: TOTP.digits, period: TOTP.periodSeconds });
  const now = Math.floor(Date.now() / (TOTP.periodSeconds * 1000));
  let step: number | null = null;
  for (const candidate of [now - 1, now, now + 1]) if ((await otp.hotp(candidate)) === code) step = candidate;
  if (step === null) return;
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  if (claimed.length === 0) throw new APIError("BAD_REQUEST", { message: TOTP_REUSED_MESSAGE, code: "TOTP_CODE_REUSED" });
}

/** The message of a sign-in refused because the account has no active admin access. */
export const NO_ADMIN_ACCESS = "This account does not have access to the admin portal.";

/** Whether the user has an active admin_users row (only such users get sessions). */
async function hasActiveAdmin(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, userId), eq(adminUsers.isActive, true)));
  return Boolean(row);
}

/** The better-auth instance. Use the helpers below rather than its API directly in routes. */
export const auth = betterAuth({
  appName: "Meridian Engineering admin",
  secret: serverSecret,
  baseURL: env.PUBLIC_URL,
  basePath: "/api/auth",
  trustedOrigins: [...new Set([publicOrigin, PASSKEY_ORIGIN])],
  database: drizzleAdapter(db, {
    provider: "pg",
    schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
  }),
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: MAX_PASSWORD_LENGTH,
    resetPasswordTokenExpiresIn: SET_PASSWORD_TTL_SECONDS,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user: target, token }) => {
      // A deactivated account gets nothing: its token is deleted at once.
      if (await hasActiveAdmin(target.id)) await sendSetPasswordMail(target, token);
      else await deleteResetLinks(db, target.id);
    },
    onPasswordReset: async ({ user: target }) => {
      // An invited member's address is unconfirmed until they use the link: then this was their
      // first password (a welcome, not a reset warning), and the address is confirmed.
      if (!target.emailVerified) {
        await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, target.id));
        await recordSecurityEvent("password_set", { userId: target.id, email: target.email, name: target.name });
        return;
      }
      await recordSecurityEvent("password_reset", { userId: target.id, email: target.email, name: target.name });
    },
  },
  emailVerification: {
    expiresIn: CHANGE_EMAIL_TTL_SECONDS,
    sendVerificationEmail: async ({ user: target, token }) => {
      await sendChangeEmailMail(target, token);
    },
  },
  user: {
    changeEmail: { enabled: true },
  },
  // Tokens are stored as SHA-256 hashes (verification-tokens.server.ts): a dump opens no link.
  verification: {
    storeIdentifier: { hash: async (identifier) => hashVerificationIdentifier(identifier) },
  },
  session: {
    expiresIn: 60 * 60 * 24 * 7,
    // A session in use is written at most once per SESSION_SEEN_UPDATE_SECONDS (its expiry slides
    // and its updated_at, the "Last seen" of Your account > Sessions, moves), not on every request.
    updateAge: SESSION_SEEN_UPDATE_SECONDS,
  },
  plugins: [
    twoFactorPlugin({
      issuer: "Meridian Engineering admin",
      totpOptions: { digits: TOTP.digits, period: TOTP.periodSeconds },
      backupCodeOptions: {
        amount: RECOVERY_CODE_COUNT,
        customBackupCodesGenerate: () => generateRecoveryCodes(RECOVERY_CODE_COUNT),
        // Encrypted as better-auth's "encrypted" mode does, so codes stored before still read;
        // read back in canonical form, so a code matches however it was typed (recovery-codes.ts).
        storeBackupCodes: {
          encrypt: (json) => symmetricEncrypt({ key: serverSecret, data: json }),
          decrypt: async (data) => {
            const codes = JSON.parse(await symmetricDecrypt({ key: serverSecret, data })) as string[];
            return JSON.stringify(codes.map(normaliseRecoveryCode));
          },
        },
      },
      trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    }),
    passkeyPlugin({
      rpID: new URL(PASSKEY_ORIGIN).hostname,
      rpName: "Meridian Engineering admin",
      origin: PASSKEY_ORIGIN,
    }),
  ],
  hooks: {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/passkey/verify-registration") {
        const name = typeof ctx.body?.name === "string" ? ctx.body.name.trim() : "";
        if (name.length < 1 || name.length > 60) throw new APIError("BAD_REQUEST", { message: "Name the passkey in 1 to 60 characters.", code: "PASSKEY_NAME" });
        return;
      }
      if (ctx.path !== "/two-factor/verify-totp") return;
      const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
      const userId = await twoFactorUserId(ctx);
      if (userId) await claimTotpStep(userId, code, ctx.context.secretConfig);
    }),
    after: createAuthMiddleware(async (ctx) => {
      // A passkey is registered by the browser through /api/auth: audit it and tell the holder.
      if (ctx.path !== "/passkey/verify-registration") return;
      const returned = ctx.context.returned as { id?: string; name?: string; userId?: string } | Error | undefined;
      if (!returned || returned instanceof Error || !returned.userId) return;
      const [holder] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, returned.userId));
      if (holder) {
        await recordSecurityEvent(
          "passkey_added",
          { userId: returned.userId, ...holder },
          { details: { passkeyId: returned.id, passkeyName: returned.name ?? null } },
        );
      }
    }),
  },
  databaseHooks: {
    session: {
      create: {
        // Checked after the password: only then does better-auth create a session.
        before: async (candidate) => {
          if (!(await hasActiveAdmin(candidate.userId))) {
            throw new APIError("FORBIDDEN", { message: NO_ADMIN_ACCESS, code: "NO_ADMIN_ACCESS" });
          }
        },
      },
    },
  },
  rateLimit: {
    enabled: true,
    storage: "database",
    modelName: "rateLimit",
    window: 60,
    max: 100,
    customRules: {
      "/sign-in/email": SIGN_IN_RATE_LIMIT,
      // Wrong second-factor codes are limited like passwords; better-auth also allows
      // five tries per sign-in and locks the account for 15 minutes after ten failures in a row.
      "/two-factor/verify-totp": SIGN_IN_RATE_LIMIT,
      "/two-factor/verify-backup-code": SIGN_IN_RATE_LIMIT,
      "/passkey/verify-authentication": SIGN_IN_RATE_LIMIT,
    },
  },
  advanced: {
    useSecureCookies: isProduction,
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: isProduction },
    ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
  },
  logger: {
    log: (level, message, ...args) => {
      const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
      fn.call(logger, { args: args.length ? args : undefined }, `better-auth: ${message}`);
    },
  },
});

/**
 * The better-auth endpoints reachable over HTTP (`METHOD /path` below /api/auth): signing in with
 * JSON (better-auth's client, scripts), reading and ending the session, and the WebAuthn ceremonies
 * the browser runs itself (adding a passkey needs a session; signing in with one does not). Every
 * other path answers 404 without reaching better-auth. The login, two-factor and account forms
 * call better-auth on the server and do not need this list.
 */
export const PUBLIC_AUTH_ENDPOINTS: readonly string[] = [
  "POST /sign-in/email",
  "POST /sign-out",
  "GET /get-session",
  "GET /passkey/generate-register-options",
  "POST /passkey/verify-registration",
  "GET /passkey/generate-authenticate-options",
  "POST /passkey/verify-authentication",
];

/**
 * Serves a request under /api/auth: better-auth's answer for a `PUBLIC_AUTH_ENDPOINTS` entry
 * (matched exactly on method and path), with the client address taken from the socket
 * (`clientIp`); a plain 404 for everything else.
 */
export async function handleAuthRequest(request: Request, clientIp: string | undefined): Promise<Response> {
  const path = new URL(request.url).pathname.slice("/api/auth".length);
  if (!PUBLIC_AUTH_ENDPOINTS.includes(`${request.method.toUpperCase()} ${path}`)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const response = await auth.handler(withClientIp(request, clientIp));
  // better-auth names the wait in its own header only; every 429 also carries the standard one.
  const wait = response.status === 429 ? response.headers.get("x-retry-after") : null;
  if (wait) response.headers.set("Retry-After", wait);
  return response;
}

/**
 * A copy of `request` whose client-address header is the real socket address (`context.clientIp`),
 * so nobody can pick their own rate-limit bucket by sending the header themselves.
 */
export function withClientIp(request: Request, clientIp: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp ?? "unknown");
  return new Request(request, { headers });
}

/** The signed-in better-auth user and session for a request, or null. */
export async function getAuthSession(request: Request) {
  try {
    return await auth.api.getSession({ headers: request.headers });
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed");
    return null;
  }
}

/**
 * Sends a set-password link to the e-mail (an invitation when the user has no password yet).
 * Silently does nothing for an unknown address (better-auth's behaviour).
 */
export async function requestSetPasswordLink(email: string): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email } });
}

/** The answer to a set-password link that is unknown, used or expired. */
export const SET_PASSWORD_LINK_INVALID =
  'This link is invalid or has expired (each link works once). Ask for a new one with "Forgot password?" on the sign-in page.';

/**
 * The better-auth user id a set-password (invitation or reset) token belongs to, or null when the
 * token is unknown, used or expired. One indexed read: checked before any costly work on the new
 * password. The token is looked up as better-auth stores it (its identifier storage applies).
 */
export async function setPasswordTokenOwner(token: string): Promise<string | null> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found && found.expiresAt > new Date() ? found.value : null;
}

/**
 * True when `password` is the current password of the better-auth user `userId` (its credential
 * account's hash, checked with better-auth's own hasher); false when it is not or the user has none.
 */
export async function isCurrentPassword(userId: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const credential = (await context.internalAdapter.findAccounts(userId)).find((a) => a.providerId === "credential");
  if (!credential?.password) return false;
  return context.password.verify({ hash: credential.password, password });
}

/**
 * Sets a new password from a set-password token. Returns null on success, or a message a person
 * can act on ("This link is invalid or has expired..." or the password rule).
 */
export async function setPasswordWithToken(token: string, newPassword: string): Promise<string | null> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
    return null;
  } catch (error) {
    const message = (error as { body?: { code?: string; message?: string } }).body;
    if (message?.code === "INVALID_TOKEN" || message?.code === "USER_NOT_FOUND") {
      return SET_PASSWORD_LINK_INVALID;
    }
    if (message?.code === "PASSWORD_TOO_SHORT") return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    if (message?.code === "PASSWORD_TOO_LONG") return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
    logger.error({ err: error }, "set password failed");
    return message?.message ?? "The password could not be set. Please try again.";
  }
}
