/**
 * "Require two-factor for all staff" on the Users screen (super admins): a switch that
 * posts `intent=require-two-factor`, after a confirmation when turning it on, with how many
 * active members have not set it up yet (they will be sent to set it up at their next request).
 */
import { ShieldAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import type { StaffMember } from "../users.server";

export function TwoFactorPolicyCard({ required, staff }: { required: boolean; staff: Pick<StaffMember, "isActive" | "twoFactorEnabled">[] }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [confirming, setConfirming] = useState(false);
  const shown = useRef<unknown>(null);
  const without = staff.filter((s) => s.isActive && !s.twoFactorEnabled).length;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    if (fetcher.data.ok) toast.success(fetcher.data.message, { id: "require-two-factor" });
    else toast.error("Could not save", { id: "require-two-factor-error", description: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-5 text-primary" aria-hidden /> Require two-factor for all staff
        </CardTitle>
        <CardDescription>
          {required
            ? "On. Staff without two-factor can only set it up until they have."
            : "Off. Staff choose whether to use two-factor in Your account."}{" "}
          {without === 0 ? "Every active member has it." : `${without} active ${without === 1 ? "member has" : "members have"} not set it up.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          onSubmit={(e) => {
            if (!required) {
              e.preventDefault();
              setConfirming(true);
            }
          }}
        >
          <input type="hidden" name="intent" value="require-two-factor" />
          <input type="hidden" name="on" value={required ? "false" : "true"} />
          <Button type="submit" variant={required ? "outline" : "default"} disabled={busy}>
            {required ? "Stop requiring two-factor" : "Require two-factor"}
          </Button>
        </fetcher.Form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Require two-factor for all staff?"
        description={`Staff without two-factor (${without}) will be sent to set it up on their next page and can do nothing else until they have. Make sure they have a phone with an authenticator app.`}
        confirm={
          <AlertDialogAction onClick={() => fetcher.submit({ intent: "require-two-factor", on: "true" }, { method: "post" })}>
            Require two-factor
          </AlertDialogAction>
        }
      />
    </Card>
  );
}
