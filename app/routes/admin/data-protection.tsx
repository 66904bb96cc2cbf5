import { data } from "react-router";
import { auditActor, MANAGER_ROLES, requireAdmin, roleAllows, SUPER_ADMIN_ONLY } from "~/features/auth/guard.server";
import { DataProtectionScreen, type DataProtectionActionResult } from "~/features/data-protection/components/data-protection-screen";
import { erasePerson } from "~/features/data-protection/erasure.server";
import { getLastRetentionRun, getRetentionPeriods, updateRetentionPeriods } from "~/features/data-protection/retention.server";
import { ErasureRequestSchema, SubjectEmailSchema } from "~/features/data-protection/schema";
import { findSubjectRecords, summariseSubjectRecords } from "~/features/data-protection/subject-access.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/data-protection";
import { readFormData } from "~/utils/form-data.server";

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

const answer = (result: DataProtectionActionResult, status = 200) => data<DataProtectionActionResult>(result, { status });

/**
 * Posted with `intent`:
 * - `search` (`email`): every record about that address, summarised (POST keeps the address out of
 *   URLs and logs); 400 for an invalid address;
 * - `erase` (`email`, `expectedFutureBookings`, `cancelFutureBookings`): `erasePerson`; 404/409 when
 *   refused, with the current records;
 * - `retention` (`spamDays`, `recordsMonths`, `emailBodyDays`, `analyticsRawDays`, `analyticsMonths`): super admins only (403 otherwise);
 *   400 with field errors.
 * Managers only.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const form = Object.fromEntries(await readFormData(request));
  const actor = auditActor(session);

  if (form.intent === "search") {
    const email = SubjectEmailSchema.safeParse(form.email);
    if (!email.success) {
      return answer({ intent: "search", ok: false, email: String(form.email ?? ""), errors: email.error.issues.map((i) => i.message) }, 400);
    }
    return answer({ intent: "search", ok: true, summary: summariseSubjectRecords(await findSubjectRecords(email.data)) });
  }
  if (form.intent === "erase") {
    const parsed = ErasureRequestSchema.safeParse(form);
    if (!parsed.success) return answer({ intent: "invalid", ok: false, message: parsed.error.issues[0]?.message ?? "Invalid request." }, 400);
    const result = await erasePerson(actor, parsed.data);
    if (result.ok) return answer({ intent: "erase", ok: true, email: parsed.data.email, counts: result.counts });
    const current = summariseSubjectRecords(await findSubjectRecords(parsed.data.email));
    return answer({ intent: "erase", ok: false, message: result.message, summary: current }, result.status);
  }
  if (form.intent === "retention") {
    if (!roleAllows(session.admin.role, SUPER_ADMIN_ONLY)) throw data("Forbidden", { status: 403 });
    const saved = await updateRetentionPeriods(actor, form);
    if (!saved.ok) return answer({ intent: "retention", ok: false, errors: saved.errors, values: form as Record<string, string> }, 400);
    return answer({ intent: "retention", ok: true, changed: saved.changed });
  }
  return answer({ intent: "invalid", ok: false, message: "Unknown action." }, 400);
}

export default function DataProtection({ loaderData, actionData }: Route.ComponentProps) {
  return <DataProtectionScreen {...loaderData} result={actionData} />;
}
