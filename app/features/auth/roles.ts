/**
 * Staff roles and which areas each may use (issue 4 "Sign-in and roles"). Safe for the browser:
 * the layout hides links a role cannot use; the server check is `requireAdmin` in guard.server.ts.
 *
 * `super_admin` everything; `admin` everything but Users and Settings; `editor` the dashboard and the CMS.
 */
import type { ADMIN_ROLES } from "~/utils/domain";

export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every staff role: the dashboard and the CMS. */
export const STAFF_ROLES = ["super_admin", "admin", "editor"] as const satisfies readonly AdminRole[];
/** Enquiries, consultations and availability. */
export const MANAGER_ROLES = ["super_admin", "admin"] as const satisfies readonly AdminRole[];
/** Users and Settings. */
export const SUPER_ADMIN_ONLY = ["super_admin"] as const satisfies readonly AdminRole[];

/** Whether a role may use an area guarded by `roles`. */
export function roleAllows(role: AdminRole, roles: readonly AdminRole[]): boolean {
  return roles.includes(role);
}

/** A role as people read it: underscores shown as spaces ("super admin"). */
export function roleLabel(role: string): string {
  return role.replace(/_/g, " ");
}
