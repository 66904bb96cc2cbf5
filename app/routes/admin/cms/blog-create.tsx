import { useActionData } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { createAction } from "~/features/cms/actions.server";
import { useActionToast } from "~/features/cms/components/use-cms-toasts";
import { parseInsightFormWithLibrary } from "~/features/insights/admin.server";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { InsightForm } from "~/features/insights/components/insight-form";
import { pageMeta } from "~/features/seo/meta";
import { env } from "~/utils/env.server";
import type { Route } from "./+types/blog-create";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "New Blog Post", path: "/admin/cms/blog/create", noIndex: true });

/** The create form; every staff role. Category defaults to Industry Analysis. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  return { publicOrigin: new URL(env.PUBLIC_URL).origin };
}

/** Save Draft / Publish / Schedule: creates the post and opens its edit screen; 400 with field errors. */
export async function action({ request }: Route.ActionArgs) {
  return createAction(INSIGHT_KIND, request, parseInsightFormWithLibrary);
}

export default function BlogCreatePage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useActionToast(result);
  return (
    <>
      <AdminPageHeader title="New Blog Post" description="A new insight or article." />
      <InsightForm mode="create" defaults={{}} errors={result && !result.ok ? result.errors : undefined} publicOrigin={loaderData.publicOrigin} />
    </>
  );
}
