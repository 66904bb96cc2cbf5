import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, emailOutbox, verification } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { action as forgotAction } from "~/routes/admin/forgot-password";
import { formPost, outcome, routeArgs, TEST_ORIGIN, TEST_PASSWORD } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { postSetPassword } from "../../../tests/setup/set-password";
import { createStaffAccount } from "./accounts.server";
import { RESET_PASSWORD_TTL_SECONDS } from "./auth-mail.server";
import { setPasswordWithToken } from "./auth.server";
import { signInWithPassword } from "./sign-in.server";
import {
  RESET_LIMITS,
  RESET_REQUEST_ANSWER_MS,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
  settlePasswordResets,
} from "./password-reset.server";
import { passwordProblem } from "./password-policy.server";
import { resetLinkIdentifier } from "./verification-tokens.server";

setupTestDatabase();

/** The reset token in the newest reset mail to `to`, or null. */
async function resetTokenMailedTo(to: string): Promise<string | null> {
  const mails = await opened(db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "admin.password_reset"))));
  const match = mails.at(-1)?.text.match(/\/admin\/set-password\?token=([\w%-]+)/);
  return match ? decodeURIComponent(match[1]!) : null;
}

const forgot = (email: string, ip = "10.20.0.1") =>
  outcome(() =>
    forgotAction(routeArgs(new Request(`${TEST_ORIGIN}/admin/forgot-password`, { ...formPost({ email }), headers: { ...formPost({}).headers, origin: TEST_ORIGIN } }), {}, { clientIp: ip })),
  );

