import { useActionData } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { createAction } from "~/features/cms/actions.server";
import { useActionToast } from "~/features/cms/components/use-cms-toasts";
import { ProjectForm } from "~/features/projects/components/project-form";
import { PROJECT_KIND } from "~/features/projects/kind";
import { pageMeta } from "~/features/seo/meta";
import { env } from "~/utils/env.server";
import type { Route } from "./+types/project-create";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Add Project", path: "/admin/cms/projects/create", noIndex: true });

/** The create form; every staff role. Year defaults to the current year. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  return { publicOrigin: new URL(env.PUBLIC_URL).origin, year: String(new Date().getFullYear()) };
}

/** Save Draft / Publish / Schedule: creates the project and opens its edit screen; 400 with field errors. */
export async function action({ request }: Route.ActionArgs) {
  return createAction(PROJECT_KIND, request);
}

export default function ProjectCreatePage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useActionToast(result);
  return (
    <>
      <AdminPageHeader title="Add Project" description="A new case study for Our Work." />
      <ProjectForm mode="create" defaults={{ year: loaderData.year }} errors={result && !result.ok ? result.errors : undefined} publicOrigin={loaderData.publicOrigin} />
    </>
  );
}
