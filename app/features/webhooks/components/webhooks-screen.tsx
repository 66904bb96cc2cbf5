/**
 * Admin > Settings > Webhooks: the endpoints events are sent to, each with its events, whether it
 * is on and how its last delivery went, and the form to add one. A new endpoint's secret is shown
 * once, above the list. Works without JavaScript.
 */
import { Plus, Webhook } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import type { WebhookEndpointView, WebhooksReply } from "../schema";
import { EndpointFormCard, LastAttempt, SecretCard } from "./endpoint-parts";

export function WebhooksScreen({ endpoints, reply }: { endpoints: WebhookEndpointView[]; reply: WebhooksReply | undefined }) {
  const navigation = useNavigation();
  const created = reply?.ok && reply.secret && reply.id ? { id: reply.id, secret: reply.secret } : null;
  return (
    <>
      <AdminPageHeader
        title="Webhooks"
        description="Signed events sent to your CRM or automation tool when enquiries and bookings come in or change."
        back={{ to: "/admin/settings", label: "Back to Settings" }}
      />
      <ReplyStatus reply={reply} />
      {created ? (
        <>
          <SecretCard secret={created.secret} rotated={false} />
          <p className="-mt-3 mb-6 text-sm">
            <Link to={`/admin/settings/webhooks/${created.id}`} className="font-medium text-primary underline underline-offset-2">
              Open the new endpoint to send a test event
            </Link>
          </p>
        </>
      ) : null}

      <div className="grid max-w-3xl gap-6">
        <section aria-labelledby="webhook-endpoints">
          <h2 id="webhook-endpoints" className="mb-3 text-lg font-semibold">
            Endpoints
          </h2>
          {endpoints.length === 0 ? (
            <p className="text-sm text-muted-foreground">No endpoints yet. Add one below to send leads on as they arrive.</p>
          ) : (
            <ul className="grid gap-3">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <Card>
                    <CardContent className="grid gap-2 pt-6">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={`/admin/settings/webhooks/${endpoint.id}`} className="font-semibold text-primary underline underline-offset-2">
                          {endpoint.description || "Endpoint"}
                        </Link>
                        {endpoint.enabled ? <Badge variant="green">On</Badge> : <Badge variant="grey">Off</Badge>}
                      </div>
                      <p className="text-sm break-all text-muted-foreground">{endpoint.url}</p>
                      <p className="text-sm">{endpoint.events.join(", ")}</p>
                      <LastAttempt attempt={endpoint.lastAttempt} />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>

        <EndpointFormCard
          title={
            <>
              <Webhook className="size-5 text-primary" aria-hidden />
              Add an endpoint
            </>
          }
          description="Each event is POSTed as JSON and signed with the endpoint's own secret, retried for a day if the receiver is down."
          intent="create"
          formKey={created ? created.id : "adding"}
          reply={reply && !reply.ok && reply.id === "new" ? reply : undefined}
          idPrefix="new-endpoint"
          busy={navigation.state === "submitting"}
          submit={
            <>
              <Plus aria-hidden /> Add endpoint
            </>
          }
        />
      </div>
    </>
  );
}
