import { listRecentAudit } from "~/features/audit/audit-list.server";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { pageMeta } from "~/features/seo/meta";
import { SettingsScreen, type SettingsActionResult } from "~/features/settings/components/settings-screen";
import { updateSiteSettings } from "~/features/settings/settings-admin.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import type { Route } from "./+types/settings";
import { readFormData } from "~/utils/form-data.server";
import { accept, refuseInvalid, submissionObject } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Settings", path: "/admin/settings", noIndex: true });

/** Super admins only (`docs/design.md` section 6). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, SUPER_ADMIN_ONLY);
  const [settings, activity] = await Promise.all([getSiteSettings(), listRecentAudit({ entityTypes: ["settings"], limit: 6 })]);
  return { settings, activity };
}

/** Saves every setting at once; invalid input stores nothing and returns field errors (400). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const form = submissionObject(await readFormData(request), ["offeredLanguages"]);
  const saved = await updateSiteSettings(auditActor(session), form);
  if (!saved.ok) return refuseInvalid<SettingsActionResult>(saved, { message: "Settings not saved", description: saved.message });
  const changed = saved.changed.length;
  return changed > 0
    ? accept<SettingsActionResult>({ changed, message: "Settings saved", description: "The website uses the new values from now on." })
    : accept<SettingsActionResult>({ changed, message: "No changes to save" });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsScreen settings={loaderData.settings} activity={loaderData.activity} result={actionData} />;
}
