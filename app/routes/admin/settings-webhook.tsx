import { data, redirect } from "react-router";
import { z } from "zod";
import { auditActor, requireAdmin } from "~/features/auth/guard.server";
import { SUPER_ADMIN_ONLY } from "~/features/auth/roles";
import { pageMeta } from "~/features/seo/meta";
import { WebhookEndpointScreen } from "~/features/webhooks/components/webhook-endpoint-screen";
import { deleteWebhookEndpoint, getWebhookEndpoint, rotateWebhookSecret, sendTestWebhook, updateWebhookEndpoint } from "~/features/webhooks/endpoints.server";
import { WebhookEndpointSchema, type WebhooksReply } from "~/features/webhooks/schema";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, refuse, refuseInvalid, refusedFields, submittedValues } from "~/utils/forms";
import type { Route } from "./+types/settings-webhook";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Webhook endpoint", path: "/admin/settings/webhooks", noIndex: true });

const IdSchema = z.uuid();

/** The endpoint with its delivery log. Super admins only; 404 for an unknown endpoint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, SUPER_ADMIN_ONLY);
  const id = IdSchema.safeParse(params.id);
  const found = id.success ? await getWebhookEndpoint(id.data) : null;
  if (!found) throw data("Not found", { status: 404 });
  return found;
}

/**
 * `intent`: `test` (queues a test event; 409 when the endpoint is off), `rotate` (a new secret,
 * answered once; the old one signs for 24 more hours), `update` (the endpoint form; 400 with field
 * errors) or `delete` (back to the list). 404 when the endpoint no longer exists.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request, SUPER_ADMIN_ONLY);
  const actor = auditActor(session);
  const parsed = IdSchema.safeParse(params.id);
  const gone = () => refuse<WebhooksReply>(404, { message: "This endpoint no longer exists." });
  if (!parsed.success) return gone();
  const id = parsed.data;
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "test": {
      if (await sendTestWebhook(id)) return accept<WebhooksReply>({ message: "Test event queued: it appears in the log once sent" });
      return (await getWebhookEndpoint(id)) ? refuse<WebhooksReply>(409, { message: "Turn the endpoint on to send a test event." }) : gone();
    }
    case "rotate": {
      const secret = await rotateWebhookSecret(actor, id);
      return secret ? accept<WebhooksReply>({ secret, message: "New secret made" }) : gone();
    }
    case "delete": {
      if (!(await deleteWebhookEndpoint(actor, id))) return gone();
      throw redirect("/admin/settings/webhooks");
    }
    case "update": {
      const submission = parseSubmission(WebhookEndpointSchema, form, { lists: ["events"], message: "Changes not saved: check the highlighted fields." });
      if (!submission.ok) return refuseInvalid<WebhooksReply>(submission);
      const saved = await updateWebhookEndpoint(actor, id, submission.values);
      if (!saved.ok) return refuseInvalid<WebhooksReply>(refusedFields(saved.errors, submittedValues(form), "Changes not saved: check the highlighted fields."));
      return saved.value ? accept<WebhooksReply>({ message: "Endpoint saved" }) : gone();
    }
    default:
      return refuse<WebhooksReply>(400, { message: "Unknown action." });
  }
}

export default function SettingsWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhookEndpointScreen {...loaderData} reply={actionData} />;
}
