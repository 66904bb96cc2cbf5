import { Outlet } from "react-router";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { getSidebarCounts } from "~/features/admin/admin.server";
import { MANAGER_ROLES, requireAdmin, roleAllows } from "~/features/auth/guard.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/layout";

/** The signed-in admin and the live sidebar badges; redirects to /admin/login without an admin. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const [counts, settings] = await Promise.all([
    roleAllows(session.admin.role, MANAGER_ROLES) ? getSidebarCounts() : Promise.resolve(null),
    getSiteSettings(),
  ]);
  return {
    admin: { id: session.admin.id, name: session.admin.name, email: session.admin.email, role: session.admin.role },
    companyName: settings.companyName,
    counts,
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell admin={loaderData.admin} companyName={loaderData.companyName} counts={loaderData.counts}>
      {/* React hoists this into <head>: no admin page is indexed, whatever its own meta says. */}
      <meta name="robots" content="noindex, nofollow" />
      <Outlet />
    </AdminShell>
  );
}
