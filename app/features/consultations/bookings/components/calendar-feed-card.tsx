/**
 * The "Calendar feed" section of a member of staff's own account page:
 * turn the private feed on, copy its address (shown once), regenerate it or turn
 * it off, both behind a confirmation. Posts `intent` = turn-on | regenerate | turn-off to the
 * page's action through a fetcher (a plain form post without JavaScript).
 */
import { CalendarSync, Check, Copy, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import type { CalendarFeedState } from "../calendar-feed.server";
import { formatUkDateTime24 } from "~/utils/format";

/** The feed intents the account page's action accepts. */
export const CALENDAR_FEED_INTENTS = ["turn-on", "regenerate", "turn-off"] as const;
/** One of `CALENDAR_FEED_INTENTS`. */
export type CalendarFeedIntent = (typeof CALENDAR_FEED_INTENTS)[number];

/** What the action answers; `url` (the new address) only right after turn-on or regenerate. */
export type CalendarFeedResult =
  | { ok: true; intent: CalendarFeedIntent; message: string; url?: string }
  | { ok: false; intent: CalendarFeedIntent | null; message: string };

/**
 * The section: Off (Turn on) or On (when the address was made and last fetched, Regenerate and
 * Turn off behind a confirmation), with the new address right after it is made. Toasts each answer.
 */
export function CalendarFeedCard({
  state,
  personal,
  result: plainPostResult,
}: {
  state: CalendarFeedState;
  /** Whether the feed shows visitors' names and companies (roles that may open consultations). */
  personal: boolean;
  /** The answer of a plain (no JavaScript) post. */
  result?: CalendarFeedResult;
}) {
  const fetcher = useFetcher<CalendarFeedResult>({ key: "calendar-feed" });
  const result = fetcher.data ?? plainPostResult;
  const busy = fetcher.state !== "idle";
  const [confirm, setConfirm] = useState<"regenerate" | "turn-off" | null>(null);
  const shown = useRef<CalendarFeedResult | undefined>(undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok) toast.success(fetcher.data.message, { id: `calendar-feed-${fetcher.data.intent}` });
    else toast.error("Could not change the calendar feed", { id: "calendar-feed-error", description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);

  const submit = (intent: CalendarFeedIntent) => fetcher.submit({ intent }, { method: "post" });
  const newUrl = result?.ok && result.url && state.on ? result.url : null;

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <CalendarSync className="size-5 text-primary" aria-hidden /> Calendar feed
          {state.on ? <Badge variant="green">On</Badge> : <Badge variant="grey">Off</Badge>}
        </CardTitle>
        <CardDescription>
          See upcoming consultations in Outlook, Google Calendar or Apple Calendar: subscribe to a private address that only
          you know. Pending bookings appear as tentative and confirmed ones as confirmed; cancelled bookings drop out.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="text-sm text-muted-foreground">
          {personal
            ? "Each event shows the consultation type, the visitor's name and company, the meeting link and a link to the booking here."
            : "Your role does not include consultations, so events show the consultation type, time and status only."}
        </p>

        {result && !result.ok && !fetcher.data ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {result.message}
          </p>
        ) : null}

        {newUrl ? <NewAddress url={newUrl} /> : null}

        {state.on ? (
          <>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Address made</dt>
                <dd className="font-medium">{formatUkDateTime24(state.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last fetched by a calendar</dt>
                <dd className="font-medium">{state.lastFetchedAt ? formatUkDateTime24(state.lastFetchedAt) : "Not yet"}</dd>
              </div>
            </dl>
            {newUrl ? null : (
              <p className="text-sm text-muted-foreground">
                The address was shown once, when it was made. If you have lost it, or someone else may have it, regenerate it:
                the old address stops working at once.
              </p>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              <fetcher.Form method="post" onSubmit={(e) => (e.preventDefault(), setConfirm("regenerate"))}>
                <input type="hidden" name="intent" value="regenerate" />
                <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={busy}>
                  <RefreshCw aria-hidden /> Regenerate address
                </Button>
              </fetcher.Form>
              <fetcher.Form method="post" onSubmit={(e) => (e.preventDefault(), setConfirm("turn-off"))}>
                <input type="hidden" name="intent" value="turn-off" />
                <Button
                  type="submit"
                  variant="outline"
                  className="w-full border-destructive/40 text-destructive hover:bg-red-50 hover:text-destructive sm:w-auto"
                  disabled={busy}
                >
                  Turn off
                </Button>
              </fetcher.Form>
            </div>
          </>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="turn-on" />
            <Button type="submit" disabled={busy}>
              <CalendarSync aria-hidden /> Turn on calendar feed
            </Button>
          </fetcher.Form>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === "turn-off" ? "Turn off your calendar feed?" : "Regenerate your feed address?"}
        description={
          confirm === "turn-off"
            ? "The address stops working at once, and the consultations disappear from calendars subscribed to it. You can turn the feed on again later, with a new address."
            : "The current address stops working at once. Calendars subscribed to it stop updating until you subscribe again with the new address."
        }
        confirm={<AlertDialogAction onClick={() => confirm && submit(confirm)}>{confirm === "turn-off" ? "Turn off" : "Regenerate"}</AlertDialogAction>}
      />
    </Card>
  );
}

/** The new address, shown once, with a Copy button and how to subscribe. */
function NewAddress({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      input.current?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    toast.success("Address copied", { id: "calendar-feed-copied" });
  };
  return (
    <div className="space-y-3 rounded-lg border border-primary/30 bg-accent p-4">
      <Label htmlFor="calendar-feed-url">Your feed address</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id="calendar-feed-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
          aria-describedby="calendar-feed-url-note"
        />
        <Button type="button" variant="outline" onClick={copy} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy address"}
        </Button>
      </div>
      <p id="calendar-feed-url-note" className="flex items-start gap-2 text-sm text-foreground">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        Copy it now: it is shown only this once. Anyone with the address can read your feed, so keep it to yourself.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Google Calendar: Other calendars, then From URL.</li>
        <li>Outlook: Add calendar, then Subscribe from web.</li>
        <li>Apple Calendar: File, then New Calendar Subscription.</li>
      </ul>
    </div>
  );
}
