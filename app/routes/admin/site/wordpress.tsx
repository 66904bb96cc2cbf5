import { redirect } from "react-router";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { cmsActor } from "~/features/cms/actions.server";
import { pageMeta } from "~/features/seo/meta";
import { ImportUploadScreen, type ImportReply } from "~/features/wordpress/components/import-screens";
import { listRuns, uploadExport } from "~/features/wordpress/runs.server";
import { refuse } from "~/utils/forms";
import type { Route } from "./+types/wordpress";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Import from WordPress", path: "/admin/site/wordpress", noIndex: true });

/** Admins and super admins: the upload form and the latest imports. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return { runs: await listRuns() };
}

/**
 * A WordPress export (multipart/form-data, `file`, at most 100 MB, streamed to disk): its dry run
 * is made and the run's page opened; or 413 (too large), 415 (not an upload) or 400 (no file, not
 * a readable WordPress export) with the reason, nothing kept.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const result = await uploadExport(cmsActor(session), request);
  if (!result.ok) return refuse<ImportReply>(result.status, { message: result.message });
  return redirect(`/admin/site/wordpress/${result.id}`);
}

export default function WordpressImport({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportUploadScreen runs={loaderData.runs} reply={actionData} />;
}
