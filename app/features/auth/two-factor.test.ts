import { and, eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { symmetricEncrypt } from "better-auth/crypto";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, twoFactor, user } from "~/db/schema";
import { serverSecret } from "~/utils/env.server";
import { action as accountAction, loader as accountLoader } from "~/routes/admin/account";
import { action as twoFactorAction } from "~/routes/admin/two-factor";
import { action as usersAction } from "~/routes/admin/users";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, TEST_PASSWORD, type StaffSession } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { RECOVERY_CODE_COUNT, TOTP_REUSED_MESSAGE } from "./auth.server";
import { signInWithPassword, verifySecondFactor } from "./sign-in.server";
import type { AccountResult } from "./components/account/types";

setupTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

/** Posts an intent to Your account as `staff`; returns the answer and the cookies it set. */
async function postAccount(staff: StaffSession, fields: Record<string, string>, ip = "10.30.0.1") {
  const result = await outcome(() =>
    accountAction(routeArgs(staff.request("/admin/account", formPost(fields)), {}, { clientIp: ip })),
  );
  if (result.value instanceof Response) {
    return { status: result.status, location: result.location, data: {} as Partial<AccountResult>, setCookie: result.value.headers.getSetCookie() };
  }
  const value = result.value as { data: AccountResult; init?: { headers?: Headers } };
  return {
    status: result.status,
    location: result.location,
    data: value.data,
    setCookie: value.init?.headers instanceof Headers ? value.init.headers.getSetCookie() : [],
  };
}

type AccountPage = { twoFactor: unknown; twoFactorTurnedOn: AccountResult | null };

/** Your account's loader data for the session cookie header `cookie`. */
const accountPage = async (cookie: string) =>
  (await accountLoader(routeArgs(new Request(`${TEST_ORIGIN}/admin/account`, { headers: { cookie } })))) as AccountPage;

/** The cookie header after replacing the session cookie with the ones in `setCookie`. */
const cookieFrom = (setCookie: string[]) => setCookie.map((c) => c.split(";")[0]).filter((c) => !/=$/.test(c!)).join("; ");

/** A code of `secret` (Base32) at `timestamp` ms, computed with otpauth (independent of better-auth). */
function totpAt(secret: string, timestamp: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30 }).generate({ timestamp });
}

/** `staff` with another session cookie (two-factor changes replace the session). */
function withCookie(staff: StaffSession, cookie: string): StaffSession {
  return {
    ...staff,
    cookie,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", cookie);
      if ((init.method ?? "GET") !== "GET") headers.set("origin", TEST_ORIGIN);
      return new Request(`${TEST_ORIGIN}${path}`, { ...init, headers });
    },
  };
}

/**
 * Enrols `staff` in two-factor through Your account, five minutes ago (the clock is faked for it),
 * so the codes of now are unused. Returns the secret, the recovery codes and `staff` with the new
 * session cookie.
 */
async function enrol(staff: StaffSession) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 5 * 60_000);
  try {
    const started = await postAccount(staff, { intent: "totp-start", password: TEST_PASSWORD });
    expect(started.status).toBe(200);
    const enrolment = started.data.enrolment!;
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\//);
    const secret = enrolment.secret.replace(/\s+/g, "");
    const confirmed = await postAccount(staff, { intent: "totp-confirm", code: totpAt(secret, Date.now()), totpUri: enrolment.totpUri });
    expect(confirmed.status).toBe(303);
    const cookie = cookieFrom(confirmed.setCookie);
    const recoveryCodes = (await accountPage(cookie)).twoFactorTurnedOn!.recoveryCodes!;
    return { secret, recoveryCodes, staff: withCookie(staff, cookie) };
  } finally {
    vi.useRealTimers();
  }
}

/** Signs in with the password; returns the pending second step's cookie header. */
async function passwordStep(email: string, ip: string): Promise<string> {
  const first = await signInWithPassword({ email, password: TEST_PASSWORD, clientIp: ip });
  expect(first).toMatchObject({ ok: true, twoFactorRequired: true });
  return cookieFrom((first as { setCookie: string[] }).setCookie);
}

