/**
 * The check every admin loader and action makes itself (`shared/DESIGN.md` section 7,
 * `shared/spec/booking-and-admin.md` section 6): a signed-in user with an ACTIVE `admin_users` row,
 * whose role may use the area, and, for changes, a request from our own origin.
 *
 * Roles (issue 4): `super_admin` everything; `admin` everything but Users and Settings;
 * `editor` the dashboard and the CMS.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { env } from "~/utils/env.server";
import { getAuthSession } from "./auth.server";
import { type AdminRole, STAFF_ROLES } from "./roles";

export { MANAGER_ROLES, STAFF_ROLES, SUPER_ADMIN_ONLY, roleAllows, roleLabel, type AdminRole } from "./roles";

/** The signed-in member of staff: the better-auth user and their admin_users row. */
export type AdminSession = {
  user: { id: string; email: string; name: string };
  admin: { id: string; name: string; email: string; role: AdminRole; avatarUrl: string | null };
};

const publicOrigin = new URL(env.PUBLIC_URL).origin;

/** Whether a request's Origin header names another site. A missing Origin is not foreign. */
export function hasForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  return origin !== publicOrigin && origin !== new URL(request.url).origin;
}

/** The login URL that brings the person back to where they were going. */
function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname.startsWith("/admin") && url.pathname !== "/admin/login" ? `${url.pathname}${url.search}` : "";
  const search = back && back !== "/admin" && back !== "/admin/" ? `?redirectTo=${encodeURIComponent(back)}` : "";
  return redirect(`/admin/login${search}`);
}

/**
 * The signed-in admin for a request, or null when there is no session or no active admin row.
 * Does not check roles or origin; use `requireAdmin` in loaders and actions.
 */
export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  const found = await getAuthSession(request);
  if (!found) return null;
  const [row] = await db
    .select({
      id: adminUsers.id,
      name: adminUsers.name,
      email: adminUsers.email,
      role: adminUsers.role,
      avatarUrl: adminUsers.avatarUrl,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, found.user.id), eq(adminUsers.isActive, true)));
  if (!row) return null;
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name },
    admin: row,
  };
}

/**
 * Requires a signed-in, active admin whose role is in `roles` (default: every staff role).
 *
 * Throws (for React Router to send):
 * - a redirect to `/admin/login?redirectTo=...` without a session or without an active admin row;
 * - `data("Forbidden", { status: 403 })` for a non-GET/HEAD request with a foreign `Origin`,
 *   or a role not in `roles`.
 */
export async function requireAdmin(request: Request, roles: readonly AdminRole[] = STAFF_ROLES): Promise<AdminSession> {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD" && hasForeignOrigin(request)) {
    throw data("Forbidden", { status: 403 });
  }
  const session = await getAdminSession(request);
  if (!session) throw loginRedirect(request);
  if (!roles.includes(session.admin.role)) throw data("Forbidden", { status: 403 });
  return session;
}

/** The audit-log actor for a signed-in admin. */
export function auditActor(session: AdminSession): AuditActor {
  return { userId: session.user.id, email: session.admin.email };
}
