import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import {
  EnquiryActionSchema,
  type EnquiryActionResult,
  enquiryLabel,
  EnquiryUpdateSchema,
  parseEnquiryFilters,
} from "~/features/enquiries/admin-schema";
import {
  countSpamEnquiries,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  markNotSpam,
  updateEnquiry,
} from "~/features/enquiries/admin.server";
import { EnquiriesScreen } from "~/features/enquiries/components/enquiries-screen";
import { getConversationView } from "~/features/enquiries/conversation.server";
import { ENQUIRY_TYPES } from "~/features/enquiries/schema";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/enquiries";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Contact Enquiries", path: "/admin/enquiries", noIndex: true });

/**
 * Enquiries management: one page of
 * enquiries for the filters in the URL (`?q=&status=&priority=&owner=&view=spam&page=`; `status=overdue`
 * for the enquiries past the 24-hour promise), each flagged overdue or not, the number of
 * spam submissions, and the enquiry named by `?id=` with its conversation (the detail panel
 * without JavaScript).
 * Managers only (super_admin, admin).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const url = new URL(request.url);
  const filters = parseEnquiryFilters(url.searchParams);
  const selectedId = z.uuid().safeParse(url.searchParams.get("id"));
  const now = new Date();
  const [page, spamCount, selected] = await Promise.all([
    listEnquiries({ ...filters, viewerUserId: session.user.id }, now),
    countSpamEnquiries(),
    selectedId.success ? getEnquiry(selectedId.data, now) : Promise.resolve(null),
  ]);
  const conversation = selected ? await getConversationView(selected) : null;
  return { filters, page, spamCount, selected, conversation, enquiryTypes: [...ENQUIRY_TYPES] };
}

/**
 * Row actions, posted as form data with `intent` and `id`:
 * - `update`: any of `status`, `priority`, `projectType`, `internalNotes`;
 * - `delete`;
 * - `not-spam`: moves a spam submission into the enquiries.
 * Answers 400 for invalid input, 404 for an enquiry that no longer exists. Audited.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const form = await readFormData(request);
  const envelope = parseSubmission(EnquiryActionSchema, { intent: form.get("intent"), id: form.get("id") });
  if (!envelope.ok) return refuse<EnquiryActionResult>(400, { message: envelope.message });
  const { intent, id } = envelope.values;
  const actor = auditActor(session);
  const gone = () => refuse<EnquiryActionResult>(404, { intent, id, message: "This enquiry no longer exists." });

  if (intent === "update") {
    const fields: Record<string, unknown> = {};
    for (const key of ["status", "priority", "projectType", "internalNotes"] as const) {
      if (form.has(key)) fields[key] = form.get(key);
    }
    const parsed = parseSubmission(EnquiryUpdateSchema, fields);
    if (!parsed.ok) return refuseInvalid<EnquiryActionResult>(parsed, { intent, id });
    const updated = await updateEnquiry(actor, id, parsed.values);
    if (!updated) return gone();
    const { status, priority, internalNotes } = parsed.values;
    const message =
      internalNotes !== undefined
        ? "Notes saved"
        : status && !priority
          ? `Status set to ${enquiryLabel(status)}`
          : priority && !status
            ? `Priority set to ${enquiryLabel(priority)}`
            : "Enquiry updated";
    return accept<EnquiryActionResult>({ intent, id, message });
  }
  if (intent === "delete") {
    if (!(await deleteEnquiry(actor, id))) return gone();
    return accept<EnquiryActionResult>({ intent, id, message: "Enquiry deleted" });
  }
  if (!(await markNotSpam(actor, id))) return gone();
  return accept<EnquiryActionResult>({ intent, id, message: "Moved to enquiries" });
}

export default function EnquiriesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EnquiriesScreen {...loaderData} actionData={actionData} />;
}
