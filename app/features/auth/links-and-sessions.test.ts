/**
 * Set-password links and sessions as stored: a link's token is never in the database (only its
 * SHA-256), only a member's newest link works, and a password change or a deactivation ends the
 * outstanding one; the first password set from an invitation is welcomed, not reported as a
 * reset; a session in use moves its "Last seen" every few minutes.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, emailOutbox, session, verification } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { createStaffSession } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createStaffAccount } from "./accounts.server";
import { SESSION_SEEN_UPDATE_SECONDS, setPasswordWithToken } from "./auth.server";
import { signInWithPassword } from "./sign-in.server";
import { getAdminSession } from "./guard.server";
import { requestPasswordReset, settlePasswordResets } from "./password-reset.server";
import { changeOwnPassword } from "./self-service.server";
import { listOwnSessions } from "./sessions.server";
import { deactivateStaff, inviteStaff, reactivateStaff, resendSetPasswordLink } from "./users.server";
import { hashVerificationIdentifier, resetLinkIdentifier } from "./verification-tokens.server";

setupTestDatabase();

const actorOf = (s: { userId: string; email: string }) => ({ userId: s.userId, email: s.email });

const tokensSeen = new Set<string>();

/** The token of the one set-password mail (invitation or reset) to `to` not returned before. */
async function newestToken(to: string): Promise<string> {
  const mails = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.to, to)));
  const fresh = mails
    .map((m) => m.text.match(/\/admin\/set-password\?token=([\w%-]+)/)?.[1])
    .filter((t): t is string => t !== undefined)
    .map(decodeURIComponent)
    .filter((t) => !tokensSeen.has(t));
  expect(fresh).toHaveLength(1);
  tokensSeen.add(fresh[0]!);
  return fresh[0]!;
}

async function askForLink(email: string, ip: string): Promise<string> {
  await requestPasswordReset(email, ip);
  await settlePasswordResets();
  return newestToken(email);
}

const INVALID = /invalid or has expired/;

describe("set-password links at rest", () => {
  it("stores only a hash of the token: nothing in the table opens the link, and the link still works", async () => {
    const boss = await createStaffSession("super_admin");
    await inviteStaff(actorOf(boss), { name: "Ada", email: "ada@staff.test", role: "editor" });
    const token = await newestToken("ada@staff.test");

    const rows = await db.select().from(verification);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.identifier).toBe(resetLinkIdentifier(token));
    // What a dump holds does not work as a token, whole or without its kind.
    expect(await setPasswordWithToken(rows[0]!.identifier, "copper kettle midnight harbour")).toMatch(INVALID);
    expect(await setPasswordWithToken(rows[0]!.identifier.slice("reset-password#".length), "copper kettle midnight harbour")).toMatch(INVALID);
    expect(await setPasswordWithToken(token, "copper kettle midnight harbour")).toBeNull();
    expect((await signInWithPassword({ email: "ada@staff.test", password: "copper kettle midnight harbour", clientIp: "10.40.0.1" })).ok).toBe(true);
  });

  it("only the newest link of a member works", async () => {
    const boss = await createStaffSession("super_admin");
    const { adminId } = await inviteStaff(actorOf(boss), { name: "Bo", email: "bo@staff.test", role: "editor" });
    const invitation = await newestToken("bo@staff.test");
    await resendSetPasswordLink(actorOf(boss), adminId);
    const resent = await newestToken("bo@staff.test");
    const forgot = await askForLink("bo@staff.test", "10.40.1.1");
    expect(new Set([invitation, resent, forgot]).size).toBe(3);
    expect(await setPasswordWithToken(invitation, "copper kettle midnight harbour")).toMatch(INVALID);
    expect(await setPasswordWithToken(resent, "copper kettle midnight harbour")).toMatch(INVALID);
    expect(await setPasswordWithToken(forgot, "copper kettle midnight harbour")).toBeNull();
  });

  it("a password change ends the member's outstanding link", async () => {
    const staff = await createStaffSession("editor");
    const token = await askForLink(staff.email, "10.40.2.1");
    const admin = (await getAdminSession(staff.request("/admin/account")))!;
    const changed = await changeOwnPassword(
      admin,
      { currentPassword: "test-password-123", newPassword: "copper kettle midnight harbour" },
      { cookie: staff.cookie, clientIp: "10.40.2.1", userAgent: null },
    );
    expect(changed.ok).toBe(true);
    expect(await db.select().from(verification).where(eq(verification.value, staff.userId))).toEqual([]);
    expect(await setPasswordWithToken(token, "attacker chose this one")).toMatch(INVALID);
  });

  it("a deactivation ends the member's outstanding link, also after reactivation", async () => {
    const boss = await createStaffSession("super_admin");
    const staff = await createStaffSession("editor");
    const token = await askForLink(staff.email, "10.40.3.1");
    await deactivateStaff(actorOf(boss), staff.adminId);
    await reactivateStaff(actorOf(boss), staff.adminId);
    expect(await setPasswordWithToken(token, "attacker chose this one")).toMatch(INVALID);
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, staff.adminId));
    expect(row?.isActive).toBe(true);
  });
});

