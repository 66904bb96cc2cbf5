/**
 * The "Calendar" card: a member of staff's own calendar, read for busy times. Mounted by Your
 * account (their own) and by staff management (an admin for someone else); either route passes
 * the card's posts to `calendarConnectionAction`. Posts `intent` = calendar-connect |
 * calendar-refresh | calendar-disconnect (and `userId`, for a route that manages several people)
 * through a fetcher, a plain form post without JavaScript.
 *
 * Not connected: choose an ICS subscription address or CalDAV, fill in, Connect (the calendar is
 * read once first; a clear error and nothing saved if it cannot be). Connected: where from, when
 * last read, busy times found, the last error; Refresh now, Change, Disconnect (confirmed). A
 * failing calendar is shown in red with what it means: no consultations are offered for them.
 * Bookings (ADR 42): an ICS subscription says it is read only; a CalDAV calendar says bookings are
 * written into it, how many wait to be written and why, and the events changed there by hand
 * that disagree with their booking.
 */
import { CalendarClock, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field } from "~/components/field";
import { useReplyToast } from "~/components/use-reply-toast";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatUkDateTime24, formatUkWeekdayTime12 } from "~/utils/format";
import { m } from "~/utils/paraglide/messages";
import { fieldError, submittedValue } from "~/utils/forms";
import type { CalendarConnectionView } from "../connections.server";
import type { CalendarWritesView } from "../event-writes.server";
import type { CalendarConnectionResult } from "../types";

/**
 * The card for staff user `userId`. `own` words it for the signed-in member ("your calendar") or
 * for an admin looking at `name`'s. `result` is the answer of a plain (no JavaScript) post.
 */
