import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminErrorPanel } from "~/features/admin/components/admin-error";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { getSidebarCounts } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows } from "~/features/auth/roles";
import { getSiteSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/layout";
import { privateHydrateHandle } from "~/utils/page-mode";

/** Hydrated (ADR "Content pages without React"), and never shown to analytics. */
export const handle = privateHydrateHandle;

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

/** A page's error (403 for a role without access, 404, failures) inside the portal shell when possible. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const panel = <AdminErrorPanel status={status} />;
  if (!layout) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-muted/60 px-4">
        <meta name="robots" content="noindex, nofollow" />
        {panel}
      </main>
    );
  }
  return (
    <AdminShell admin={layout.admin} companyName={layout.companyName} counts={layout.counts}>
      <meta name="robots" content="noindex, nofollow" />
      {panel}
    </AdminShell>
  );
}
