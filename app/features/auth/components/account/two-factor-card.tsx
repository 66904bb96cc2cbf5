/**
 * Your account > Two-factor authentication: set up an authenticator app (password, then
 * a QR code and the secret as text, then the first code), the ten recovery codes shown once with a
 * text-file download, new recovery codes, and turning it off (not while it is required of all staff).
 */
import { Download, ShieldAlert, ShieldCheck, Smartphone } from "lucide-react";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "../password-input";
import { errorsFor, IntentForm, IntentMessage, usePendingIntent } from "./shared";
import type { AccountResult } from "./types";

type TwoFactorState = { enabled: boolean; recoveryCodesLeft: number | null; required: boolean };

export function TwoFactorCard({
  state,
  mustEnrol,
  result,
}: {
  state: TwoFactorState;
  /** Two-factor is required and not set up yet: the only thing this member can do. */
  mustEnrol: boolean;
  result: AccountResult | null;
}) {
  const enrolment = !state.enabled && result?.enrolment ? result.enrolment : null;
  const codes = result?.ok && result.recoveryCodes ? result.recoveryCodes : null;
  return (
    <Card id="two-factor" className={mustEnrol ? "border-amber-300 ring-2 ring-amber-200" : undefined}>
      <CardHeader className="pb-4">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> Two-factor authentication
          {state.enabled ? <Badge variant="green">On</Badge> : <Badge variant="grey">Off</Badge>}
        </CardTitle>
        <CardDescription>
          After your password, signing in asks for a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone is not enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {mustEnrol ? (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            Two-factor authentication is required for all staff. Set it up here to continue using the portal.
          </p>
        ) : null}
        <IntentMessage
          result={result}
          intents={["totp-start", "totp-confirm", "recovery-regenerate", "totp-disable"]}
        />
        {codes ? <RecoveryCodes codes={codes} /> : null}
        {state.enabled ? (
          <Enabled state={state} result={result} />
        ) : enrolment ? (
          <Enrol enrolment={enrolment} result={result} />
        ) : (
          <Start result={result} />
        )}
      </CardContent>
    </Card>
  );
}

function Start({ result }: { result: AccountResult | null }) {
  const busy = usePendingIntent("totp-start");
  return (
    <IntentForm intent="totp-start" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field label="Your password" errors={errorsFor(result, "totp-start", "password")} className="flex-1">
        {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" required />}
      </Field>
      <Button type="submit" disabled={busy}>
        <Smartphone aria-hidden /> {busy ? "Starting..." : "Set up authenticator app"}
      </Button>
    </IntentForm>
  );
}

function Enrol({ enrolment, result }: { enrolment: NonNullable<AccountResult["enrolment"]>; result: AccountResult | null }) {
  const busy = usePendingIntent("totp-confirm");
  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <div className="space-y-2">
        <p className="text-sm font-medium">1. Scan this QR code with your app</p>
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="size-52 rounded-lg border bg-white p-2 [&_svg]:size-full"
          // The SVG comes from the qrcode library on our server, from a URI better-auth made.
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
      </div>
      <div className="min-w-0 space-y-5">
        <div className="space-y-1">
          <p className="text-sm font-medium">Or type this key into the app</p>
          <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="totp-secret">
            {enrolment.secret}
          </p>
          <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
        <IntentForm intent="totp-confirm" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="totpUri" value={enrolment.totpUri} />
          <Field label="2. Enter the code your app shows" errors={errorsFor(result, "totp-confirm", "code")} className="flex-1">
            {(p) => <Input {...p} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required placeholder="123456" />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Turn on two-factor"}
          </Button>
        </IntentForm>
      </div>
    </div>
  );
}

function Enabled({ state, result }: { state: TwoFactorState; result: AccountResult | null }) {
  const regenerating = usePendingIntent("recovery-regenerate");
  const disabling = usePendingIntent("totp-disable");
  return (
    <div className="space-y-6">
      <p className="text-sm">
        Recovery codes left: <span className="font-semibold">{state.recoveryCodesLeft ?? 0} of 10</span>. Use one to sign in if
        you lose your phone; each works once.
      </p>
      <IntentForm intent="recovery-regenerate" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label="Your password"
          errors={errorsFor(result, "recovery-regenerate", "password")}
          hint="New codes replace all the old ones."
          className="flex-1"
        >
          {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" required />}
        </Field>
        <Button type="submit" variant="outline" disabled={regenerating} className="sm:mb-6">
          {regenerating ? "Making..." : "New recovery codes"}
        </Button>
      </IntentForm>
      {state.required ? (
        <p className="text-sm text-muted-foreground">Two-factor is required for all staff, so it cannot be turned off.</p>
      ) : (
        <IntentForm intent="totp-disable" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Your password" errors={errorsFor(result, "totp-disable", "password")} hint="Signing in then asks for your password only." className="flex-1">
            {(p) => <PasswordInput {...p} name="password" autoComplete="current-password" required />}
          </Field>
          <Button
            type="submit"
            variant="outline"
            disabled={disabling}
            className="border-destructive/40 text-destructive hover:bg-red-50 hover:text-destructive sm:mb-6"
          >
            {disabling ? "Turning off..." : "Turn off two-factor"}
          </Button>
        </IntentForm>
      )}
    </div>
  );
}

/** The recovery codes, shown once: a list, a .txt download and a warning to keep them safe. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `Meridian admin portal recovery codes\nEach code signs you in once if you cannot use your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-3 rounded-lg border border-primary/30 bg-accent p-4">
      <p className="text-sm font-medium">Your recovery codes</p>
      <p className="text-sm">Save them now, somewhere safe (a password manager or a printout): they are shown only this once.</p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button asChild variant="outline">
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="recovery-codes.txt">
          <Download aria-hidden /> Download as text file
        </a>
      </Button>
    </div>
  );
}