export function CalendarConnectionCard({
  userId,
  state,
  own,
  name,
  result: plainPostResult,
}: {
  userId: string;
  state: CalendarConnectionView;
  own: boolean;
  /** The member's name, when an admin looks at someone else's calendar. */
  name?: string;
  result?: CalendarConnectionResult | null;
}) {
  const fetcher = useFetcher<CalendarConnectionResult>({ key: `calendar-connection-${userId}` });
  const result = fetcher.data ?? plainPostResult ?? null;
  useReplyToast(fetcher.data, `calendar-connection-${userId}`);
  const busy = fetcher.state !== "idle";
  const pending = busy ? String(fetcher.formData?.get("intent") ?? "") : "";
  // A failed read is answered with an error status, after which the page's data is not reloaded;
  // it did record the error, so reload it to show it.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.intent === "calendar-refresh") void revalidate();
  }, [fetcher.state, fetcher.data, revalidate]);
  const titleId = useId();
  const [changing, setChanging] = useState(false);
  // A calendar connected through the form ends the change: the form closes and the button reads
  // "Change calendar" again (state adjusted while rendering, once per answer).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok && fetcher.data.intent === "calendar-connect") setChanging(false);
  }
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const whose = own ? "your" : `${name ?? "their"}'s`;
  const showForm = !state.connected || changing;

  return (
    <Card role="region" aria-labelledby={titleId} className={state.connected && state.failing ? "border-red-300" : undefined}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex flex-wrap items-center gap-2">
          <CalendarClock className="size-5 text-primary" aria-hidden /> {own ? "Your calendar" : name ? `${name}'s calendar` : "Their calendar"}
          {!state.connected ? <Badge variant="grey">Not connected</Badge> : state.failing ? <Badge variant="red">Failing</Badge> : <Badge variant="green">Connected</Badge>}
        </CardTitle>
        <CardDescription>
          Connect the calendar {own ? "you keep your work in" : "they keep their work in"} (Outlook, Google, Apple, Fastmail, Nextcloud) so visitors
          are not offered times when {own ? "you are" : "they are"} busy. We keep when {own ? "you are" : "they are"} busy, not what the events are.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {result && !result.ok && !fetcher.data && !result.fieldErrors ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {result.message}
          </p>
        ) : null}

        {state.connected ? (
          <>
            {state.failing ? (
              <div role="alert" className="flex gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <p>
                  {own ? "Your" : `${name ?? "This"}'s`} calendar could not be read
                  {state.lastSuccessAt ? ` since ${formatUkDateTime24(state.lastSuccessAt)}` : ""}. Until it reads again, no consultations are
                  offered with {own ? "you" : "them"}.{state.lastError ? ` The server said: ${state.lastError}` : ""}
                </p>
              </div>
            ) : null}
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Reading from</dt>
                <dd className="break-all font-medium">
                  {state.kind === "ics" ? `ICS subscription at ${state.host}` : `CalDAV: ${state.caldavUsername} at ${state.host}`}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last read</dt>
                <dd className="font-medium">{state.lastSuccessAt ? formatUkDateTime24(state.lastSuccessAt) : "Not yet"}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Busy times in the next weeks</dt>
                <dd className="font-medium">{state.busyCount}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last error</dt>
                <dd className={state.lastError ? "font-medium text-red-700" : "font-medium"}>
                  {state.lastError ? `${state.lastError}${state.lastErrorAt ? ` (${formatUkDateTime24(state.lastErrorAt)})` : ""}` : "None"}
                </dd>
              </div>
            </dl>
            {state.writes ? (
              <BookingWrites writes={state.writes} />
            ) : (
              <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm">{m.calendar_writes_read_only()}</p>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="calendar-refresh" />
                <input type="hidden" name="userId" value={userId} />
                <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={busy}>
                  <RefreshCw aria-hidden className={pending === "calendar-refresh" ? "animate-spin" : undefined} />
                  {pending === "calendar-refresh" ? "Refreshing..." : "Refresh now"}
                </Button>
              </fetcher.Form>
              <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => setChanging((c) => !c)} aria-expanded={changing}>
                {changing ? "Keep this calendar" : "Change calendar"}
              </Button>
              <fetcher.Form method="post" onSubmit={(e) => (e.preventDefault(), setConfirmDisconnect(true))}>
                <input type="hidden" name="intent" value="calendar-disconnect" />
                <input type="hidden" name="userId" value={userId} />
                <Button
                  type="submit"
                  variant="outline"
                  className="w-full border-destructive/40 text-destructive hover:bg-red-50 hover:text-destructive sm:w-auto"
                  disabled={busy}
                >
                  Disconnect
                </Button>
              </fetcher.Form>
            </div>
          </>
        ) : null}

        {showForm ? <ConnectForm fetcher={fetcher} userId={userId} result={result} busy={busy} /> : null}
      </CardContent>

      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title={`Disconnect ${whose} calendar?`}
        description={`Its busy times are deleted and no longer keep visitors away from times when ${own ? "you are" : "they are"} busy. The calendar itself is not changed. You can connect it again later.`}
        confirm={
          <AlertDialogAction onClick={() => fetcher.submit({ intent: "calendar-disconnect", userId }, { method: "post" })}>Disconnect</AlertDialogAction>
        }
      />
    </Card>
  );
}

/** The instant `at` (ISO 8601) rounded up to the whole minute, so "we try again by" a time shown in minutes is not before it. */
function nextMinute(at: string): string {
  return new Date(Math.ceil(new Date(at).getTime() / 60_000) * 60_000).toISOString();
}

