import { data } from "react-router";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows, SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { DataProtectionScreen, type DataProtectionActionResult } from "~/features/data-protection/components/data-protection-screen";
import { erasePerson } from "~/features/data-protection/erasure.server";
import { getLastRetentionRun, getRetentionPeriods, updateRetentionPeriods } from "~/features/data-protection/retention.server";
import { ErasureRequestSchema, SubjectSearchSchema } from "~/features/data-protection/schema";
import { findSubjectRecords } from "~/features/data-protection/subject-access.server";
import { summariseSubjectRecords } from "~/features/data-protection/subject-access-summary.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/data-protection";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Data protection", path: "/admin/data-protection", noIndex: true });

/**
 * Data protection (UK GDPR): the retention periods and their last run. Managers only
 * (super_admin, admin); only a super admin may change the periods.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const [retention, lastRun] = await Promise.all([getRetentionPeriods(), getLastRetentionRun()]);
  return { retention, lastRun, canEditRetention: roleAllows(session.admin.role, SUPER_ADMIN_ONLY) };
}

type Reply = DataProtectionActionResult;

/**
 * Posted with `intent`:
 * - `search` (`email`): every record about that address, summarised (POST keeps the address out of
 *   URLs and logs); 400 for an invalid address;
 * - `erase` (`email`, `expectedFutureBookings`, `cancelFutureBookings`): `erasePerson`; 404/409 when
 *   refused, with the current records;
 * - `retention` (`spamDays`, `recordsMonths`, `emailBodyDays`, `analyticsRawDays`, `analyticsMonths`, `waitingListDays`): super admins only (403 otherwise);
 *   400 with field errors.
 * Managers only.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const form = Object.fromEntries(await readFormData(request));
  const actor = auditActor(session);

  if (form.intent === "search") {
    const search = parseSubmission(SubjectSearchSchema, { email: form.email }, { echo: ["email"] });
    if (!search.ok) return refuseInvalid<Reply>(search, { intent: "search" });
    return accept<Reply>({ intent: "search", summary: summariseSubjectRecords(await findSubjectRecords(search.values.email)) });
  }
  if (form.intent === "erase") {
    const parsed = parseSubmission(ErasureRequestSchema, form);
    if (!parsed.ok) return refuse<Reply>(400, { intent: "invalid", message: parsed.message });
    const result = await erasePerson(actor, parsed.values);
    if (result.ok) return accept<Reply>({ intent: "erase", email: parsed.values.email, counts: result.counts });
    const current = summariseSubjectRecords(await findSubjectRecords(parsed.values.email));
    return refuse<Reply>(result.status, { intent: "erase", message: result.message, summary: current });
  }
  if (form.intent === "retention") {
    if (!roleAllows(session.admin.role, SUPER_ADMIN_ONLY)) throw data("Forbidden", { status: 403 });
    const saved = await updateRetentionPeriods(actor, form);
    if (!saved.ok) return refuseInvalid<Reply>(saved, { intent: "retention", message: "Retention periods not saved", description: saved.message });
    return accept<Reply>({ intent: "retention", changed: saved.changed, message: saved.changed > 0 ? "Retention periods saved" : "No changes to save" });
  }
  return refuse<Reply>(400, { intent: "invalid", message: "Unknown action." });
}

export default function DataProtection({ loaderData, actionData }: Route.ComponentProps) {
  return <DataProtectionScreen {...loaderData} result={actionData} />;
}
