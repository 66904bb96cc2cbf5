/**
 * Your account > Password: the current password, the new one twice with the rule shown
 * by the field; every other session is signed out.
 */
import { KeyRound } from "lucide-react";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { PasswordInput } from "../password-input";
import { errorsFor, IntentForm, IntentMessage, usePendingIntent } from "./shared";
import type { AccountResult } from "./types";

export function PasswordCard({ passwordRule, result }: { passwordRule: string; result: AccountResult | null }) {
  const saving = usePendingIntent("change-password");
  const done = result?.intent === "change-password" && result.ok;
  return (
    <Card>
      <IconCardHeader icon={KeyRound} title="Password" description="Changing your password signs you out everywhere else." />
      <CardContent className="space-y-5">
        <IntentMessage result={result} intents={["change-password"]} />
        <IntentForm intent="change-password" className="grid gap-5" key={done ? "done" : "form"}>
          <Field label="Current password" errors={errorsFor(result, "change-password", "currentPassword")} required>
            {(p) => <PasswordInput {...p} name="currentPassword" autoComplete="current-password" required />}
          </Field>
          <Field label="New password" errors={errorsFor(result, "change-password", "newPassword")} hint={passwordRule} required>
            {(p) => <PasswordInput {...p} name="newPassword" autoComplete="new-password" required minLength={12} maxLength={128} />}
          </Field>
          <Field label="Repeat the new password" errors={errorsFor(result, "change-password", "confirmPassword")} required>
            {(p) => <PasswordInput {...p} name="confirmPassword" autoComplete="new-password" required minLength={12} maxLength={128} />}
          </Field>
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Changing..." : "Change password"}
            </Button>
          </div>
        </IntentForm>
      </CardContent>
    </Card>
  );
}