describe("the migration to hashed identifiers", () => {
  it("hashes a trusted browser's row exactly as better-auth now looks it up, and deletes plain set-password links", async () => {
    const file = await readFile(path.resolve("app/db/migrations/0017_hashed-verification-identifiers.sql"), "utf8");
    const [hashTrusted, deleteOthers] = file.split("--> statement-breakpoint").map((statement) => statement.replace(/^--.*$/gm, "").trim());
    const staff = await createStaffSession("editor");
    const expiresAt = new Date(Date.now() + 60_000);
    await db.insert(verification).values([
      { id: "t1", identifier: "trust-device-Abc123xyz", value: staff.userId, expiresAt },
      { id: "r1", identifier: "reset-password:plainToken123", value: staff.userId, expiresAt },
    ]);
    await db.execute(sql.raw(hashTrusted!));
    await db.execute(sql.raw(deleteOthers!));
    const rows = await db.select({ id: verification.id, identifier: verification.identifier }).from(verification);
    expect(rows).toEqual([{ id: "t1", identifier: hashVerificationIdentifier("trust-device-Abc123xyz") }]);
  });
});

describe("the mail after a password is set", () => {
  it("welcomes a new member who sets the first password from the invitation; a later reset is reported as a reset", async () => {
    const boss = await createStaffSession("super_admin");
    await inviteStaff(actorOf(boss), { name: "Cy", email: "cy@staff.test", role: "editor" });
    expect(await setPasswordWithToken(await newestToken("cy@staff.test"), "copper kettle midnight harbour")).toBeNull();

    const notice = async (kind: string) => opened(db.select().from(emailOutbox).where(and(eq(emailOutbox.to, "cy@staff.test"), eq(emailOutbox.kind, kind))));
    expect(await notice("account.password_reset")).toEqual([]);
    const [welcome] = await notice("account.password_set");
    expect(welcome).toMatchObject({ kind: "account.password_set", subject: "Welcome to the admin portal" });
    expect(welcome.text).toContain("You can now sign in with this e-mail address");
    expect(welcome.text).not.toMatch(/reset/i);

    expect(await setPasswordWithToken(await askForLink("cy@staff.test", "10.40.4.1"), "another copper kettle harbour")).toBeNull();
    const [reset] = await notice("account.password_reset");
    expect(reset).toMatchObject({ kind: "account.password_reset", subject: "Your admin portal password was reset" });
  });

  it("reports a reset, not a welcome, for an account created with a password", async () => {
    await createStaffAccount(db, { email: "di@staff.test", name: "Di", role: "admin", password: "test-password-123" });
    expect(await setPasswordWithToken(await askForLink("di@staff.test", "10.40.5.1"), "copper kettle midnight harbour")).toBeNull();
    const kinds = (await db.select().from(emailOutbox).where(eq(emailOutbox.to, "di@staff.test"))).map((m) => m.kind);
    expect(kinds.sort()).toEqual(["account.password_reset", "admin.password_reset"]);
  });
});

describe("a session's Last seen", () => {
  /** Makes the session look last written `seconds` ago (its sliding expiry moved back with it). */
  async function age(sessionId: string, seconds: number) {
    const [row] = await db.select().from(session).where(eq(session.id, sessionId));
    const back = (d: Date) => new Date(d.getTime() - seconds * 1000);
    await db.update(session).set({ updatedAt: back(row!.updatedAt), expiresAt: back(row!.expiresAt) }).where(eq(session.id, sessionId));
  }

  it("moves when the session is used more than five minutes after it last moved, and not sooner", async () => {
    const staff = await createStaffSession("editor");
    const admin = (await getAdminSession(staff.request("/admin/account")))!;
    const lastSeen = async () => (await listOwnSessions(admin)).find((s) => s.current)!.lastSeenAt;

    await age(admin.sessionId, 120);
    const twoMinutesAgo = await lastSeen();
    await getAdminSession(staff.request("/admin/enquiries"));
    expect(await lastSeen()).toBe(twoMinutesAgo);

    await age(admin.sessionId, SESSION_SEEN_UPDATE_SECONDS);
    expect(Date.now() - Date.parse(await lastSeen())).toBeGreaterThan(SESSION_SEEN_UPDATE_SECONDS * 1000);
    await getAdminSession(staff.request("/admin/enquiries"));
    expect(Date.now() - Date.parse(await lastSeen())).toBeLessThan(10_000);
  });
});
