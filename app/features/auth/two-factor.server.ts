/**
 * Two-factor authentication with an authenticator app, on better-auth's `twoFactor`
 * plugin: enrol (password, then a QR code rendered here as SVG and the secret as text), confirm
 * with a first code, then ten single-use recovery codes shown once; new recovery codes; turn off.
 * Also the super admin's side: "Require two-factor for all staff" and resetting a member's
 * two-factor. Every change is audited and the account holder is e-mailed.
 */
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, like, lt } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "~/db/client.server";
import { adminUsers, session as sessionTable, siteSettings, twoFactor, user, verification } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { serverSecret } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { auth } from "./auth.server";
import { callAuthEndpoint } from "./sign-in.server";
import type { AdminSession } from "./guard.server";
import { recordSecurityEvent } from "./security-events.server";
import type { ChangeResult, RequestOrigin } from "./self-service.server";
import { StaffError } from "./accounts.server";
import { hashVerificationIdentifier, SHOWN_RECOVERY_CODES_KIND, TRUST_DEVICE_KIND } from "./verification-tokens.server";

/** The two-factor state of an account as Your account shows it. */
export type TwoFactorState = {
  enabled: boolean;
  /** Recovery codes not used yet (0-10); null while two-factor is off. */
  recoveryCodesLeft: number | null;
  /** Whether a super admin requires two-factor of all staff (then it cannot be turned off). */
  required: boolean;
};

/** An enrolment waiting for its first code: what the person scans or types into their app. */
export type TotpEnrolment = {
  /** The `otpauth://` URI (issuer, account, secret); posted back with the first code. */
  totpUri: string;
  /** The secret in Base32, grouped by four for typing. */
  secret: string;
  /** The QR code of `totpUri` as an SVG document (from the `qrcode` library). */
  qrSvg: string;
};

function passwordMessage(code: string | undefined): string {
  return code === "INVALID_PASSWORD" ? "Your password is not right." : "That did not work. Please try again.";
}

function errorCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } }).body?.code;
}

/** Whether "Require two-factor for all staff" is on. */
export async function isTwoFactorRequired(): Promise<boolean> {
  const [row] = await db.select({ on: siteSettings.requireTwoFactor }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.on ?? false;
}

/** The account's two-factor state (`recoveryCodesLeft` decrypted by better-auth). */
export async function getTwoFactorState(session: AdminSession): Promise<TwoFactorState> {
  const required = await isTwoFactorRequired();
  if (!session.user.twoFactorEnabled) return { enabled: false, recoveryCodesLeft: null, required };
  const codes = await auth.api.viewBackupCodes({ body: { userId: session.user.id } }).catch(() => null);
  return { enabled: true, recoveryCodesLeft: codes?.backupCodes.length ?? 0, required };
}

/** The QR code and typed secret of an `otpauth://` URI. */
export async function describeTotpUri(totpUri: string): Promise<TotpEnrolment> {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 208 });
  return { totpUri, secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrSvg };
}

/**
 * Starts enrolment after checking the password: better-auth makes a secret (stored encrypted, not
 * yet in force). Returns what to show, or a problem (wrong password 400, already on 409).
 */
export async function startTotpEnrolment(
  session: AdminSession,
  password: string,
  request: Request,
): Promise<{ ok: true; enrolment: TotpEnrolment } | { ok: false; status: number; message: string }> {
  if (session.user.twoFactorEnabled) return { ok: false, status: 409, message: "Two-factor is already on." };
  try {
    const settings = await getMailSettings();
    const result = await auth.api.enableTwoFactor({
      headers: request.headers,
      body: { password, issuer: `${settings.companyName} admin` },
    });
    if (!("totpURI" in result) || !result.totpURI) throw new Error("no TOTP URI");
    return { ok: true, enrolment: await describeTotpUri(result.totpURI) };
  } catch (error) {
    const code = errorCode(error);
    if (code !== "INVALID_PASSWORD") logger.warn({ err: error }, "two-factor enrolment refused");
    return { ok: false, status: 400, message: passwordMessage(code) };
  }
}

/** How long the recovery codes of a confirmed enrolment wait to be shown (milliseconds). */
const SHOW_ONCE_MS = 10 * 60 * 1000;

/** The `verification` identifier under which the codes wait for the session `sessionId`. */
const shownCodesIdentifier = (sessionId: string) => hashVerificationIdentifier(`recovery-codes-shown:${sessionId}`);

/**
 * The id of the session a better-auth `Set-Cookie` list signs this browser in to (the cookie named
 * `…session_token`, whose value is `<token>.<signature>`), or null when there is none.
 */
async function sessionIdOfCookies(setCookie: string[]): Promise<string | null> {
  for (const cookie of setCookie) {
    const [pair = ""] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at < 0 || !pair.slice(0, at).trim().endsWith("session_token")) continue;
    const value = decodeURIComponent(pair.slice(at + 1).trim());
    const token = value.slice(0, value.lastIndexOf("."));
    if (!token) continue;
    const [row] = await db.select({ id: sessionTable.id }).from(sessionTable).where(eq(sessionTable.token, token));
    if (row) return row.id;
  }
  return null;
}

/**
 * The recovery codes of a just-confirmed enrolment, once, for the session `sessionId` (the one
 * the confirmation signed this browser in to): they wait encrypted in `verification` for at most
 * ten minutes and are deleted as they are read. Null when there are none (already shown, expired,
 * or another session).
 */