describe("authenticator enrolment", () => {
  it("needs the password, shows a QR code and the secret, is off until a first code, then gives ten recovery codes once", async () => {
    const staff = await createStaffSession("editor");
    const wrong = await postAccount(staff, { intent: "totp-start", password: "not-my-password" });
    expect(wrong).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { password: ["Your password is not right."] } } });

    const started = await postAccount(staff, { intent: "totp-start", password: TEST_PASSWORD });
    const secret = started.data.enrolment!.secret;
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    // Not on yet: signing in still needs only the password.
    const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, staff.userId));
    expect(row?.on).toBe(false);
    expect(await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "10.30.1.1" })).toMatchObject({ twoFactorRequired: false });

    const bad = await postAccount(staff, { intent: "totp-confirm", code: "000000", totpUri: started.data.enrolment!.totpUri });
    expect(bad.status).toBe(400);
    expect(bad.data.enrolment?.secret).toBe(secret); // the QR code and key are shown again

    const confirmed = await postAccount(staff, { intent: "totp-confirm", code: totpAt(secret, Date.now()), totpUri: started.data.enrolment!.totpUri });
    // Back to the page with the new session (the old one is gone), which shows the codes once.
    expect(confirmed).toMatchObject({ status: 303, location: "/admin/account" });
    const cookie = cookieFrom(confirmed.setCookie);
    const shown = await accountPage(cookie);
    expect(shown.twoFactorTurnedOn).toMatchObject({ intent: "totp-confirm", ok: true, message: "Two-factor is on" });
    const codes = shown.twoFactorTurnedOn!.recoveryCodes!;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    // Crockford's Base32: no I, L, O or U, so nothing to mistake for 0 or 1.
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

    // The page then shows the state, never the codes again.
    const page = await accountPage(cookie);
    expect(page.twoFactor).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(page.twoFactorTurnedOn).toBeNull();
    expect(JSON.stringify(page)).not.toContain(codes[0]);

    expect(await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.action, "account.two_factor_enabled"))).toHaveLength(1);
    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.two_factor_enabled"));
    expect(notices.map((m) => m.to)).toEqual([staff.email]);
  });
});

