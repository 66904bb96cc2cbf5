/**
 * Admin > Settings > Webhooks > an endpoint: send a test event, rotate the secret (the new one is
 * shown once), change or turn off the endpoint, delete it (after a confirmation), and its delivery
 * log, newest first: when, which event, which attempt, the answer's status or why there was none,
 * and how long it took. While deliveries wait, the page refreshes itself every second.
 * Works without JavaScript, except the delete confirmation, which needs it.
 */
import { RefreshCw, Save, Send, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatUkDateTime24 } from "~/utils/format";
import type { WebhookEndpointView, WebhookLogRow, WebhooksReply } from "../schema";
import { EndpointFormCard, SecretCard } from "./endpoint-parts";

function LogEntry({ row }: { row: WebhookLogRow }) {
  const ok = row.statusCode !== null && row.statusCode >= 200 && row.statusCode < 300;
  return (
    <li className="grid gap-1 border-b py-3 text-sm last:border-b-0 sm:grid-cols-[11rem_1fr_auto] sm:items-center sm:gap-4">
      <span className="text-muted-foreground">{formatUkDateTime24(row.at)}</span>
      <span>
        <code className="text-xs font-semibold">{row.eventType}</code>
        <span className="text-muted-foreground"> · attempt {row.attempt}</span>
        {row.error ? <span className="block text-destructive">{row.error}</span> : null}
      </span>
      <span className="flex items-center gap-2">
        <Badge variant={ok ? "green" : "red"}>{row.statusCode ?? "No answer"}</Badge>
        <span className="text-muted-foreground">{row.durationMs} ms</span>
      </span>
    </li>
  );
}

export function WebhookEndpointScreen({
  endpoint,
  log,
  pending,
  nextAttemptAt,
  reply,
}: {
  endpoint: WebhookEndpointView;
  log: WebhookLogRow[];
  pending: number;
  /** When the next waiting delivery will be tried (ISO 8601), or null when none waits. */
  nextAttemptAt: string | null;
  reply: WebhooksReply | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const revalidator = useRevalidator();
  // A test event (or a retry) is sent by the worker within seconds of being due: show it when it
  // is, looking every second while the next try is under a minute away, else every 30 seconds.
  useEffect(() => {
    if (pending === 0) return;
    const soon = !nextAttemptAt || new Date(nextAttemptAt).getTime() - Date.now() < 60_000;
    const timer = setInterval(
      () => {
        if (revalidator.state === "idle") void revalidator.revalidate();
      },
      soon ? 1_000 : 30_000,
    );
    return () => clearInterval(timer);
  }, [pending, nextAttemptAt, revalidator]);

  return (
    <>
      <AdminPageHeader title={endpoint.description || "Endpoint"} description={endpoint.url} back={{ to: "/admin/settings/webhooks", label: "Back to Webhooks" }} />
      <ReplyStatus reply={reply} />
      {reply?.ok && reply.secret ? <SecretCard secret={reply.secret} rotated /> : null}

      <div className="grid max-w-3xl gap-6">
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" disabled={busy || !endpoint.enabled}>
              <Send aria-hidden /> Send test event
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="rotate" />
            <Button type="submit" variant="outline" disabled={busy}>
              <RefreshCw aria-hidden /> Rotate secret
            </Button>
          </Form>
          <ConfirmDialog
            title="Delete this endpoint?"
            description="No more events are sent to it, and its delivery log is deleted. This cannot be undone."
            trigger={
              <Button type="button" variant="outline" className="text-destructive">
                <Trash2 aria-hidden /> Delete
              </Button>
            }
            confirm={
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="destructive" className="w-full">
                  Delete endpoint
                </Button>
              </Form>
            }
          />
        </div>
        {endpoint.previousSecretExpiresAt ? (
          <p className="text-sm text-muted-foreground">The previous secret also signs until {formatUkDateTime24(endpoint.previousSecretExpiresAt)}.</p>
        ) : null}
        {!endpoint.enabled ? <p className="text-sm text-muted-foreground">This endpoint is off: turn it on below to send events and tests.</p> : null}

        <section aria-labelledby="webhook-log" className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="webhook-log" className="text-lg font-semibold">
              Delivery log
            </h2>
            {pending > 0 ? (
              <span role="status" className="text-sm text-muted-foreground">
                {pending === 1 ? "1 delivery waiting" : `${pending} deliveries waiting`}
                {nextAttemptAt ? `, next try ${formatUkDateTime24(nextAttemptAt)}` : null}
              </span>
            ) : null}
          </div>
          {log.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing sent yet. Send a test event to check the receiver.</p>
          ) : (
            <ol aria-label="Delivery log" className="grid">
              {log.map((row) => (
                <LogEntry key={row.id} row={row} />
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-muted-foreground">A failed delivery is tried again after 5 seconds, 5 and 30 minutes, 2, 5 and 10 hours.</p>
        </section>

        <EndpointFormCard
          title="Endpoint"
          description="The address, the events it receives, and whether events are sent."
          intent="update"
          formKey={reply?.ok ? `saved-${endpoint.url}` : "editing"}
          endpoint={endpoint}
          reply={reply}
          idPrefix="endpoint"
          busy={busy}
          submit={
            <>
              <Save aria-hidden /> Save changes
            </>
          }
        />
      </div>
    </>
  );
}
