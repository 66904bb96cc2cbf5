import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, emailOutbox, passkey, session, user } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { action as accountAction, loader as accountLoader } from "~/routes/admin/account";
import { action as confirmAction } from "~/routes/admin/confirm-email";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, TEST_PASSWORD, type StaffSession } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { signInWithPassword } from "./sign-in.server";
import type { AccountResult } from "./components/account/types";
import { addressNetwork, describeUserAgent } from "./sessions.server";

setupTestDatabase();

async function postAccount(staff: StaffSession, fields: Record<string, string>) {
  const result = await outcome(() => accountAction(routeArgs(staff.request("/admin/account", formPost(fields)), {}, { clientIp: "10.40.0.1" })));
  return { status: result.status, data: (result.value as { data: AccountResult }).data };
}

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("Your account", () => {
  it("changes your name on the login and the admin row, audited", async () => {
    const staff = await createStaffSession("editor", { name: "Old Name" });
    expect(await postAccount(staff, { intent: "change-name", name: "  " })).toMatchObject({ status: 400, data: { fieldErrors: { name: ["Enter your name."] } } });
    expect(await postAccount(staff, { intent: "change-name", name: "  Nia Okafor " })).toMatchObject({ status: 200, data: { ok: true } });
    const [row] = await db.select({ name: adminUsers.name }).from(adminUsers).where(eq(adminUsers.id, staff.adminId));
    const [login] = await db.select({ name: user.name }).from(user).where(eq(user.id, staff.userId));
    expect([row?.name, login?.name]).toEqual(["Nia Okafor", "Nia Okafor"]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "account.name_changed"));
    expect(entry?.details).toEqual({ from: "Old Name", to: "Nia Okafor" });
  });

  it("changes your e-mail only through the link sent to the new address, opened while signed in, and tells the old address", async () => {
    const staff = await createStaffSession("admin", { email: "old@staff.test", name: "Ola" });
    const other = await createStaffSession("admin", { email: "other@staff.test" });
    expect(await postAccount(staff, { intent: "change-email", newEmail: "old@staff.test" })).toMatchObject({ status: 400 });
    const asked = await postAccount(staff, { intent: "change-email", newEmail: "New@Staff.test" });
    expect(asked).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining("new@staff.test") } });

    // Nothing changed yet; the link went to the new address only.
    expect((await db.select({ email: user.email }).from(user).where(eq(user.id, staff.userId)))[0]?.email).toBe("old@staff.test");
    const [mail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.email_change_requested")));
    expect(mail?.to).toBe("new@staff.test");
    const token = decodeURIComponent(mail!.text.match(/\/admin\/confirm-email\?token=([^\s)]+)/)![1]!);

    const confirm = (as: StaffSession, value: string) =>
      outcome(() => confirmAction(routeArgs(as.request("/admin/confirm-email", formPost({ token: value })))));
    // Another account cannot use it; a forged token is refused.
    expect((await confirm(other, token)).status).toBe(403);
    expect((await confirm(staff, `${token}x`)).status).toBe(400);

    expect(await confirm(staff, token)).toMatchObject({ status: 302, location: "/admin/account?emailChanged=1" });
    const [login] = await db.select({ email: user.email }).from(user).where(eq(user.id, staff.userId));
    const [row] = await db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.id, staff.adminId));
    expect([login?.email, row?.email]).toEqual(["new@staff.test", "new@staff.test"]);
    const notices = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.email_changed")));
    expect(notices.map((m) => m.to).sort()).toEqual(["new@staff.test", "old@staff.test"]);
    expect((await signInWithPassword({ email: "new@staff.test", password: TEST_PASSWORD, clientIp: "10.40.1.1" })).ok).toBe(true);
    expect((await signInWithPassword({ email: "old@staff.test", password: TEST_PASSWORD, clientIp: "10.40.1.1" })).ok).toBe(false);
  });

  it("changes your password with the current one, refuses common ones, and signs out every other session", async () => {
    const staff = await createStaffSession("editor");
    await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "10.40.2.2" }); // a second browser
    const change = (fields: Record<string, string>) => postAccount(staff, { intent: "change-password", ...fields });

    expect(await change({ currentPassword: "wrong-password-1", newPassword: "fresh lantern orbit quietly", confirmPassword: "fresh lantern orbit quietly" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { currentPassword: ["Your current password is not right."] } },
    });
    expect(await change({ currentPassword: TEST_PASSWORD, newPassword: "password1234", confirmPassword: "password1234" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { newPassword: [expect.stringMatching(/too common/)] } },
    });
    expect(await change({ currentPassword: TEST_PASSWORD, newPassword: "fresh lantern orbit quietly", confirmPassword: "fresh lantern orbit" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { confirmPassword: ["The passwords do not match."] } },
    });
    const done = await outcome(() =>
      accountAction(routeArgs(staff.request("/admin/account", formPost({ intent: "change-password", currentPassword: TEST_PASSWORD, newPassword: "fresh lantern orbit quietly", confirmPassword: "fresh lantern orbit quietly" })), {}, { clientIp: "10.40.0.1" })),
    );
    // The session is replaced: back to Your account (303) with the new cookie, which opens it with the answer.
    expect([done.status, done.location]).toEqual([303, "/admin/account?done=change-password"]);
    const setCookie = (done.value as Response).headers.getSetCookie();
    expect(setCookie.join(";")).toMatch(/session_token=/);
    const cookie = setCookie.map((c) => c.split(";")[0]).join("; ");
    const page = (await accountLoader(routeArgs(new Request(`${TEST_ORIGIN}${done.location}`, { headers: { cookie } })))) as { admin: { email: string }; sessionReplaced: AccountResult | null };
    expect(page.admin.email).toBe(staff.email);
    expect(page.sessionReplaced).toEqual({ intent: "change-password", ok: true, message: "Password changed. Your other sessions have been signed out." });
    // The old cookie opens nothing any more.
    expect((await outcome(() => accountLoader(routeArgs(staff.request("/admin/account"))))).location).toMatch(/^\/admin\/login/);
    // One session left: the new one of this browser.
    expect(await db.select().from(session).where(eq(session.userId, staff.userId))).toHaveLength(1);
    expect((await signInWithPassword({ email: staff.email, password: "fresh lantern orbit quietly", clientIp: "10.40.2.3" })).ok).toBe(true);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.password_changed"))).toHaveLength(1);
  });

  it("lists your sessions with browser, system and network, and signs out another one or all others", async () => {
    const staff = await createStaffSession("admin");
    await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "203.0.113.77", userAgent: SAFARI_IPHONE });
    await signInWithPassword({ email: staff.email, password: TEST_PASSWORD, clientIp: "2001:db8:1:2:3:4:5:6", userAgent: CHROME_MAC });
    const page = (await accountLoader(routeArgs(staff.request("/admin/account")))) as { sessions: { id: string; current: boolean; browser: string; os: string; device: string | null; network: string | null }[] };
    expect(page.sessions).toHaveLength(3);
    expect(page.sessions[0]?.current).toBe(true);
    expect(page.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: "Mobile Safari 17", os: "iOS 17.5", device: "mobile", network: "203.0.113.0/24", current: false }),
        expect.objectContaining({ browser: "Chrome 131", os: "Mac OS 10.15.7", device: null, network: "2001:db8:1:2::/64", current: false }),
      ]),
    );
    const iphone = page.sessions.find((s) => s.device === "mobile")!;
    expect(await postAccount(staff, { intent: "session-end", sessionId: iphone.id })).toMatchObject({ status: 200 });
    expect(await postAccount(staff, { intent: "session-end", sessionId: iphone.id })).toMatchObject({ status: 409 });
    // Your own session is not ended here (Sign out does that), nor is someone else's.
    const current = page.sessions[0]!.id;
    expect(await postAccount(staff, { intent: "session-end", sessionId: current })).toMatchObject({ status: 409 });
    const other = await createStaffSession("admin");
    const [otherSession] = await db.select({ id: session.id }).from(session).where(eq(session.userId, other.userId));
    expect(await postAccount(staff, { intent: "session-end", sessionId: otherSession!.id })).toMatchObject({ status: 409 });

    expect(await postAccount(staff, { intent: "sessions-end-others" })).toMatchObject({ status: 200, data: { message: "Signed out of 1 other session" } });
    const left = await db.select({ id: session.id }).from(session).where(eq(session.userId, staff.userId));
    expect(left.map((s) => s.id)).toEqual([current]);
  });

  it("removes your own passkey only, audited and mailed", async () => {
    const staff = await createStaffSession("editor");
    const other = await createStaffSession("editor");
    const row = (userId: string) => ({ id: randomUUID(), name: "Work laptop", publicKey: "pk", userId, credentialID: randomUUID(), counter: 0, deviceType: "singleDevice", backedUp: false });
    const mine = row(staff.userId);
    const theirs = row(other.userId);
    await db.insert(passkey).values([mine, theirs]);
    const page = (await accountLoader(routeArgs(staff.request("/admin/account")))) as { passkeys: { id: string; name: string }[] };
    expect(page.passkeys).toEqual([expect.objectContaining({ id: mine.id, name: "Work laptop", synced: false })]);

    expect(await postAccount(staff, { intent: "passkey-remove", passkeyId: theirs.id })).toMatchObject({ status: 409 });
    expect(await postAccount(staff, { intent: "passkey-remove", passkeyId: mine.id })).toMatchObject({ status: 200 });
    expect((await db.select({ id: passkey.id }).from(passkey)).map((p) => p.id)).toEqual([theirs.id]);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "account.passkey_removed"))).toHaveLength(1);
  });

  it("refuses an unknown intent with 400", async () => {
    const staff = await createStaffSession("editor");
    expect((await postAccount(staff, { intent: "make-me-super" })).status).toBe(400);
  });
});

describe("session descriptions", () => {
  it("reads browser and system from the user agent and keeps only the address's network", () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({ browser: "Chrome 131", os: "Mac OS 10.15.7", device: null });
    expect(describeUserAgent(null)).toEqual({ browser: "Unknown browser", os: "Unknown system", device: null });
    expect(addressNetwork("::ffff:198.51.100.23")).toBe("198.51.100.0/24");
    expect(addressNetwork("unknown")).toBeNull();
  });
});
