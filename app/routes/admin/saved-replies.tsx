import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { SavedRepliesScreen, type SavedRepliesReply } from "~/features/enquiries/components/saved-replies-screen";
import { createSavedReply, deleteSavedReply, listSavedReplies, SavedReplySchema, updateSavedReply } from "~/features/enquiries/saved-replies.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";
import type { Route } from "./+types/saved-replies";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Saved replies", path: "/admin/enquiries/saved-replies", noIndex: true });

/** Managers only, as the enquiries. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return { replies: await listSavedReplies() };
}

/** `intent` create, update or delete, with `id` (a uuid, or "new"), `title` and `body`. 400 invalid, 404 gone. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const actor = auditActor(session);
  const form = await readFormData(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "new");
  const uuid = z.uuid().safeParse(id);
  if (intent === "delete") {
    if (!uuid.success || !(await deleteSavedReply(actor, uuid.data))) return refuse<SavedRepliesReply>(404, { id, message: "This saved reply no longer exists." });
    return accept<SavedRepliesReply>({ message: "Saved reply deleted" });
  }
  const submission = parseSubmission(SavedReplySchema, form);
  if (!submission.ok) return refuseInvalid<SavedRepliesReply>(submission, { id });
  if (intent === "update") {
    if (!uuid.success || !(await updateSavedReply(actor, uuid.data, submission.values))) return refuse<SavedRepliesReply>(404, { id, message: "This saved reply no longer exists." });
    return accept<SavedRepliesReply>({ message: "Saved reply updated" });
  }
  await createSavedReply(actor, submission.values);
  return accept<SavedRepliesReply>({ message: "Saved reply added" });
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedRepliesScreen replies={loaderData.replies} reply={actionData} />;
}