describe("forgot password", () => {
  it("mails an active account a single-use link valid for one hour that resets the password and ends its sessions", async () => {
    await createStaffAccount(db, { email: "rui@staff.test", name: "Rui", role: "admin", password: TEST_PASSWORD });
    const before = await signInWithPassword({ email: "rui@staff.test", password: TEST_PASSWORD, clientIp: "10.20.1.1" });
    expect(before.ok).toBe(true);

    const answered = await forgot("  Rui@Staff.test ");
    expect(answered.status).toBe(200);
    expect(answered.value).toMatchObject({ data: { ok: true, message: RESET_REQUESTED_MESSAGE } });
    await settlePasswordResets();

    const token = await resetTokenMailedTo("rui@staff.test");
    expect(token).not.toBeNull();
    const [row] = await db.select().from(verification).where(eq(verification.identifier, resetLinkIdentifier(token!)));
    const lifetime = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(RESET_PASSWORD_TTL_SECONDS - 60);
    expect(lifetime).toBeLessThanOrEqual(RESET_PASSWORD_TTL_SECONDS);

    expect(await setPasswordWithToken(token!, "fresh lantern orbit quietly")).toBeNull();
    expect(await setPasswordWithToken(token!, "another lantern orbit")).toMatch(/invalid or has expired/);
    expect((await signInWithPassword({ email: "rui@staff.test", password: TEST_PASSWORD, clientIp: "10.20.1.1" })).ok).toBe(false);
    expect((await signInWithPassword({ email: "rui@staff.test", password: "fresh lantern orbit quietly", clientIp: "10.20.1.1" })).ok).toBe(true);

    // Audited, and the holder is told.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "account.password_reset"));
    expect(entry).toMatchObject({ actorEmail: "rui@staff.test", entityType: "user" });
    const notices = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.password_reset")));
    expect(notices.map((m) => m.to)).toEqual(["rui@staff.test"]);
  });

  it("refuses an expired link", async () => {
    await createStaffAccount(db, { email: "eve@staff.test", name: "Eve", role: "editor", password: TEST_PASSWORD });
    await requestPasswordReset("eve@staff.test", "10.20.2.1");
    await settlePasswordResets();
    const token = await resetTokenMailedTo("eve@staff.test");
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, resetLinkIdentifier(token!)));
    expect(await setPasswordWithToken(token!, "fresh lantern orbit quietly")).toMatch(/invalid or has expired/);
  });

  it("answers the same, after the same minimum time, for unknown and deactivated addresses, and sends them nothing", async () => {
    const { adminId } = await createStaffAccount(db, { email: "gone@staff.test", name: "Gone", role: "editor", password: TEST_PASSWORD });
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, adminId));
    await createStaffAccount(db, { email: "here@staff.test", name: "Here", role: "editor", password: TEST_PASSWORD });

    const timed = async (email: string) => {
      const started = performance.now();
      const result = await forgot(email, "10.20.3.1");
      return { result, ms: performance.now() - started };
    };
    const known = await timed("here@staff.test");
    const unknown = await timed("nobody@staff.test");
    const deactivated = await timed("gone@staff.test");
    for (const answer of [known, unknown, deactivated]) {
      expect(answer.result.status).toBe(200);
      expect(answer.result.value).toEqual(known.result.value);
      expect(answer.ms).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
    }
    await settlePasswordResets();
    const mails = await db.select({ to: emailOutbox.to }).from(emailOutbox);
    expect(mails.map((m) => m.to)).toEqual(["here@staff.test"]);
    // The deactivated account's token was not kept either.
    expect(await db.select().from(verification).where(like(verification.identifier, "reset-password#%"))).toHaveLength(1);
  });

  it("limits requests per address and per client with 429 and Retry-After", async () => {
    for (let i = 0; i < RESET_LIMITS.perAddress.max; i++) expect((await forgot("limit@staff.test", `10.21.0.${i + 1}`)).status).toBe(200);
    const perAddress = await forgot("limit@staff.test", "10.21.0.99");
    expect(perAddress.status).toBe(429);
    expect(perAddress.value).toMatchObject({ data: { ok: false, message: expect.stringMatching(/Too many requests/) } });
    const retryAfter = Number((perAddress.value as { init: { headers: Record<string, string> } }).init.headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    for (let i = 0; i < RESET_LIMITS.perClient.max; i++) expect((await forgot(`other${i}@staff.test`, "10.22.0.1")).status).toBe(200);
    expect((await forgot("one-more@staff.test", "10.22.0.1")).status).toBe(429);
    // Another client is not affected.
    expect((await forgot("one-more@staff.test", "10.22.0.2")).status).toBe(200);
    await settlePasswordResets();
  });

  it("answers 400 for a malformed address and 403 for a foreign origin", async () => {
    expect((await forgot("not-an-address")).status).toBe(400);
    const foreign = await outcome(() =>
      forgotAction(routeArgs(new Request(`${TEST_ORIGIN}/admin/forgot-password`, {
            ...formPost({ email: "a@b.test" }),
            headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
          }), {}, { clientIp: "10.23.0.1" })),
    );
    expect(foreign.status).toBe(403);
  });
});

describe("password rule", () => {
  it("refuses short and common passwords and accepts a sentence of unrelated words", () => {
    expect(passwordProblem("short")).toMatch(/at least 12/);
    expect(passwordProblem("password1234")).toMatch(/too common/);
    expect(passwordProblem("qwertyuiop123")).toMatch(/too common/);
    expect(passwordProblem("iloveyou12345")).toMatch(/too common/);
    expect(passwordProblem("letmein123456")).toMatch(/too common/);
    expect(passwordProblem("fresh lantern orbit quietly")).toBeNull();
  });

  it("is applied by the set-password screen", async () => {
    await createStaffAccount(db, { email: "pat@staff.test", name: "Pat", role: "admin", password: TEST_PASSWORD });
    await requestPasswordReset("pat@staff.test", "10.24.0.1");
    await settlePasswordResets();
    const token = (await resetTokenMailedTo("pat@staff.test"))!;
    const post = (password: string) => postSetPassword(token, password);
    const weak = await post("password1234");
    expect(weak.status).toBe(400);
    expect(weak.value).toMatchObject({ data: { fieldErrors: { password: [expect.stringMatching(/too common/)] } } });
    const strong = await post("fresh lantern orbit quietly");
    expect(strong).toMatchObject({ status: 302, location: "/admin/login?passwordSet=1" });
  });
});
