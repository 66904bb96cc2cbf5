import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { RedirectsScreen } from "~/features/redirects/components/redirects-screen";
import { listNotFound } from "~/features/redirects/not-found.server";
import { createRedirect, deleteRedirect, importRedirectsCsv, listRedirects } from "~/features/redirects/redirects.server";
import { RedirectSchema, type RedirectsReply } from "~/features/redirects/schema";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, refusedFields, submittedValues } from "~/utils/forms";
import type { Route } from "./+types/redirects";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Redirects", path: "/admin/site/redirects", noIndex: true });

/** Admins and super admins: the redirects, the 404 log, and `?from=` (a 404 address chosen to redirect). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const [redirects, notFound] = await Promise.all([listRedirects(), listNotFound()]);
  const from = new URL(request.url).searchParams.get("from");
  return { redirects, notFound, from: from && from.length <= 500 ? from : null };
}

/**
 * `intent=create` (`source`, `target`, `statusCode`): adds a redirect, or 400 with the reason
 * (a loop, a live page hidden, a repeat). `intent=delete` (`id`): removes one (404 when gone).
 * `intent=import` (`file`, a CSV file): adds or replaces every line, or 400 listing each refused
 * line, nothing stored.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "create") {
    const submission = parseSubmission(RedirectSchema, form, { message: "Redirect not added: check the highlighted fields." });
    if (!submission.ok) return refuseInvalid<RedirectsReply>(submission, { intent });
    const created = await createRedirect(auditActor(session), submission.values);
    if (!created.ok) return refuseInvalid<RedirectsReply>(refusedFields(created.errors, submittedValues(form), "Redirect not added: check the highlighted fields."), { intent });
    return accept<RedirectsReply>({ intent, message: "Redirect added" });
  }
  if (intent === "delete") {
    const removed = await deleteRedirect(auditActor(session), String(form.get("id") ?? ""));
    return removed ? accept<RedirectsReply>({ intent, message: "Redirect removed" }) : refuse<RedirectsReply>(404, { intent, message: "That redirect no longer exists." });
  }
  if (intent === "import") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return refuse<RedirectsReply>(400, { intent, message: "Choose a CSV file to import." });
    const result = await importRedirectsCsv(auditActor(session), await file.text());
    if (!result.ok) return refuse<RedirectsReply>(400, { intent, message: result.message, problems: result.problems });
    return accept<RedirectsReply>({ intent, message: `Imported: ${result.created} added, ${result.updated} updated.` });
  }
  return refuse<RedirectsReply>(400, { message: "Unknown action." });
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  return <RedirectsScreen redirects={loaderData.redirects} notFound={loaderData.notFound} from={loaderData.from} reply={actionData} />;
}