describe("signing in with two-factor", () => {
  it("asks for a code after the password; accepts the previous and next 30-second codes, never the same code twice", async () => {
    const staff = await createStaffSession("admin");
    const { secret } = await enrol(staff);

    // The password alone gives no session.
    const pending = await passwordStep(staff.email, "10.31.0.1");
    expect(pending).toMatch(/two_factor=/);
    expect(pending).not.toMatch(/session_token=/);

    const verify = (code: string, cookie: string, ip: string) =>
      verifySecondFactor({ method: "totp", code, trustDevice: false, cookie, clientIp: ip });

    // Previous window: accepted.
    const previous = await verify(totpAt(secret, Date.now() - 30_000), pending, "10.31.0.1");
    expect(previous.ok).toBe(true);
    expect((previous as { setCookie: string[] }).setCookie.join(";")).toMatch(/session_token=/);

    // The same code again, on a new sign-in: refused.
    const again = await passwordStep(staff.email, "10.31.0.2");
    const reused = await verify(totpAt(secret, Date.now() - 30_000), again, "10.31.0.2");
    expect(reused).toMatchObject({ ok: false, message: TOTP_REUSED_MESSAGE });

    // Next window: accepted; then the current one, older than it, is refused too.
    const next = await verify(totpAt(secret, Date.now() + 30_000), again, "10.31.0.2");
    expect(next.ok).toBe(true);
    const third = await passwordStep(staff.email, "10.31.0.3");
    expect(await verify(totpAt(secret, Date.now()), third, "10.31.0.3")).toMatchObject({ ok: false, message: TOTP_REUSED_MESSAGE });
    // A code two windows away is simply wrong.
    expect(await verify(totpAt(secret, Date.now() + 90_000), third, "10.31.0.3")).toMatchObject({ ok: false, status: 401 });
  });

  it("accepts each recovery code once, audits and mails its use", async () => {
    const staff = await createStaffSession("editor");
    const { recoveryCodes } = await enrol(staff);
    const [first, second] = recoveryCodes;

    const pending = await passwordStep(staff.email, "10.32.0.1");
    const used = await verifySecondFactor({ method: "recovery", code: first!, trustDevice: false, cookie: pending, clientIp: "10.32.0.1" });
    expect(used.ok).toBe(true);

    const again = await passwordStep(staff.email, "10.32.0.2");
    expect(await verifySecondFactor({ method: "recovery", code: first!, trustDevice: false, cookie: again, clientIp: "10.32.0.2" })).toMatchObject({
      ok: false,
      status: 401,
    });
    // Through the screen: typed without the dash, it still works.
    const screen = await outcome(() =>
      twoFactorAction(routeArgs(new Request(`${TEST_ORIGIN}/admin/two-factor`, {
            ...formPost({ method: "recovery", code: second!.replace("-", ""), redirectTo: "/admin/enquiries" }),
            headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: again },
          }), {}, { clientIp: "10.32.0.2" })),
    );
    expect(screen).toMatchObject({ status: 302, location: "/admin/enquiries" });

    expect(await db.select().from(auditLog).where(eq(auditLog.action, "account.recovery_code_used"))).toHaveLength(2);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.recovery_code_used"))).toHaveLength(2);
  });

  it("accepts a recovery code in any case and spacing, O for 0 and l for 1; codes of the older alphabet keep working", async () => {
    const staff = await createStaffSession("editor");
    const { recoveryCodes } = await enrol(staff);
    const messy = (code: string) => ` ${code.toLowerCase().replace("-", " - ").replaceAll("0", "O").replaceAll("1", "l")} `;

    const pending = await passwordStep(staff.email, "10.33.0.1");
    expect(await verifySecondFactor({ method: "recovery", code: messy(recoveryCodes[0]!), trustDevice: false, cookie: pending, clientIp: "10.33.0.1" })).toMatchObject({ ok: true });
    // Through the screen too, typed in lower case with spaces.
    const again = await passwordStep(staff.email, "10.33.0.2");
    const screen = await outcome(() =>
      twoFactorAction(routeArgs(new Request(`${TEST_ORIGIN}/admin/two-factor`, {
            ...formPost({ method: "recovery", code: messy(recoveryCodes[1]!), redirectTo: "/admin/enquiries" }),
            headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN, cookie: again },
          }), {}, { clientIp: "10.33.0.2" })),
    );
    expect(screen).toMatchObject({ status: 302, location: "/admin/enquiries" });

    // Codes made before this alphabet (mixed case, stored encrypted) are read the same way.
    const legacy = ["aB3dE-fGh1j", "Qo0Lz-kk9Pw"];
    await db.update(twoFactor).set({ backupCodes: await symmetricEncrypt({ key: serverSecret, data: JSON.stringify(legacy) }) }).where(eq(twoFactor.userId, staff.userId));
    const third = await passwordStep(staff.email, "10.33.0.3");
    expect(await verifySecondFactor({ method: "recovery", code: "aB3dE-fGh1j", trustDevice: false, cookie: third, clientIp: "10.33.0.3" })).toMatchObject({ ok: true });
    const fourth = await passwordStep(staff.email, "10.33.0.4");
    expect(await verifySecondFactor({ method: "recovery", code: "QOOLZ KK9PW", trustDevice: false, cookie: fourth, clientIp: "10.33.0.4" })).toMatchObject({ ok: true });
    const fifth = await passwordStep(staff.email, "10.33.0.5");
    expect(await verifySecondFactor({ method: "recovery", code: "aB3dE-fGh1j", trustDevice: false, cookie: fifth, clientIp: "10.33.0.5" })).toMatchObject({ ok: false, status: 401 });
  });

  it("trusts this browser for 30 days when asked", async () => {
    const staff = await createStaffSession("editor");
    const { secret } = await enrol(staff);
    const pending = await passwordStep(staff.email, "10.33.0.1");
    const trusted = await verifySecondFactor({ method: "totp", code: totpAt(secret, Date.now()), trustDevice: true, cookie: pending, clientIp: "10.33.0.1" });
    expect(trusted.ok).toBe(true);
    const trustCookie = (trusted as { setCookie: string[] }).setCookie.find((c) => c.includes("trust_device="))!;
    expect(trustCookie).toMatch(/Max-Age=2592000/);
    const next = await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "10.33.0.1", cookie: cookieFrom([trustCookie]) });
    expect(next).toMatchObject({ ok: true, twoFactorRequired: false });
  });

  it("limits wrong codes like passwords", async () => {
    const staff = await createStaffSession("editor");
    await enrol(staff);
    let pending = await passwordStep(staff.email, "10.34.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const result = await verifySecondFactor({ method: "totp", code: String(100000 + i), trustDevice: false, cookie: pending, clientIp: "10.34.0.1" });
      statuses.push(result.ok ? 200 : result.status);
      if (!result.ok && /Sign in with your password again/.test(result.message)) pending = await passwordStep(staff.email, "10.34.0.9");
    }
    expect(statuses).not.toContain(200);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("recovery codes and turning off", () => {
  it("makes new recovery codes with the password (the old ones stop working) and turns two-factor off", async () => {
    const staff = await createStaffSession("admin");
    const { recoveryCodes, staff: current } = await enrol(staff);
    const fresh = await postAccount(current, { intent: "recovery-regenerate", password: TEST_PASSWORD });
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(fresh.data.recoveryCodes).not.toContain(recoveryCodes[0]);
    const pending = await passwordStep(staff.email, "10.35.0.1");
    expect((await verifySecondFactor({ method: "recovery", code: recoveryCodes[0]!, trustDevice: false, cookie: pending, clientIp: "10.35.0.1" })).ok).toBe(false);

    // Turning off replaces the session: back to Your account (303) with the new cookie, which opens it.
    const off = await postAccount(current, { intent: "totp-disable", password: TEST_PASSWORD });
    expect(off).toMatchObject({ status: 303, location: "/admin/account?done=totp-disable" });
    const page = (await accountLoader(routeArgs(new Request(`${TEST_ORIGIN}${off.location}`, { headers: { cookie: cookieFrom(off.setCookie) } })))) as AccountPage & { sessionReplaced: AccountResult | null };
    expect(page.sessionReplaced).toEqual({ intent: "totp-disable", ok: true, message: "Two-factor is off" });
    expect(await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "10.35.0.2" })).toMatchObject({ twoFactorRequired: false });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.two_factor_disabled"))).toHaveLength(1);
  });
});

