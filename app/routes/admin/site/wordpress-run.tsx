import { data } from "react-router";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { pageMeta } from "~/features/seo/meta";
import { ImportRunScreen, type ImportReply } from "~/features/wordpress/components/import-screens";
import { discardRun, getRun, mappingFromForm, staffChoices, startRun } from "~/features/wordpress/runs.server";
import { readFormData } from "~/utils/form-data.server";
import { accept, refuse } from "~/utils/forms";
import type { Route } from "./+types/wordpress-run";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Import from WordPress", path: `/admin/site/wordpress/${args.params.id}`, noIndex: true });

/** Admins and super admins: one import, its dry run, progress or result (404 when there is none). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const run = await getRun(params.id);
  if (!run) throw data("No such import.", { status: 404 });
  return { run, staff: run.status === "planned" ? await staffChoices() : [] };
}

/** The largest form this page takes (the mapping of a few thousand categories). */
const MAX_FORM_BYTES = 256 * 1024;

/**
 * `intent=apply` with the mapping (`defaultCategory`, `category:<slug>`, `author:<login>`): the job
 * applies the run; 400 for a value the form does not offer, 409 when the run is not waiting to be
 * applied. `intent=discard`: the run and its file are dropped (409 when not waiting).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  if (Number(request.headers.get("content-length")) > MAX_FORM_BYTES) return refuse<ImportReply>(413, { message: "This form is too large." });
  const run = await getRun(params.id);
  if (!run) throw data("No such import.", { status: 404 });
  const form = await readFormData(request);
  const intent = form.get("intent");
  const notWaiting = refuse<ImportReply>(409, { message: "This import is no longer waiting to be applied." });
  if (intent === "apply") {
    const mapping = await mappingFromForm(run.plan, form);
    if (!mapping.ok) return refuse<ImportReply>(400, { message: mapping.message });
    return (await startRun(auditActor(session), run.id, mapping.mapping)) ? accept<ImportReply>({ message: "Import started" }) : notWaiting;
  }
  if (intent === "discard") return (await discardRun(auditActor(session), run.id)) ? accept<ImportReply>({ message: "Import discarded" }) : notWaiting;
  return refuse<ImportReply>(400, { message: "Unknown action." });
}

export default function WordpressImportRun({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportRunScreen run={loaderData.run} staff={loaderData.staff} reply={actionData} />;
}