export async function takeShownRecoveryCodes(sessionId: string): Promise<string[] | null> {
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, shownCodesIdentifier(sessionId)))
    .returning({ value: verification.value, expiresAt: verification.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return JSON.parse(await symmetricDecrypt({ key: serverSecret, data: row.value })) as string[];
}

/**
 * Confirms enrolment with the first code from the app (better-auth's verify-totp, limited like
 * sign-in; a code is accepted once). On success two-factor is on and this browser gets a new session
 * (`setCookie`); the ten recovery codes wait for that session (`takeShownRecoveryCodes`) so the
 * page it is redirected to shows them once (`waiting`), and are also returned. Audited and mailed.
 */
export async function confirmTotpEnrolment(
  session: AdminSession,
  code: string,
  from: RequestOrigin,
): Promise<{ ok: true; recoveryCodes: string[]; setCookie: string[]; waiting: boolean } | { ok: false; status: number; message: string }> {
  const response = await callAuthEndpoint("/two-factor/verify-totp", { ...from, body: { code } });
  if (response.status === 429) return { ok: false, status: 429, message: "Too many attempts. Please wait a minute and try again." };
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (body?.code === "TOTP_CODE_REUSED") return { ok: false, status: 400, message: body.message ?? "This code has already been used." };
    if (body?.code === "TOTP_NOT_ENABLED") return { ok: false, status: 409, message: "Start the set-up again: enter your password first." };
    return { ok: false, status: 400, message: "That code is not right. Check the time on your phone and enter the newest code." };
  }
  const codes = await auth.api.viewBackupCodes({ body: { userId: session.user.id } });
  const setCookie = response.headers.getSetCookie();
  const newSessionId = await sessionIdOfCookies(setCookie);
  if (newSessionId) {
    // Codes nobody came back for are deleted here, as no other job reads these rows.
    await db.delete(verification).where(and(like(verification.identifier, `${SHOWN_RECOVERY_CODES_KIND}%`), lt(verification.expiresAt, new Date())));
    await db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: shownCodesIdentifier(newSessionId),
      value: await symmetricEncrypt({ key: serverSecret, data: JSON.stringify(codes.backupCodes) }),
      expiresAt: new Date(Date.now() + SHOW_ONCE_MS),
    });
  }
  await recordSecurityEvent("two_factor_enabled", { userId: session.user.id, email: session.admin.email, name: session.admin.name });
  return { ok: true, recoveryCodes: codes.backupCodes, setCookie, waiting: newSessionId !== null };
}

/** Replaces the recovery codes after checking the password; the new ones are returned to be shown once. */
export async function regenerateRecoveryCodes(
  session: AdminSession,
  password: string,
  request: Request,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; status: number; message: string }> {
  try {
    const result = await auth.api.generateBackupCodes({ headers: request.headers, body: { password } });
    await recordSecurityEvent("recovery_codes_regenerated", { userId: session.user.id, email: session.admin.email, name: session.admin.name });
    return { ok: true, recoveryCodes: result.backupCodes };
  } catch (error) {
    return { ok: false, status: 400, message: passwordMessage(errorCode(error)) };
  }
}

/**
 * Turns two-factor off after checking the password; refused (409) while it is required of all
 * staff. This browser gets a new session (`setCookie`). Audited and mailed.
 */
export async function turnOffTwoFactor(session: AdminSession, password: string, request: Request): Promise<ChangeResult> {
  if (await isTwoFactorRequired()) {
    return { ok: false, status: 409, message: "Two-factor is required for all staff, so it cannot be turned off." };
  }
  try {
    const response = await auth.api.disableTwoFactor({ headers: request.headers, body: { password }, asResponse: true });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      return { ok: false, status: 400, field: "password", message: passwordMessage(body?.code) };
    }
    await recordSecurityEvent("two_factor_disabled", { userId: session.user.id, email: session.admin.email, name: session.admin.name });
    return { ok: true, setCookie: response.headers.getSetCookie() };
  } catch (error) {
    return { ok: false, status: 400, field: "password", message: passwordMessage(errorCode(error)) };
  }
}

/** Turns "Require two-factor for all staff" on or off; audited as a settings change. */
export async function setTwoFactorRequired(actor: AuditActor, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ on: siteSettings.requireTwoFactor }).from(siteSettings).where(eq(siteSettings.id, 1));
    if ((before?.on ?? false) === on) return;
    await tx
      .insert(siteSettings)
      .values({ id: 1, data: {}, requireTwoFactor: on, updatedAt: new Date(), updatedBy: actor?.email ?? null })
      .onConflictDoUpdate({ target: siteSettings.id, set: { requireTwoFactor: on, updatedAt: new Date(), updatedBy: actor?.email ?? null } });
    await recordAudit(tx, {
      actor,
      action: "settings.updated",
      entityType: "settings",
      entityId: "1",
      details: { requireTwoFactor: { from: before?.on ?? false, to: on } },
    });
  });
}

/**
 * A super admin resets another member's two-factor (a lost phone and lost recovery codes): their
 * authenticator, recovery codes and trusted browsers stop working, and they enrol again. Audited
 * with the super admin as actor; the member is e-mailed. Throws StaffError "not_found", "self".
 */
export async function resetMemberTwoFactor(actor: AuditActor, adminId: string): Promise<void> {
  const [target] = await db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
  if (!target) throw new StaffError("not_found", "This member of staff no longer exists.");
  if (actor && target.userId === actor.userId) {
    throw new StaffError("self", "Turn your own two-factor off from Your account.");
  }
  const settings = await getMailSettings();
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, target.userId));
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, target.userId));
    await tx.delete(verification).where(and(like(verification.identifier, `${TRUST_DEVICE_KIND}%`), eq(verification.value, target.userId)));
    await recordSecurityEvent(
      "two_factor_reset",
      { userId: target.userId, email: target.email, name: target.name },
      { executor: tx, actor, details: { adminId }, settings },
    );
  });
}
