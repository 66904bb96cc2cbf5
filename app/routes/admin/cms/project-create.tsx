import { CmsPlaceholder } from "~/features/admin/components/cms-placeholder";
import { requireAdmin, STAFF_ROLES } from "~/features/auth/guard.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/project-create";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Add Project", path: "/admin/cms/projects/create", noIndex: true });

/** Placeholder until the CMS issue; every staff role. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  return null;
}

export default function Page() {
  return <CmsPlaceholder title="Add Project" description="A new case study for Our Work." />;
}