/** What the card says of the bookings written into a CalDAV calendar: waiting ones and why, and hand changes. */
function BookingWrites({ writes }: { writes: CalendarWritesView }) {
  const when = (at: string) => formatUkWeekdayTime12(at);
  return (
    <section aria-label={m.calendar_writes_label()} className="space-y-3 text-sm">
      <p>{m.calendar_writes_on()}</p>
      {writes.waiting > 0 ? (
        <div role="status" className={writes.lastError ? "rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950" : "rounded-md border px-4 py-3"}>
          <p className="font-medium">{m.calendar_writes_waiting({ count: writes.waiting })}</p>
          <p>
            {writes.lastError && writes.lastErrorAt
              ? m.calendar_writes_failed({ at: when(writes.lastErrorAt), error: writes.lastError, next: when(nextMinute(writes.nextAttemptAt ?? writes.lastErrorAt)) })
              : m.calendar_writes_soon()}
          </p>
        </div>
      ) : (
        <p className="text-muted-foreground">
          {m.calendar_writes_label()}: {m.calendar_writes_none_waiting()}
        </p>
      )}
      {writes.handChanged.length > 0 ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <h3 className="font-medium">{m.calendar_hand_heading()}</h3>
          <p className="mt-1">{m.calendar_hand_intro()}</p>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {writes.handChanged.map((c) => {
              const booking = `${c.consultationType}, ${c.name}`;
              return (
                <li key={c.bookingId}>
                  {c.bookingStart === null
                    ? m.calendar_hand_left({ booking, calendar: c.calendarStart ? when(c.calendarStart) : "" })
                    : c.calendarStart === null
                      ? m.calendar_hand_deleted({ booking, booking_time: when(c.bookingStart) })
                      : m.calendar_hand_moved({ booking, calendar: when(c.calendarStart), booking_time: when(c.bookingStart) })}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The Connect form: ICS address or CalDAV (server, user name, app password). */
function ConnectForm({
  fetcher,
  userId,
  result,
  busy,
}: {
  fetcher: ReturnType<typeof useFetcher<CalendarConnectionResult>>;
  userId: string;
  result: CalendarConnectionResult | null;
  busy: boolean;
}) {
  const refused = result && !result.ok && result.intent === "calendar-connect" ? result : null;
  const [kind, setKind] = useState<"ics" | "caldav">(submittedValue(refused, "kind") === "caldav" ? "caldav" : "ics");
  const errors = (name: string) => {
    const message = fieldError(refused, name);
    return message ? [message] : null;
  };
  const connecting = busy && fetcher.formData?.get("intent") === "calendar-connect";
  return (
    <fetcher.Form method="post" className="space-y-4 rounded-lg border p-4">
      <input type="hidden" name="intent" value="calendar-connect" />
      <input type="hidden" name="userId" value={userId} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">How to connect</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="kind" value="ics" checked={kind === "ics"} onChange={() => setKind("ics")} className="size-4 accent-primary" />
            Subscription address (ICS)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="kind" value="caldav" checked={kind === "caldav"} onChange={() => setKind("caldav")} className="size-4 accent-primary" />
            CalDAV account
          </label>
        </div>
        {fieldError(refused, "kind") ? <p className="text-sm text-destructive">{fieldError(refused, "kind")}</p> : null}
      </fieldset>
      {kind === "ics" ? (
        <Field
          label="Private address of the calendar"
          errors={errors("icsUrl")}
          hint="Outlook: Settings, Calendar, Shared calendars, Publish a calendar, then the ICS link. Google: Settings for the calendar, Secret address in iCal format. Apple: share the calendar publicly and copy its link. Keep it private: anyone with it can read the calendar."
        >
          {(p) => <Input {...p} name="icsUrl" type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" required maxLength={2000} />}
        </Field>
      ) : (
        <>
          <Field label="CalDAV server address" errors={errors("caldavUrl")} hint="For example https://caldav.fastmail.com/ or your Nextcloud's https://cloud.example.com/remote.php/dav/">
            {(p) => <Input {...p} name="caldavUrl" type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://" defaultValue={submittedValue(refused, "caldavUrl")} required maxLength={2000} />}
          </Field>
          <Field label="User name" errors={errors("caldavUsername")}>
            {(p) => <Input {...p} name="caldavUsername" autoComplete="off" spellCheck={false} defaultValue={submittedValue(refused, "caldavUsername")} required maxLength={254} />}
          </Field>
          <Field label="App password" errors={errors("caldavPassword")} hint="Make an app password for this site in your calendar's account settings; we read your busy times with it and write your bookings into your calendar.">
            {(p) => <Input {...p} name="caldavPassword" type="password" autoComplete="new-password" required maxLength={500} />}
          </Field>
        </>
      )}
      <Button type="submit" disabled={busy}>
        {connecting ? "Reading the calendar..." : "Connect calendar"}
      </Button>
    </fetcher.Form>
  );
}
