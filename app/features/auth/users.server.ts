/**
 * Staff management for super admins (`docs/design.md` section 6): list, add (a set-password link
 * goes out by mail), change a role, deactivate (their sessions end), reactivate. The last active
 * super admin can be neither demoted nor deactivated, and nobody can deactivate or demote
 * themselves. Every change is written to the audit log in the same transaction.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { adminUsers, session } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { logger } from "~/utils/logger.server";
import { createStaffAccount, StaffError } from "./accounts.server";
import { requestSetPasswordLink } from "./auth.server";
import { deleteResetLinks } from "./verification-tokens.server";
import type { AdminRole } from "./roles";
import type { InviteStaffInput } from "./schema";


/** One member of staff as the Users screen lists them. `createdAt` is an ISO 8601 instant. */
export type StaffMember = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: AdminRole;
  isActive: boolean;
  /** False until they have used their set-password link. */
  passwordSet: boolean;
  /** Whether they sign in with an authenticator code too. */
  twoFactorEnabled: boolean;
  createdAt: string;
};

/** Every member of staff: active first, then by name. */
export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: adminUsers.id,
      userId: adminUsers.userId,
      name: adminUsers.name,
      email: adminUsers.email,
      role: adminUsers.role,
      isActive: adminUsers.isActive,
      createdAt: adminUsers.createdAt,
      // Qualified by hand: Drizzle drops table names in a single-table select.
      passwordSet: sql<boolean>`exists (select 1 from "account" a where a.user_id = "admin_users"."user_id" and a.password is not null)`,
      twoFactorEnabled: sql<boolean>`coalesce((select u.two_factor_enabled from "user" u where u.id = "admin_users"."user_id"), false)`,
    })
    .from(adminUsers)
    .orderBy(sql`${adminUsers.isActive} desc`, asc(adminUsers.name));
  return rows.map((r) => ({
    ...r,
    passwordSet: Boolean(r.passwordSet),
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Adds a member of staff without a password and mails them a set-password link.
 * Throws StaffError "email_taken" when the address already has an account.
 */
export async function inviteStaff(actor: AuditActor, input: InviteStaffInput): Promise<{ adminId: string }> {
  const created = await db.transaction(async (tx) => {
    const ids = await createStaffAccount(tx, { email: input.email, name: input.name, role: input.role });
    await recordAudit(tx, {
      actor,
      action: "user.invited",
      entityType: "admin_user",
      entityId: ids.adminId,
      details: { email: input.email.toLowerCase(), name: input.name, role: input.role },
    });
    return ids;
  });
  // better-auth writes its token with its own connection, so after the commit.
  await requestSetPasswordLink(input.email.toLowerCase());
  return { adminId: created.adminId };
}

/** Sends a new set-password link (lost invitation or forgotten password); audited. */
export async function resendSetPasswordLink(actor: AuditActor, adminId: string): Promise<void> {
  const [target] = await db.select().from(adminUsers).where(eq(adminUsers.id, adminId));
  if (!target) throw new StaffError("not_found", "This member of staff no longer exists.");
  if (!target.isActive) throw new StaffError("not_found", "Reactivate this account before sending a link.");
  await requestSetPasswordLink(target.email);
  await recordAudit(db, {
    actor,
    action: "user.password_link_sent",
    entityType: "admin_user",
    entityId: target.id,
    details: { email: target.email },
  });
}

/** Locks the target row and every active super admin row; returns the target and how many super admins are active. */
async function lockForChange(tx: Transaction, adminId: string) {
  const supers = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "super_admin"), eq(adminUsers.isActive, true)))
    .orderBy(asc(adminUsers.id))
    .for("update");
  const [target] = await tx.select().from(adminUsers).where(eq(adminUsers.id, adminId)).for("update");
  if (!target) throw new StaffError("not_found", "This member of staff no longer exists.");
  return { target, activeSuperAdmins: supers.length };
}

/**
 * Changes a member's role. Throws StaffError "last_super_admin" when it would leave no active
 * super admin, "self" when super admins try to demote themselves, "not_found".
 */
export async function changeStaffRole(actor: AuditActor, adminId: string, role: AdminRole): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, activeSuperAdmins } = await lockForChange(tx, adminId);
    if (target.role === role) return;
    if (target.role === "super_admin" && target.isActive && activeSuperAdmins <= 1) {
      throw new StaffError("last_super_admin", "The last super admin cannot be given another role. Make someone else a super admin first.");
    }
    if (actor && target.userId === actor.userId) {
      throw new StaffError("self", "You cannot change your own role. Ask another super admin.");
    }
    await tx.update(adminUsers).set({ role, updatedAt: new Date() }).where(eq(adminUsers.id, adminId));
    await recordAudit(tx, {
      actor,
      action: "user.role_changed",
      entityType: "admin_user",
      entityId: adminId,
      details: { email: target.email, from: target.role, to: role },
    });
  });
}

/**
 * Deactivates a member: they can no longer sign in, every session they have ends now and every
 * set-password link they were sent stops working.
 * Throws StaffError "last_super_admin", "self" or "not_found".
 */
export async function deactivateStaff(actor: AuditActor, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { target, activeSuperAdmins } = await lockForChange(tx, adminId);
    if (!target.isActive) return;
    if (target.role === "super_admin" && activeSuperAdmins <= 1) {
      throw new StaffError("last_super_admin", "The last super admin cannot be deactivated.");
    }
    if (actor && target.userId === actor.userId) {
      throw new StaffError("self", "You cannot deactivate your own account.");
    }
    await tx.update(adminUsers).set({ isActive: false, updatedAt: new Date() }).where(eq(adminUsers.id, adminId));
    const ended = await tx.delete(session).where(eq(session.userId, target.userId)).returning({ id: session.id });
    // Nor can an invitation or reset link sent before bring them back in.
    await deleteResetLinks(tx, target.userId);
    await recordAudit(tx, {
      actor,
      action: "user.deactivated",
      entityType: "admin_user",
      entityId: adminId,
      details: { email: target.email, role: target.role, sessionsEnded: ended.length },
    });
  });
  logger.info({ adminId }, "staff member deactivated");
}

/** Lets a deactivated member sign in again (with their old password). Throws StaffError "not_found". */
export async function reactivateStaff(actor: AuditActor, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { target } = await lockForChange(tx, adminId);
    if (target.isActive) return;
    await tx.update(adminUsers).set({ isActive: true, updatedAt: new Date() }).where(eq(adminUsers.id, adminId));
    await recordAudit(tx, {
      actor,
      action: "user.reactivated",
      entityType: "admin_user",
      entityId: adminId,
      details: { email: target.email, role: target.role },
    });
  });
}