describe("super admin controls", () => {
  it("only a super admin may require two-factor or reset a member's, only once confirmed, which is audited and mailed", async () => {
    const boss = await createStaffSession("super_admin");
    const admin = await createStaffSession("admin");
    const member = (await enrol(await createStaffSession("editor"))).staff;
    const [memberRow] = await db.select().from(user).where(eq(user.id, member.userId));
    const users = (staff: StaffSession, fields: Record<string, string>) =>
      outcome(() => usersAction(routeArgs(staff.request("/admin/users", formPost(fields)))));

    expect((await users(admin, { intent: "reset-two-factor", adminId: member.adminId })).status).toBe(403);
    expect((await users(admin, { intent: "require-two-factor", on: "true" })).status).toBe(403);
    expect((await users(member, { intent: "reset-two-factor", adminId: member.adminId })).status).toBe(403);

    // Unconfirmed (a press before the page hydrated), the reset is only asked about.
    const asked = await users(boss, { intent: "reset-two-factor", adminId: member.adminId });
    expect(asked.status).toBe(409);
    expect((asked.value as { data: unknown }).data).toMatchObject({ ok: false, confirm: { intent: "reset-two-factor", adminId: member.adminId } });
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, member.userId))).toHaveLength(1);
    expect((await db.select().from(user).where(eq(user.id, member.userId)))[0]?.twoFactorEnabled).toBe(true);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.two_factor_reset"))).toHaveLength(0);

    expect((await users(boss, { intent: "reset-two-factor", adminId: member.adminId, confirmed: "yes" })).status).toBe(200);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, member.userId))).toHaveLength(0);
    const [after] = await db.select().from(user).where(eq(user.id, member.userId));
    expect([memberRow?.twoFactorEnabled, after?.twoFactorEnabled]).toEqual([true, false]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "account.two_factor_reset"), eq(auditLog.entityId, member.userId)));
    expect(entry?.actorEmail).toBe(boss.email);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.two_factor_reset"));
    expect(mails.map((m) => m.to)).toEqual([member.email]);
    // Signing in asks for the password only again.
    expect(await signInWithPassword({ email: member.email, password: TEST_PASSWORD, clientIp: "10.36.0.1" })).toMatchObject({ twoFactorRequired: false });
  });
});

describe("a locked account", () => {
  it("says to wait 15 minutes, with Retry-After, not a minute", async () => {
    const { staff, secret } = await enrol(await createStaffSession("editor"));
    // As after ten wrong codes in a row: better-auth locks the account.
    await db.update(twoFactor).set({ lockedUntil: new Date(Date.now() + 15 * 60_000) }).where(eq(twoFactor.userId, staff.userId));
    const cookie = await passwordStep(staff.email, "10.37.0.1");
    const result = await verifySecondFactor({ method: "totp", code: totpAt(secret, Date.now()), trustDevice: false, cookie, clientIp: "10.37.0.1" });
    expect(result).toEqual({ ok: false, status: 429, message: "Too many wrong codes for this account. Try again in 15 minutes.", retryAfterSeconds: 900 });
  });
});
