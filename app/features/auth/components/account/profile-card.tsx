/**
 * Your account > Your details: change your name; change your sign-in address (a link
 * goes to the new address; the old one keeps working until it is opened); your role.
 */
import { Mail, UserRound } from "lucide-react";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { Input } from "~/components/ui/input";
import { roleLabel, type AdminRole } from "../../roles";
import { errorsFor, IntentForm, IntentMessage, usePendingIntent } from "./shared";
import type { AccountResult } from "./types";

export function ProfileCard({
  admin,
  emailChanged,
  result,
}: {
  admin: { name: string; email: string; role: AdminRole };
  emailChanged: boolean;
  result: AccountResult | null;
}) {
  const savingName = usePendingIntent("change-name");
  const sendingLink = usePendingIntent("change-email");
  return (
    <Card>
      <IconCardHeader
        icon={UserRound}
        title="Your details"
        description={
          <>
            Your role is <span className="font-medium capitalize text-foreground">{roleLabel(admin.role)}</span>. Only a super admin can change it.
          </>
        }
      />
      <CardContent className="space-y-6">
        {emailChanged && !result ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
            Your e-mail address is now {admin.email}. Sign in with it from now on.
          </p>
        ) : null}
        <IntentMessage result={result} intents={["change-name", "change-email"]} />
        <IntentForm intent="change-name" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Name" errors={errorsFor(result, "change-name", "name")} className="flex-1">
            {(p) => <Input {...p} name="name" defaultValue={admin.name} autoComplete="name" required maxLength={120} />}
          </Field>
          <Button type="submit" variant="outline" disabled={savingName}>
            {savingName ? "Saving..." : "Save name"}
          </Button>
        </IntentForm>
        <div className="space-y-3">
          <p className="text-sm">
            You sign in with <span className="break-all font-medium">{admin.email}</span>.
          </p>
          <IntentForm intent="change-email" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field
              label="New e-mail address"
              errors={errorsFor(result, "change-email", "newEmail")}
              hint="We send a link to the new address; the change happens when you open it while signed in. Your old address is told."
              className="flex-1"
            >
              {(p) => <Input {...p} name="newEmail" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} required maxLength={254} />}
            </Field>
            <Button type="submit" variant="outline" disabled={sendingLink} className="sm:mb-6">
              <Mail aria-hidden /> {sendingLink ? "Sending..." : "Send link"}
            </Button>
          </IntentForm>
        </div>
      </CardContent>
    </Card>
  );
}
