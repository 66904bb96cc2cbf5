import { useActionData } from "react-router";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { listAction } from "~/features/cms/actions.server";
import { useActionToast, useFlagToast, useLoadErrorToast } from "~/features/cms/components/use-cms-toasts";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { listAdminInsights } from "~/features/insights/admin.server";
import { InsightsAdminList } from "~/features/insights/components/insights-admin-list";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Blog & Insights Management", path: "/admin/cms/blog", noIndex: true });

/**
 * The admin blog list: one page of posts for the search and
 * status filter in the URL (`?q=&status=published|scheduled|draft|archived&page=`) and the stat
 * cards. Every staff role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  const filters = INSIGHT_KIND.parseFilters(new URL(request.url).searchParams);
  return { filters, ...(await listAdminInsights(filters)) };
}

/** Row actions: `intent` delete | archive | restore with `id` (see `listAction`). */
export async function action({ request }: Route.ActionArgs) {
  return listAction(INSIGHT_KIND, request);
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useActionToast(result);
  useFlagToast("deleted", INSIGHT_KIND.flags.deleted);
  useLoadErrorToast(INSIGHT_KIND);
  const { items, stats, filters, total, pageCount } = loaderData;
  return <InsightsAdminList items={items} stats={stats} filters={filters} total={total} pageCount={pageCount} />;
}
