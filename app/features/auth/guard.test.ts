import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, rateLimit } from "~/db/schema";
import { createStaffSession, outcome, TEST_ORIGIN, TEST_PASSWORD } from "../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createStaffAccount } from "./accounts.server";
import { SIGN_IN_RATE_LIMIT } from "./auth.server";
import { signInWithPassword } from "./sign-in.server";
import { auditActor, requireAdmin } from "./guard.server";
import { MANAGER_ROLES, STAFF_ROLES, SUPER_ADMIN_ONLY, type AdminRole } from "./roles";

setupTestDatabase();

describe("requireAdmin", () => {
  it("redirects a visitor without a session to the login page, keeping where they were going", async () => {
    const result = await outcome(() => requireAdmin(new Request(`${TEST_ORIGIN}/admin/enquiries?status=new`)));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/enquiries?status=new")}`);
  });

  it("treats a signed-in user without an admin row as signed out", async () => {
    const staff = await createStaffSession("super_admin");
    await db.delete(adminUsers).where(eq(adminUsers.id, staff.adminId));
    const result = await outcome(() => requireAdmin(staff.request("/admin/dashboard")));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/admin\/login/);
  });

  it("treats a deactivated admin as signed out", async () => {
    const staff = await createStaffSession("admin");
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, staff.adminId));
    const result = await outcome(() => requireAdmin(staff.request("/admin/dashboard")));
    expect(result.status).toBe(302);
  });

  it("returns the session with the admin row and the audit actor", async () => {
    const staff = await createStaffSession("editor", { name: "Eda Editor" });
    const session = await requireAdmin(staff.request("/admin/dashboard"));
    expect(session.admin).toMatchObject({ id: staff.adminId, name: "Eda Editor", role: "editor", email: staff.email });
    expect(session.user.id).toBe(staff.userId);
    expect(auditActor(session)).toEqual({ userId: staff.userId, email: staff.email });
  });

  const areas: [string, readonly AdminRole[]][] = [
    ["dashboard and CMS", STAFF_ROLES],
    ["enquiries and consultations", MANAGER_ROLES],
    ["users and settings", SUPER_ADMIN_ONLY],
  ];
  const allowed: Record<AdminRole, string[]> = {
    super_admin: ["dashboard and CMS", "enquiries and consultations", "users and settings"],
    admin: ["dashboard and CMS", "enquiries and consultations"],
    editor: ["dashboard and CMS"],
  };
  for (const role of ["super_admin", "admin", "editor"] as const) {
    it(`lets ${role} into exactly ${allowed[role].join(", ")}`, async () => {
      const staff = await createStaffSession(role);
      for (const [area, roles] of areas) {
        const result = await outcome(() => requireAdmin(staff.request("/admin/x"), roles));
        expect({ area, status: result.status }).toEqual({ area, status: allowed[role].includes(area) ? 200 : 403 });
      }
    });
  }

  it("refuses a change from a foreign Origin, and accepts our own or none", async () => {
    const staff = await createStaffSession("super_admin");
    const foreign = await outcome(() =>
      requireAdmin(staff.request("/admin/users", { method: "POST", headers: { origin: "https://evil.example" } })),
    );
    expect(foreign.status).toBe(403);
    const nullOrigin = await outcome(() =>
      requireAdmin(staff.request("/admin/users", { method: "POST", headers: { origin: "null" } })),
    );
    expect(nullOrigin.status).toBe(403);
    // A foreign origin is refused even before the session is looked at.
    const anonymous = await outcome(() =>
      requireAdmin(new Request(`${TEST_ORIGIN}/admin/users`, { method: "POST", headers: { origin: "https://evil.example" } })),
    );
    expect(anonymous.status).toBe(403);
    expect((await outcome(() => requireAdmin(staff.request("/admin/users", { method: "POST" })))).status).toBe(200);
    const noOrigin = new Request(`${TEST_ORIGIN}/admin/users`, { method: "POST", headers: { cookie: staff.cookie } });
    expect((await outcome(() => requireAdmin(noOrigin))).status).toBe(200);
    // A GET with a foreign Origin (a cross-site fetch) is only a read.
    expect((await outcome(() => requireAdmin(staff.request("/admin/users", { headers: { origin: "https://evil.example" } })))).status).toBe(200);
  });
});

describe("signInWithPassword", () => {
  it("signs in with a trimmed, case-insensitive e-mail and refuses a wrong password", async () => {
    await createStaffAccount(db, { email: "Ana@Staff.test", name: "Ana", role: "admin", password: TEST_PASSWORD });
    const ok = await signInWithPassword({ email: "  ana@staff.test ", password: TEST_PASSWORD, clientIp: "10.9.0.1" });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.setCookie.join(";")).toMatch(/session_token=.*HttpOnly/i);
    const wrong = await signInWithPassword({ email: "ana@staff.test", password: "wrong-password-1", clientIp: "10.9.0.1" });
    expect(wrong).toEqual({ ok: false, status: 401, message: "Invalid email or password" });
  });

  it("limits sign-in attempts per client address, counted in the database", async () => {
    await createStaffAccount(db, { email: "bo@staff.test", name: "Bo", role: "admin", password: TEST_PASSWORD });
    const attempt = (ip: string) => signInWithPassword({ email: "bo@staff.test", password: "not-the-password", clientIp: ip });
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await attempt("10.8.0.1")).ok).toBe(false);
    const limited = await attempt("10.8.0.1");
    expect(limited).toMatchObject({ ok: false, status: 429 });
    // Even the right password waits; another address is not affected.
    expect(await signInWithPassword({ email: "bo@staff.test", password: TEST_PASSWORD, clientIp: "10.8.0.1" })).toMatchObject({ status: 429 });
    expect((await signInWithPassword({ email: "bo@staff.test", password: TEST_PASSWORD, clientIp: "10.8.0.2" })).ok).toBe(true);
    const rows = await db.select().from(rateLimit);
    expect(rows.some((r) => r.key.includes("10.8.0.1") && r.count >= SIGN_IN_RATE_LIMIT.max)).toBe(true);
  });
});
