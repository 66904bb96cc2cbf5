import { data, redirect } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { getEnquiry } from "~/features/enquiries/admin.server";
import { ReplyInputSchema } from "~/features/enquiries/conversation-schema";
import { assignEnquiry } from "~/features/enquiries/assignment.server";
import { addNote, getConversationView, sendReply } from "~/features/enquiries/conversation.server";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, type ActionReply } from "~/utils/forms";
import type { Route } from "./+types/enquiry-conversation";

/** What the composer's post answers; `intent` is "reply" or "note". */
export type ConversationReply = ActionReply<{ id: string }>;

const IdSchema = z.uuid();

/**
 * The enquiry's conversation as data (the detail panel loads it): the timeline oldest first, what
 * the composer needs (whether a reply was sent yet, the current status, the saved replies filled
 * for this visitor) and the owner with who may own it. Managers only; 404 for an unknown enquiry.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const id = IdSchema.safeParse(params.id);
  const enquiry = id.success ? await getEnquiry(id.data) : null;
  if (!enquiry) throw data("Not found", { status: 404 });
  return getConversationView(enquiry);
}

const ComposerSchema = ReplyInputSchema.extend({ intent: z.enum(["reply", "note"], { error: "Unknown action." }) });

/**
 * Posts a reply (`intent=reply`: e-mailed to the visitor, status set) or an internal note
 * (`intent=note`) with `body` and, for a reply, `status`; or assigns the enquiry (`intent=assign`,
 * `owner` a staff user id, blank for nobody). Answers 400 for invalid input, 404 for an
 * enquiry that no longer exists, 409 when the enquiry cannot be answered (spam, erased). A form
 * posted without JavaScript (`returnTo` set) is sent back to the enquiry.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return refuse<ConversationReply>(404, { message: "This enquiry no longer exists." });
  const form = await readFormData(request);
  if (form.get("intent") === "assign") {
    const owner = String(form.get("owner") ?? "").trim() || null;
    const outcome = await assignEnquiry({ userId: session.user.id, email: session.admin.email }, id.data, owner);
    if (outcome === "not_found") return refuse<ConversationReply>(404, { intent: "assign", message: "This enquiry no longer exists." });
    if (outcome === "not_staff") return refuse<ConversationReply>(400, { intent: "assign", message: "Choose someone from the list." });
    if (form.get("returnTo") === "enquiry") throw redirect(`/admin/enquiries?id=${id.data}`);
    return accept<ConversationReply>({ intent: "assign", id: id.data, message: owner ? "Owner changed" : "Enquiry unassigned" });
  }
  const submission = { ...parseSubmission(ComposerSchema, form), form };
  if (!submission.ok) return refuseInvalid<ConversationReply>(submission);
  const { intent, body, status } = submission.values;
  const actor = { userId: session.user.id, name: session.admin.name, email: session.admin.email };
  const result = intent === "reply" ? await sendReply(actor, id.data, { body, status }) : await addNote(actor, id.data, body);
  if (!result.ok) {
    if (result.error === "not_found") return refuse<ConversationReply>(404, { intent, message: "This enquiry no longer exists." });
    return refuse<ConversationReply>(409, {
      intent,
      message: result.error === "spam" ? "Move this enquiry out of spam before replying." : "This person's details were erased, so there is no one to reply to.",
    });
  }
  if (submission.form.get("returnTo") === "enquiry") throw redirect(`/admin/enquiries?id=${id.data}`);
  return accept<ConversationReply>({ intent, id: result.messageId, message: intent === "reply" ? "Reply sent" : "Note added" });
}
