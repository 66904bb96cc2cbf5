/**
 * The check every admin loader and action makes itself (`docs/design.md` section 7): a signed-in
 * user with an ACTIVE `admin_users` row, whose role may use the area, and, for changes, a request
 * from our own origin.
 *
 * Roles: `super_admin` everything; `admin` everything but Users and Settings;
 * `editor` the dashboard and the CMS.
 *
 * "Require two-factor for all staff": while it is on, a member without two-factor
 * reaches only Your account (`TWO_FACTOR_ENROL_PATH`), where they enrol; every other portal
 * loader redirects there and every other action answers 403.
 */
import { and, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "~/db/client.server";
import { adminUsers, siteSettings } from "~/db/schema";
import type { AuditActor } from "~/features/audit/audit.server";
import { env } from "~/utils/env.server";
import { getAuthSession } from "./auth.server";
import { type AdminRole, STAFF_ROLES } from "./roles";


/** The signed-in member of staff: the better-auth user and their admin_users row. */
export type AdminSession = {
  user: { id: string; email: string; name: string; twoFactorEnabled: boolean };
  admin: { id: string; name: string; email: string; role: AdminRole; avatarUrl: string | null };
  /** The better-auth session's id (Your account > Sessions marks it "this browser"). */
  sessionId: string;
  /** Whether two-factor is required of all staff and this member has not set it up yet. */
  mustEnrolTwoFactor: boolean;
};

/** Where a member who must set up two-factor is sent, and the only portal page they may use. */
export const TWO_FACTOR_ENROL_PATH = "/admin/account";

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
      requireTwoFactor: sql<boolean>`coalesce((select ${siteSettings.requireTwoFactor} from ${siteSettings} where ${siteSettings.id} = 1), false)`,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, found.user.id), eq(adminUsers.isActive, true)));
  if (!row) return null;
  const { requireTwoFactor, ...admin } = row;
  const twoFactorEnabled = Boolean((found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  return {
    user: { id: found.user.id, email: found.user.email, name: found.user.name, twoFactorEnabled },
    admin,
    sessionId: found.session.id,
    mustEnrolTwoFactor: Boolean(requireTwoFactor) && !twoFactorEnabled,
  };
}

/**
 * Requires a signed-in, active admin whose role is in `roles` (default: every staff role).
 *
 * Throws (for React Router to send):
 * - a redirect to `/admin/login?redirectTo=...` without a session or without an active admin row;
 * - `data("Forbidden", { status: 403 })` for a non-GET/HEAD request with a foreign `Origin`,
 *   or a role not in `roles`;
 * - while two-factor is required and the member has none (`mustEnrolTwoFactor`), outside
 *   `TWO_FACTOR_ENROL_PATH`: a redirect there for GET/HEAD, `data(..., { status: 403 })` otherwise.
 *   Your account's own action checks `mustEnrolTwoFactor` to allow only enrolling and signing out.
 */
export async function requireAdmin(request: Request, roles: readonly AdminRole[] = STAFF_ROLES): Promise<AdminSession> {
  const method = request.method.toUpperCase();
  const read = method === "GET" || method === "HEAD";
  if (!read && hasForeignOrigin(request)) {
    throw data("Forbidden", { status: 403 });
  }
  const session = await getAdminSession(request);
  if (!session) throw loginRedirect(request);
  if (session.mustEnrolTwoFactor && new URL(request.url).pathname !== TWO_FACTOR_ENROL_PATH) {
    if (read) throw redirect(`${TWO_FACTOR_ENROL_PATH}#two-factor`);
    throw data("Set up two-factor authentication in Your account first.", { status: 403 });
  }
  if (!roles.includes(session.admin.role)) throw data("Forbidden", { status: 403 });
  return session;
}

/** The audit-log actor for a signed-in admin. */
export function auditActor(session: AdminSession): AuditActor {
  return { userId: session.user.id, email: session.admin.email };
}
