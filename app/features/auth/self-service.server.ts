/**
 * Your account, self-service: change your name, your sign-in address
 * (confirmed by a link sent to the new address; the old address is told) and your password (the
 * current one required, the password rule checked, every other session signed out). Password and
 * e-mail changes go through better-auth's own endpoints; each change is audited.
 */
import { eq } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { adminUsers, user } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { logger } from "~/utils/logger.server";
import { auth, isCurrentPassword } from "./auth.server";
import { callAuthEndpoint } from "./sign-in.server";
import { auditActor, type AdminSession } from "./guard.server";
import { refusePasswordAttempt, tooManyPasswordAttempts } from "./password-attempts.server";
import { passwordProblem } from "./password-policy.server";
import { recordSecurityEvent } from "./security-events.server";
import { deleteResetLinks } from "./verification-tokens.server";

/** Records `action` (e.g. "account.name_changed") on the signed-in member's own account, through `executor`, with `details` (never secrets). */
function auditOwnAccount(executor: Database | Transaction, session: AdminSession, action: string, details: Record<string, unknown>): Promise<void> {
  return recordAudit(executor, { actor: auditActor(session), action, entityType: "admin_user", entityId: session.admin.id, details });
}

/** Who is asking, as the request gives it: the session cookie, client address and user agent. */
export type RequestOrigin = { cookie: string | null; clientIp: string | undefined; userAgent: string | null };

/** The `RequestOrigin` of a route's request. */
export function requestOrigin(request: Request, clientIp: string | undefined): RequestOrigin {
  return { cookie: request.headers.get("cookie"), clientIp, userAgent: request.headers.get("user-agent") };
}

/** Changes the display name of the signed-in member (the login and the admin row); audited. */
export async function changeOwnName(session: AdminSession, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, session.user.id));
    await tx.update(adminUsers).set({ name, updatedAt: new Date() }).where(eq(adminUsers.id, session.admin.id));
    await auditOwnAccount(tx, session, "account.name_changed", { from: session.admin.name, to: name });
  });
}

/** Result of a self-service change: a message for the person, or a field's problem and the HTTP status. */
export type ChangeResult =
  | { ok: true; setCookie?: string[] }
  | { ok: false; status: number; field?: string; message: string };

/**
 * Asks to move the signed-in member to `newEmail` (lowercased): better-auth sends a one-hour link
 * to that address; nothing changes until it is opened while signed in (`confirmEmailChange`).
 * An address already in use gets no link, but the answer is the same (no enumeration).
 */
export async function requestEmailChange(session: AdminSession, newEmail: string, from: RequestOrigin): Promise<ChangeResult> {
  if (newEmail === session.admin.email) return { ok: false, status: 400, field: "newEmail", message: "This is already your e-mail address." };
  const response = await callAuthEndpoint("/change-email", { ...from, body: { newEmail } });
  if (response.status === 429) return { ok: false, status: 429, message: "Too many attempts. Please wait a minute and try again." };
  if (!response.ok) {
    logger.warn({ status: response.status }, "change-email refused");
    return { ok: false, status: 400, field: "newEmail", message: "The change could not be started. Please try again." };
  }
  await auditOwnAccount(db, session, "account.email_change_requested", { from: session.admin.email, to: newEmail });
  return { ok: true };
}

/**
 * Confirms an e-mail change with the token from the link (better-auth's verify-email), for the
 * signed-in member only: the token must name their current address. Updates the admin row too,
 * audits the change and tells both the new and the old address.
 */
export async function confirmEmailChange(session: AdminSession, token: string, request: Request): Promise<ChangeResult> {
  let updated: { email: string } | null;
  try {
    const result = (await auth.api.verifyEmail({ query: { token }, headers: request.headers })) as { user?: { email?: string } | null } | null;
    updated = result?.user?.email ? { email: result.user.email } : null;
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === "TOKEN_EXPIRED") return { ok: false, status: 400, message: "This link has expired. Ask for the change again from Your account." };
    if (code === "INVALID_USER") return { ok: false, status: 403, message: "This link is for another account. Sign in as that account to confirm it." };
    if (code !== "INVALID_TOKEN" && code !== "USER_NOT_FOUND") logger.error({ err: error }, "e-mail change confirmation failed");
    return { ok: false, status: 400, message: "This link is invalid or has already been used. Ask for the change again from Your account." };
  }
  if (!updated || updated.email === session.admin.email) {
    return { ok: false, status: 400, message: "This link is invalid or has already been used. Ask for the change again from Your account." };
  }
  const newEmail = updated.email;
  const settings = await getMailSettings();
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ email: newEmail, updatedAt: new Date() }).where(eq(adminUsers.id, session.admin.id));
    await recordSecurityEvent(
      "email_changed",
      { userId: session.user.id, email: newEmail, name: session.admin.name },
      {
        executor: tx,
        settings,
        actor: { userId: session.user.id, email: newEmail },
        alsoNotify: [session.admin.email],
        details: { from: session.admin.email, to: newEmail },
      },
    );
  });
  return { ok: true };
}

/**
 * Changes the signed-in member's password: `currentPassword` must be right (better-auth, limited
 * like sign-in) and `newPassword` must pass the password rule. Every other session ends and every
 * outstanding set-password link is deleted; the returned `setCookie` is this browser's new
 * session. Audited and mailed.
 * Cheapest first: the attempt is counted per client and per account (429 past either limit,
 * `password-attempts.server`), the current password is checked, and only then is the new one's
 * strength estimated.
 */
export async function changeOwnPassword(
  session: AdminSession,
  input: { currentPassword: string; newPassword: string },
  from: RequestOrigin,
): Promise<ChangeResult> {
  for (const by of [{ clientIp: from.clientIp }, { userId: session.user.id }]) {
    const retryAfter = await refusePasswordAttempt(by);
    if (retryAfter !== null) return { ok: false, status: 429, message: tooManyPasswordAttempts(retryAfter) };
  }
  if (!(await isCurrentPassword(session.user.id, input.currentPassword))) {
    return { ok: false, status: 400, field: "currentPassword", message: "Your current password is not right." };
  }
  const weak = passwordProblem(input.newPassword);
  if (weak) return { ok: false, status: 400, field: "newPassword", message: weak };
  const response = await callAuthEndpoint("/change-password", {
    ...from,
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
  });
  if (response.status === 429) return { ok: false, status: 429, message: "Too many attempts. Please wait a minute and try again." };
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    if (body?.code === "INVALID_PASSWORD") return { ok: false, status: 400, field: "currentPassword", message: "Your current password is not right." };
    logger.warn({ status: response.status, code: body?.code }, "change-password refused");
    return { ok: false, status: 400, message: "The password could not be changed. Please try again." };
  }
  // A reset or invitation link sent before the change would undo it: they stop working now.
  await deleteResetLinks(db, session.user.id);
  await recordSecurityEvent("password_changed", { userId: session.user.id, email: session.admin.email, name: session.admin.name });
  return { ok: true, setCookie: response.headers.getSetCookie() };
}
