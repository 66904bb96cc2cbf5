/**
 * What the two webhook screens share: the endpoint's form card and its fields (address,
 * description, events, on or off), the once-only secret card and the line saying how the last
 * attempt went.
 */
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { WEBHOOK_EVENT_TYPES } from "~/utils/domain";
import { formatUkDateTime24 } from "~/utils/format";
import { fieldError, submittedValue } from "~/utils/forms";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_URL_MAX, type WebhookEndpointView, type WebhooksReply } from "../schema";

/**
 * The endpoint form's fields, filled from `endpoint` (none: a new one, every event ticked, on) or
 * from what a refused `reply` sent back. `idPrefix` keeps the ids of two forms on a page apart.
 */
export function EndpointFields({ endpoint, reply, idPrefix }: { endpoint?: WebhookEndpointView; reply?: WebhooksReply; idPrefix: string }) {
  const refused = reply && !reply.ok ? reply : undefined;
  const errors = (name: string) => {
    const e = fieldError(refused, name);
    return e ? [e] : null;
  };
  const sentEvents = refused?.values?.events;
  const ticked = (type: string) =>
    refused ? (Array.isArray(sentEvents) ? sentEvents.includes(type) : sentEvents === type) : endpoint ? endpoint.events.includes(type) : true;
  const eventsError = fieldError(refused, "events");
  return (
    <div className="grid gap-5">
      <Field label="Address" required errors={errors("url")} hint="The receiver's https:// address, as your CRM or automation tool gives it.">
        {(p) => (
          <Input {...p} name="url" type="url" inputMode="url" required maxLength={WEBHOOK_URL_MAX} defaultValue={submittedValue(refused, "url") ?? endpoint?.url ?? ""} autoComplete="off" />
        )}
      </Field>
      <Field label="Description" errors={errors("description")} hint="For you, e.g. HubSpot leads.">
        {(p) => <Input {...p} name="description" maxLength={200} defaultValue={submittedValue(refused, "description") ?? endpoint?.description ?? ""} />}
      </Field>
      <fieldset className="grid gap-2" aria-describedby={eventsError ? `${idPrefix}-events-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-start gap-3 text-sm">
            <input type="checkbox" name="events" value={type} defaultChecked={ticked(type)} className="mt-0.5 size-4 accent-primary" />
            <span>
              <code className="text-xs font-semibold">{type}</code>
              <span className="block text-muted-foreground">{WEBHOOK_EVENT_LABELS[type]}</span>
            </span>
          </label>
        ))}
        {eventsError ? (
          <p id={`${idPrefix}-events-error`} className="text-sm text-destructive">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={refused ? submittedValue(refused, "enabled") === "on" : (endpoint?.enabled ?? true)}
          className="size-4 accent-primary"
        />
        Send events to this endpoint
      </label>
    </div>
  );
}

/**
 * The endpoint form in its card: `title` and `description` above `EndpointFields` (filled from
 * `endpoint` and `reply`), the hidden `intent` (create or update) and the submit button showing
 * `submit`, off while `busy`. A new `formKey` remounts the form, its fields back to their defaults.
 */
export function EndpointFormCard({
  title,
  description,
  intent,
  formKey,
  endpoint,
  reply,
  idPrefix,
  busy,
  submit,
}: {
  title: ReactNode;
  description: string;
  intent: "create" | "update";
  formKey: string;
  endpoint?: WebhookEndpointView;
  reply: WebhooksReply | undefined;
  idPrefix: string;
  busy: boolean;
  submit: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-5" key={formKey}>
          <EndpointFields endpoint={endpoint} reply={reply} idPrefix={idPrefix} />
          <input type="hidden" name="intent" value={intent} />
          <Button type="submit" className="justify-self-start" disabled={busy}>
            {submit}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The signing secret just made, shown this once, with how to use it. */
export function SecretCard({ secret, rotated }: { secret: string; rotated: boolean }) {
  return (
    <Card className="mb-6 max-w-3xl border-primary" role="region" aria-labelledby="webhook-secret-title">
      <CardHeader className="pb-3">
        <CardTitle id="webhook-secret-title" className="flex items-center gap-2 text-base">
          <KeyRound className="size-5 text-primary" aria-hidden />
          Copy the signing secret now
        </CardTitle>
        <CardDescription>
          It is shown only this once. Give it to the receiver to check each event&apos;s <code>webhook-signature</code> (Standard Webhooks).
          {rotated ? " The old secret keeps signing beside it for 24 hours, so there is time to switch." : ""}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label htmlFor="webhook-secret" className="sr-only">
          Signing secret
        </label>
        <Input id="webhook-secret" readOnly value={secret} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </CardContent>
    </Card>
  );
}

/** How the newest attempt went, as a badge and a time. */
export function LastAttempt({ attempt }: { attempt: WebhookEndpointView["lastAttempt"] }) {
  if (!attempt) return <span className="text-sm text-muted-foreground">Nothing sent yet</span>;
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <Badge variant={ok ? "green" : "red"}>{attempt.statusCode ?? "No answer"}</Badge>
      last sent {formatUkDateTime24(attempt.at)}
    </span>
  );
}
