/**
 * The first super admin (issue 4 "Sign-in and roles"), run at every start by `server/app.ts`:
 *
 * - an admin already exists: nothing happens;
 * - ADMIN_EMAIL and ADMIN_PASSWORD are set: that super admin is created (the password must pass
 *   the staff password rule, or the server refuses to start);
 * - otherwise, outside production: a demo super admin (ADMIN_EMAIL or admin@example.com) with a
 *   random password, printed once in the server log;
 * - otherwise, in production on a public address: an error, so the server refuses to start
 *   without a way in (a production build on a loopback PUBLIC_URL, `npm start` on a laptop,
 *   counts as a local run and gets the demo admin).
 *
 * An advisory lock makes instances starting together create one admin, not two.
 */
import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { env, isPublicProduction } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { createStaffAccount, StaffError } from "./accounts.server";

/** Where the first admin came from; what `ensureFirstAdmin` did. */
export type BootstrapResult =
  | { created: false }
  | { created: true; email: string; source: "env" | "demo"; password?: string };

/** The e-mail of the development demo admin when ADMIN_EMAIL is not set. */
export const DEMO_ADMIN_EMAIL = "admin@example.com";

/** The options `ensureFirstAdmin` reads from the environment (overridable in tests). */
export type BootstrapOptions = {
  adminEmail?: string;
  adminPassword?: string;
  production?: boolean;
};

/**
 * Creates the first super admin when no admin exists. Throws in production when there is no admin
 * and ADMIN_EMAIL/ADMIN_PASSWORD are not both set, and whenever ADMIN_PASSWORD breaks the staff
 * password rule (`passwordProblem`: nothing is created). Returns what it did; in the demo case the
 * generated password (already logged once).
 */
export async function ensureFirstAdmin(options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const adminEmail = "adminEmail" in options ? options.adminEmail : env.ADMIN_EMAIL;
  const adminPassword = "adminPassword" in options ? options.adminPassword : env.ADMIN_PASSWORD;
  const production = options.production ?? isPublicProduction;

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ n: count() }).from(adminUsers);
    if (Number(existing?.n ?? 0) > 0) return { created: false } as const;

    if (adminEmail && adminPassword) {
      const created = await createStaffAccount(tx, {
        email: adminEmail,
        name: "Administrator",
        role: "super_admin",
        password: adminPassword,
      }).catch((error: unknown) => {
        if (error instanceof StaffError && error.code === "weak_password") {
          throw new Error(`ADMIN_PASSWORD is refused by the staff password rule: ${error.message} Choose another, then start again.`);
        }
        throw error;
      });
      await recordAudit(tx, {
        actor: null,
        action: "user.bootstrapped",
        entityType: "admin_user",
        entityId: created.adminId,
        details: { email: adminEmail.toLowerCase(), role: "super_admin", source: "env" },
      });
      return { created: true, email: adminEmail.toLowerCase(), source: "env" } as const;
    }

    if (production) {
      const missing = [adminEmail ? null : "ADMIN_EMAIL", adminPassword ? null : "ADMIN_PASSWORD"].filter((m) => m !== null);
      throw new Error(
        `No admin account exists and ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not set. Set both (the password at least 12 characters) for the first start, or create one with \`npm run admin:create\`.`,
      );
    }

    const email = (adminEmail ?? DEMO_ADMIN_EMAIL).toLowerCase();
    const password = randomBytes(12).toString("base64url");
    const created = await createStaffAccount(tx, { email, name: "Demo Admin", role: "super_admin", password });
    await recordAudit(tx, {
      actor: null,
      action: "user.bootstrapped",
      entityType: "admin_user",
      entityId: created.adminId,
      details: { email, role: "super_admin", source: "demo" },
    });
    return { created: true, email, source: "demo", password } as const;
  });

  if (result.created && result.source === "env") {
    logger.info({ email: result.email }, "created the first super admin from ADMIN_EMAIL");
  }
  if (result.created && result.source === "demo") {
    logger.warn(
      { email: result.email, password: result.password },
      `Demo super admin created. Sign in at /admin/login as ${result.email} with password ${result.password} (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own).`,
    );
  }
  return result;
}
