import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { pageMeta } from "~/features/seo/meta";
import { WebhooksScreen } from "~/features/webhooks/components/webhooks-screen";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/features/webhooks/endpoints.server";
import { WebhookEndpointSchema, type WebhooksReply } from "~/features/webhooks/schema";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, refusedFields, submittedValues } from "~/utils/forms";
import type { Route } from "./+types/settings-webhooks";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Webhooks", path: "/admin/settings/webhooks", noIndex: true });

/** Super admins only, as the other settings. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, SUPER_ADMIN_ONLY);
  return { endpoints: await listWebhookEndpoints() };
}

/**
 * `intent=create` with `url`, `description`, `events` (repeated) and `enabled`: adds an endpoint
 * and answers its secret, to show once. 400 with field errors for invalid input or an address that
 * is not https and public (unless WEBHOOK_ALLOW_PRIVATE); nothing is stored then.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const form = await readFormData(request);
  if (form.get("intent") !== "create") return refuse<WebhooksReply>(400, { message: "Unknown action." });
  const submission = parseSubmission(WebhookEndpointSchema, form, { lists: ["events"], message: "Endpoint not added: check the highlighted fields." });
  if (!submission.ok) return refuseInvalid<WebhooksReply>(submission, { id: "new" });
  const created = await createWebhookEndpoint(auditActor(session), submission.values);
  if (!created.ok) {
    return refuseInvalid<WebhooksReply>(refusedFields(created.errors, submittedValues(form), "Endpoint not added: check the highlighted fields."), { id: "new" });
  }
  return accept<WebhooksReply>({ id: created.value.id, secret: created.value.secret, message: "Endpoint added" });
}

export default function SettingsWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhooksScreen endpoints={loaderData.endpoints} reply={actionData} />;
}
