import { redirect } from "react-router";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { ExportRequestSchema } from "~/features/data-protection/schema";
import { exportSubjectRecords } from "~/features/data-protection/subject-access-export.server";
import type { Route } from "./+types/data-protection-export";
import { readSubmission } from "~/utils/form-data.server";

/** Nothing to show here: the export is a POST (the address stays out of URLs); back to the screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return redirect("/admin/data-protection");
}

/**
 * Subject-access download: posted `email`, `format` (`json` | `csv`) and, for CSV,
 * `kind` (`enquiries` | `bookings` | `emails` | `audit`). Answers the file as an attachment
 * (`subject-access-YYYY-MM-DD.json`, `subject-access-<kind>-YYYY-MM-DD.csv`), never cached;
 * 400 for invalid input. Audited (`data_subject.exported`). Managers only.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const parsed = await readSubmission(request, ExportRequestSchema);
  if (!parsed.ok) {
    return new Response(parsed.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const file = await exportSubjectRecords(auditActor(session), parsed.values);
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
