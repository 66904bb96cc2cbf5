import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, auditLog } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { signInWithPassword } from "./sign-in.server";
import { DEMO_ADMIN_EMAIL, ensureFirstAdmin } from "./bootstrap.server";
import { createStaffAccount } from "./accounts.server";

setupTestDatabase();

describe("ensureFirstAdmin", () => {
  it("creates the super admin from ADMIN_EMAIL / ADMIN_PASSWORD, once", async () => {
    const first = await ensureFirstAdmin({ adminEmail: "Owner@Firm.test", adminPassword: "owner-password-12", production: true });
    expect(first).toEqual({ created: true, email: "owner@firm.test", source: "env" });
    const again = await ensureFirstAdmin({ adminEmail: "other@firm.test", adminPassword: "other-password-12", production: true });
    expect(again).toEqual({ created: false });
    const admins = await db.select().from(adminUsers);
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ email: "owner@firm.test", role: "super_admin", isActive: true });
    expect((await signInWithPassword({ email: "owner@firm.test", password: "owner-password-12", clientIp: "10.2.0.1" })).ok).toBe(true);
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });

  it("refuses an ADMIN_PASSWORD that breaks the staff password rule, creating nothing", async () => {
    await expect(ensureFirstAdmin({ adminEmail: "owner@firm.test", adminPassword: "aaaaaaaaaaaa", production: true })).rejects.toThrow(
      /ADMIN_PASSWORD is refused by the staff password rule: This password is too common or easy to guess/,
    );
    expect(await db.select().from(adminUsers)).toHaveLength(0);
  });

  it("outside production without credentials creates a demo super admin with a random password that works", async () => {
    const result = await ensureFirstAdmin({ adminEmail: undefined, adminPassword: undefined, production: false });
    expect(result).toMatchObject({ created: true, email: DEMO_ADMIN_EMAIL, source: "demo" });
    const password = result.created ? result.password : undefined;
    expect(password).toMatch(/^[\w-]{16}$/);
    expect((await signInWithPassword({ email: DEMO_ADMIN_EMAIL, password: password!, clientIp: "10.2.0.2" })).ok).toBe(true);
  });

  it("in production without credentials and without an admin refuses to start", async () => {
    await expect(ensureFirstAdmin({ adminEmail: undefined, adminPassword: undefined, production: true })).rejects.toThrow(/ADMIN_EMAIL.*admin:create/s);
    expect(await db.select().from(adminUsers)).toHaveLength(0);
  });

  it("in production with an existing admin needs no credentials", async () => {
    await createStaffAccount(db, { email: "x@firm.test", name: "X", role: "super_admin", password: "x-password-1234" });
    expect(await ensureFirstAdmin({ adminEmail: undefined, adminPassword: undefined, production: true })).toEqual({ created: false });
  });
});
