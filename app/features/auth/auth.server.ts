/**
 * Staff authentication (`shared/spec/booking-and-admin.md` sections 4 and 6, `shared/DESIGN.md`
 * section 2): better-auth with e-mail and password, database sessions (the `session` table) and its
 * sign-in rate limit stored in the `rate_limit` table, so every app instance shares both.
 *
 * Self sign-up is off: staff accounts are created by a super admin (users.server.ts), by the first
 * admin bootstrap or by `npm run admin:create`. A new member of staff gets a "set password" link,
 * which is better-auth's password-reset token.
 *
 * Over HTTP only `PUBLIC_AUTH_ENDPOINTS` are reachable (issue 9 item 9): the portal's own screens
 * call better-auth on the server, so nobody can ask for a password-reset mail, list or revoke
 * sessions, or change a user through /api/auth. No session is ever created for a user without an
 * active `admin_users` row, so a deactivated member cannot sign in by any path.
 */
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { account, adminUsers, rateLimit, session, user, verification } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/templates.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { env, isProduction, serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * The header carrying the client's address into better-auth (its rate limit and session records).
 * Always overwritten by `withClientIp` from the Express socket address, never trusted from outside.
 */
export const CLIENT_IP_HEADER = "x-meridian-client-ip";

/** Minimum length of a staff password (the same rule as ADMIN_PASSWORD). */
export const MIN_PASSWORD_LENGTH = 12;

/** How long a set-password link stays valid, in seconds (48 hours). */
export const SET_PASSWORD_TTL_SECONDS = 48 * 60 * 60;

/** Sign-in attempts allowed per client address per window (better-auth rate limit). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 10 } as const;

const publicOrigin = new URL(env.PUBLIC_URL).origin;

/** The absolute URL of the set-password screen for a reset token. */
export function setPasswordUrl(token: string): string {
  return `${publicOrigin}/admin/set-password?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the set-password (invitation) or reset mail for a user. Invitations (no password yet)
 * and resets are worded differently; both link to /admin/set-password.
 */
async function sendSetPasswordMail(target: { id: string; email: string; name: string }, token: string) {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, target.id), eq(account.providerId, "credential")));
  const invitation = !credential?.password;
  const settings = await getSiteSettings();
  const url = setPasswordUrl(token);
  const heading = invitation ? `You have been invited to the ${settings.companyName} admin portal` : "Reset your password";
  const { html, text } = renderEmail(
    {
      preheader: invitation ? "Choose a password to start using the admin portal." : "Choose a new password for the admin portal.",
      heading,
      intro: `Hello ${target.name},`,
      paragraphs: invitation
        ? [
            `An account has been created for you on the ${settings.companyName} admin portal, where the team manages enquiries, consultations and website content.`,
            "Choose your password with the button below, then sign in with this e-mail address.",
          ]
        : ["Choose a new password for the admin portal with the button below."],
      button: { label: invitation ? "Set your password" : "Choose a new password", url },
      footerNote: "This link works once and expires in 48 hours. If you did not expect this e-mail, you can ignore it.",
    },
    settings,
  );
  await enqueueEmails(db, [
    {
      kind: invitation ? "admin.invitation" : "admin.password_reset",
      to: target.email,
      subject: invitation ? `Set your password for the ${settings.companyName} admin portal` : "Reset your admin portal password",
      html,
      text,
    },
  ]);
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
  trustedOrigins: [publicOrigin],
  database: drizzleAdapter(db, {
    provider: "pg",
    schema: { user, session, account, verification, rateLimit },
  }),
  emailAndPassword: {
    enabled: true,
    disableSignUp: true,
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: 128,
    resetPasswordTokenExpiresIn: SET_PASSWORD_TTL_SECONDS,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user: target, token }) => {
      await sendSetPasswordMail(target, token);
    },
  },
  session: {
    expiresIn: 60 * 60 * 24 * 7,
    updateAge: 60 * 60 * 24,
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
 * JSON (better-auth's client, scripts), reading and ending the session. Every other path answers
 * 404 without reaching better-auth. Sign-in through the login form does not need this list.
 */
export const PUBLIC_AUTH_ENDPOINTS: readonly string[] = ["POST /sign-in/email", "POST /sign-out", "GET /get-session"];

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
  return auth.handler(withClientIp(request, clientIp));
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

/** Result of `signInWithPassword`. `setCookie` holds the Set-Cookie values to send on success. */
export type SignInResult =
  | { ok: true; userId: string; setCookie: string[] }
  | { ok: false; status: number; message: string | null };

/**
 * Signs in with e-mail and password through better-auth's HTTP handler, so its rate limit
 * (SIGN_IN_RATE_LIMIT per client address) applies. The e-mail is trimmed here.
 * Returns the session cookie on success; on failure the HTTP status (401 wrong credentials,
 * 403 no active admin access, 429 too many attempts) and better-auth's message, if any.
 * Never throws for bad credentials.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientIp: string | undefined;
  userAgent?: string | null;
}): Promise<SignInResult> {
  const headers = new Headers({
    "content-type": "application/json",
    origin: publicOrigin,
    [CLIENT_IP_HEADER]: input.clientIp ?? "unknown",
  });
  if (input.userAgent) headers.set("user-agent", input.userAgent);
  const response = await auth.handler(
    new Request(`${publicOrigin}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: input.email.trim(), password: input.password, rememberMe: true }),
    }),
  );
  const body = (await response.json().catch(() => null)) as { user?: { id?: string }; message?: string } | null;
  if (!response.ok) {
    if (response.status === 429) {
      return { ok: false, status: 429, message: "Too many sign-in attempts. Please wait a minute and try again." };
    }
    return { ok: false, status: response.status >= 500 ? 500 : response.status, message: body?.message ?? null };
  }
  if (!body?.user?.id) return { ok: false, status: 500, message: "Login failed - no user data returned" };
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

/**
 * Sends a set-password link to the e-mail (an invitation when the user has no password yet).
 * Silently does nothing for an unknown address (better-auth's behaviour).
 */
export async function requestSetPasswordLink(email: string): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email } });
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
      return "This link is invalid or has expired. Ask a super admin to send you a new one.";
    }
    if (message?.code === "PASSWORD_TOO_SHORT") return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
    if (message?.code === "PASSWORD_TOO_LONG") return "Use at most 128 characters.";
    logger.error({ err: error }, "set password failed");
    return message?.message ?? "The password could not be set. Please try again.";
  }
}
