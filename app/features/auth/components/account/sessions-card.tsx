/**
 * Your account > Sessions: every browser signed in to this account (browser and system,
 * the network it was signed in from, last seen), this one first; sign out of any other one, or of
 * all others after a confirmation.
 */
import { Laptop, LogOut, Smartphone } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { IntentForm, IntentMessage, usePendingIntent } from "./shared";
import type { ActiveSession } from "../../sessions.server";
import type { AccountResult } from "./types";
import { formatUkDayTime24 } from "~/utils/format";

/** One session as the loader gives it. */
type Session = ActiveSession;

export function SessionsCard({ sessions, result }: { sessions: Session[]; result: AccountResult | null }) {
  const [confirmAll, setConfirmAll] = useState(false);
  const endingOthers = usePendingIntent("sessions-end-others");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card>
      <IconCardHeader icon={Laptop} title="Sessions" description="Where your account is signed in. Sign out of anything you do not recognise, then change your password." />
      <CardContent className="space-y-5">
        <IntentMessage result={result} intents={["session-end", "sessions-end-others"]} />
        <ul className="divide-y rounded-lg border" aria-label="Your sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 items-start gap-3">
                {s.device ? (
                  <Smartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                ) : (
                  <Laptop className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.browser} on {s.os}
                    {s.current ? <Badge variant="green">This browser</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {s.network ? `Network ${s.network}` : "Network unknown"} · Last seen {formatUkDayTime24(s.lastSeenAt)} · Signed in{" "}
                    {formatUkDayTime24(s.signedInAt)}
                  </p>
                </div>
              </div>
              {s.current ? null : <EndSession session={s} />}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Button type="button" variant="outline" onClick={() => setConfirmAll(true)} disabled={endingOthers}>
            <LogOut aria-hidden /> Sign out all other sessions
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Sign out all other sessions?"
        description={`The ${others === 1 ? "other browser" : `${others} other browsers`} will have to sign in again. This browser stays signed in.`}
        confirm={
          <IntentForm intent="sessions-end-others" onSubmit={() => setConfirmAll(false)}>
            <AlertDialogAction type="submit" className="w-full">
              Sign out others
            </AlertDialogAction>
          </IntentForm>
        }
      />
    </Card>
  );
}

function EndSession({ session }: { session: Session }) {
  const navigationBusy = usePendingIntent("session-end");
  return (
    <IntentForm intent="session-end">
      <input type="hidden" name="sessionId" value={session.id} />
      <Button type="submit" variant="outline" size="sm" disabled={navigationBusy} aria-label={`Sign out ${session.browser} on ${session.os}`}>
        <LogOut aria-hidden /> Sign out
      </Button>
    </IntentForm>
  );
}
