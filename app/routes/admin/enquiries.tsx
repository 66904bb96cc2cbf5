import { data } from "react-router";
import { z } from "zod";
import { auditActor, MANAGER_ROLES, requireAdmin } from "~/features/auth/guard.server";
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
import { ENQUIRY_TYPES } from "~/features/enquiries/schema";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/enquiries";
import { readFormData } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Contact Enquiries", path: "/admin/enquiries", noIndex: true });

/**
 * Enquiries management: one page of
 * enquiries for the filters in the URL (`?q=&status=&priority=&owner=&view=spam&page=`; `status=overdue`
 * for the enquiries past the 24-hour promise), each flagged overdue or not, the number of
 * spam submissions, and the enquiry named by `?id=` (the detail panel without JavaScript).
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
  return { filters, page, spamCount, selected, enquiryTypes: [...ENQUIRY_TYPES] };
}

const fail = (status: number, body: Omit<Extract<EnquiryActionResult, { ok: false }>, "ok">) =>
  data<EnquiryActionResult>({ ok: false, ...body }, { status });

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
  const envelope = EnquiryActionSchema.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!envelope.success) {
    return fail(400, { message: envelope.error.issues[0]?.message ?? "Invalid request." });
  }
  const { intent, id } = envelope.data;
  const actor = auditActor(session);
  const gone = () => fail(404, { intent, id, message: "This enquiry no longer exists." });

  if (intent === "update") {
    const fields: Record<string, unknown> = {};
    for (const key of ["status", "priority", "projectType", "internalNotes"] as const) {
      if (form.has(key)) fields[key] = form.get(key);
    }
    const parsed = EnquiryUpdateSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
      const message = Object.values(errors).flat()[0] ?? parsed.error.issues[0]?.message ?? "Invalid input.";
      return fail(400, { intent, id, message, errors });
    }
    const updated = await updateEnquiry(actor, id, parsed.data);
    if (!updated) return gone();
    const { status, priority, internalNotes } = parsed.data;
    const message =
      internalNotes !== undefined
        ? "Notes saved"
        : status && !priority
          ? `Status set to ${enquiryLabel(status)}`
          : priority && !status
            ? `Priority set to ${enquiryLabel(priority)}`
            : "Enquiry updated";
    return data<EnquiryActionResult>({ ok: true, intent, id, message });
  }
  if (intent === "delete") {
    if (!(await deleteEnquiry(actor, id))) return gone();
    return data<EnquiryActionResult>({ ok: true, intent, id, message: "Enquiry deleted" });
  }
  if (!(await markNotSpam(actor, id))) return gone();
  return data<EnquiryActionResult>({ ok: true, intent, id, message: "Moved to enquiries" });
}

export default function EnquiriesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <EnquiriesScreen {...loaderData} actionData={actionData} />;
}
