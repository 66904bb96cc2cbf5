import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { MailboxSettingsScreen, type MailboxReply } from "~/features/enquiries/components/mailbox-settings-screen";
import { getMailboxSettings, updateMailboxSettings } from "~/features/enquiries/mailbox.server";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, refuseInvalid, refusedFields, submittedValues } from "~/utils/forms";
import type { Route } from "./+types/settings-mailbox";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Mailbox", path: "/admin/settings/mailbox", noIndex: true });

/** Super admins only, as the other settings. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, SUPER_ADMIN_ONLY);
  return { settings: await getMailboxSettings() };
}

/** Saves the mailbox settings; invalid input stores nothing and answers 400 with field errors. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const form = await readFormData(request);
  const saved = await updateMailboxSettings(auditActor(session), Object.fromEntries(form));
  if (!saved.ok) return refuseInvalid<MailboxReply>(refusedFields(saved.errors, submittedValues(form), "Mailbox settings not saved: check the highlighted fields."));
  return accept<MailboxReply>({ message: "Mailbox settings saved" });
}

export default function SettingsMailbox({ loaderData, actionData }: Route.ComponentProps) {
  return <MailboxSettingsScreen settings={loaderData.settings} reply={actionData} />;
}
