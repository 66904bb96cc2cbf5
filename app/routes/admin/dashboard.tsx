import { getDashboardData, getSidebarCounts } from "~/features/admin/admin.server";
import { QuickActions, RecentEnquiries, ServiceDistribution, StatCards } from "~/features/admin/components/dashboard";
import { AdminPageHeader } from "~/features/admin/components/page-header";
import { MANAGER_ROLES, requireAdmin, roleAllows } from "~/features/auth/guard.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Dashboard", path: "/admin/dashboard", noIndex: true });

/**
 * Spec "Dashboard": every staff role. Editors may not see enquiries, so they get counts only and
 * no enquiry personal data (issue 9 item 7).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const isManager = roleAllows(session.admin.role, MANAGER_ROLES);
  const [dashboard, counts] = await Promise.all([
    getDashboardData({ includeRecent: isManager }),
    isManager ? getSidebarCounts() : Promise.resolve(null),
  ]);
  return { ...dashboard, counts, isManager };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, recent, distribution, counts, isManager } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Today's enquiries and content at a glance." />
      <div className="space-y-6">
        <StatCards stats={stats} />
        {recent ? (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentEnquiries recent={recent} />
            </div>
            <div className="min-w-0 space-y-6">
              <ServiceDistribution distribution={distribution} />
              <QuickActions showManagement={isManager} counts={counts} />
            </div>
          </div>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
            <ServiceDistribution distribution={distribution} />
            <QuickActions showManagement={isManager} counts={counts} />
          </div>
        )}
      </div>
    </>
  );
}
