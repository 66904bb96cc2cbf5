import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog, emailOutbox, session, verification } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { action as usersAction } from "~/routes/admin/users";
import { createStaffSession, formPost, outcome, routeArgs } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { requireAdmin } from "./guard.server";
import { setPasswordWithToken } from "./auth.server";
import { signInWithPassword } from "./sign-in.server";
import { changeStaffRole, deactivateStaff, inviteStaff, listStaff, reactivateStaff } from "./users.server";
import { StaffError } from "./accounts.server";

setupTestDatabase();

const actorOf = (s: { userId: string; email: string }) => ({ userId: s.userId, email: s.email });

describe("staff management", () => {
  it("invites a member without a password, mails a set-password link that works once, and audits it", async () => {
    const boss = await createStaffSession("super_admin");
    const { adminId } = await inviteStaff(actorOf(boss), { name: "Nia Editor", email: "nia@staff.test", role: "editor" });

    const listed = (await listStaff()).find((s) => s.id === adminId);
    expect(listed).toMatchObject({ name: "Nia Editor", email: "nia@staff.test", role: "editor", isActive: true, passwordSet: false });

    const [mail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.to, "nia@staff.test")));
    expect(mail?.kind).toBe("admin.invitation");
    const link = mail!.text.match(/http:\/\/localhost:3000\/admin\/set-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // Before the password is set, nothing signs in.
    expect((await signInWithPassword({ email: "nia@staff.test", password: "whatever-password", clientIp: "10.1.1.1" })).ok).toBe(false);
    expect(await setPasswordWithToken(token, "short")).toMatch(/at least 12/);
    expect(await setPasswordWithToken(token, "a-long-enough-password")).toBeNull();
    expect(await setPasswordWithToken(token, "another-long-password")).toMatch(/invalid or has expired/);
    expect((await signInWithPassword({ email: "nia@staff.test", password: "a-long-enough-password", clientIp: "10.1.1.1" })).ok).toBe(true);
    expect((await listStaff()).find((s) => s.id === adminId)?.passwordSet).toBe(true);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "user.invited"));
    expect(entry).toMatchObject({ actorEmail: boss.email, entityType: "admin_user", entityId: adminId });
    expect(entry?.details).toMatchObject({ email: "nia@staff.test", role: "editor" });
  });

  it("refuses a second account for the same e-mail, whatever its case", async () => {
    const boss = await createStaffSession("super_admin");
    await inviteStaff(actorOf(boss), { name: "A", email: "same@staff.test", role: "editor" });
    await expect(inviteStaff(actorOf(boss), { name: "B", email: "SAME@staff.test", role: "admin" })).rejects.toMatchObject({ code: "email_taken" });
    expect((await listStaff()).filter((s) => s.email === "same@staff.test")).toHaveLength(1);
    expect(await db.select().from(verification)).toHaveLength(1);
  });

  it("never demotes or deactivates the last active super admin", async () => {
    const only = await createStaffSession("super_admin");
    const other = await createStaffSession("admin");
    const actor = actorOf(other); // even someone else acting (e.g. a script) cannot
    await expect(changeStaffRole(actor, only.adminId, "admin")).rejects.toMatchObject({ code: "last_super_admin" });
    await expect(deactivateStaff(actor, only.adminId)).rejects.toBeInstanceOf(StaffError);
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, only.adminId));
    expect(row).toMatchObject({ role: "super_admin", isActive: true });

    // With a second super admin, the first can be demoted by the second; then the second is the last.
    await changeStaffRole(actorOf(only), other.adminId, "super_admin");
    await changeStaffRole(actorOf(other), only.adminId, "editor");
    await expect(changeStaffRole(actorOf(only), other.adminId, "editor")).rejects.toMatchObject({ code: "last_super_admin" });
    const roles = await db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(eq(auditLog.action, "user.role_changed"));
    expect(roles.map((r) => r.details)).toEqual([
      expect.objectContaining({ from: "admin", to: "super_admin" }),
      expect.objectContaining({ from: "super_admin", to: "editor" }),
    ]);
  });

  it("does not let super admins demote or deactivate themselves", async () => {
    const me = await createStaffSession("super_admin");
    await createStaffSession("super_admin");
    await expect(changeStaffRole(actorOf(me), me.adminId, "editor")).rejects.toMatchObject({ code: "self" });
    await expect(deactivateStaff(actorOf(me), me.adminId)).rejects.toMatchObject({ code: "self" });
  });

  it("ends every session of a deactivated member at once, keeps them out, and lets them back when reactivated", async () => {
    const boss = await createStaffSession("super_admin");
    const editor = await createStaffSession("editor");
    expect((await outcome(() => requireAdmin(editor.request("/admin/dashboard")))).status).toBe(200);

    await deactivateStaff(actorOf(boss), editor.adminId);
    expect(await db.select().from(session).where(eq(session.userId, editor.userId))).toHaveLength(0);
    expect((await outcome(() => requireAdmin(editor.request("/admin/dashboard")))).status).toBe(302);
    expect((await listStaff()).find((s) => s.id === editor.adminId)?.isActive).toBe(false);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "user.deactivated"), eq(auditLog.entityId, editor.adminId)));
    expect(entry?.details).toMatchObject({ sessionsEnded: 1, email: editor.email });
    expect(entry?.actorEmail).toBe(boss.email);

    await reactivateStaff(actorOf(boss), editor.adminId);
    expect((await listStaff()).find((s) => s.id === editor.adminId)?.isActive).toBe(true);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "user.reactivated"))).toHaveLength(1);
  });

  it("deactivates through the Users page only once confirmed: posted unconfirmed, it asks and changes nothing", async () => {
    const boss = await createStaffSession("super_admin");
    const editor = await createStaffSession("editor");
    const post = (fields: Record<string, string>) => outcome(() => usersAction(routeArgs(boss.request("/admin/users", formPost(fields)))));
    const isActive = async () => (await db.select().from(adminUsers).where(eq(adminUsers.id, editor.adminId)))[0]?.isActive;

    for (const confirmed of [undefined, "", "no", "on"]) {
      const asked = await post({ intent: "deactivate", adminId: editor.adminId, ...(confirmed === undefined ? {} : { confirmed }) });
      expect(asked.status, String(confirmed)).toBe(409);
      expect((asked.value as { data: unknown }).data).toEqual({
        ok: false,
        intent: "deactivate",
        message: "Confirm the deactivation.",
        confirm: { intent: "deactivate", adminId: editor.adminId },
      });
    }
    expect(await isActive()).toBe(true);
    expect(await db.select().from(session).where(eq(session.userId, editor.userId))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "user.deactivated"))).toHaveLength(0);
    // An unknown member is refused before anything is asked.
    expect((await post({ intent: "deactivate", adminId: "not-an-id" })).status).toBe(400);

    const done = await post({ intent: "deactivate", adminId: editor.adminId, confirmed: "yes" });
    expect(done.status).toBe(200);
    expect(await isActive()).toBe(false);
    expect(await db.select().from(session).where(eq(session.userId, editor.userId))).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "user.deactivated"))).toHaveLength(1);
  });
});
