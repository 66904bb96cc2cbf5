import { useActionData } from "react-router";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { listAction } from "~/features/cms/actions.server";
import { useActionToast, useFlagToast, useLoadErrorToast } from "~/features/cms/components/use-cms-toasts";
import { listAdminProjects } from "~/features/projects/admin.server";
import { PROJECT_KIND } from "~/features/projects/kind";
import { ProjectsAdminList } from "~/features/projects/components/projects-admin-list";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Our Work - Project Portfolio", path: "/admin/cms/projects", noIndex: true });

/**
 * The admin projects list: one page of cards for the
 * display-status filter in the URL (`?status=published|scheduled|draft|archived&page=`) and the
 * count of each filter. Every staff role.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  const filters = PROJECT_KIND.parseFilters(new URL(request.url).searchParams);
  return { filter: filters.status, ...(await listAdminProjects(filters)) };
}

/** Row actions: `intent` delete | archive | restore with `id` (see `listAction`). */
export async function action({ request }: Route.ActionArgs) {
  return listAction(PROJECT_KIND, request);
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useActionToast(result);
  useFlagToast("deleted", PROJECT_KIND.flags.deleted);
  useLoadErrorToast(PROJECT_KIND);
  return <ProjectsAdminList items={loaderData.items} counts={loaderData.counts} filter={loaderData.filter} page={loaderData.page} pageCount={loaderData.pageCount} />;
}
