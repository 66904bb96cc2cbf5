/**
 * Your account > Passkeys: add a named passkey (the browser's WebAuthn prompt, through
 * better-auth's passkey client), list them, remove one after a confirmation. Adding needs
 * JavaScript; without it the section says so.
 */
import { Fingerprint, Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Field } from "~/components/field";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/utils/use-hydrated";
import { IntentForm, IntentMessage } from "./shared";
import type { AccountResult } from "./types";
import { formatUkDate } from "~/utils/format";

/** One passkey as the loader gives it. */
type Passkey = { id: string; name: string; provider: string | null; synced: boolean; createdAt: string | null };

export function PasskeysCard({ passkeys, result }: { passkeys: Passkey[]; result: AccountResult | null }) {
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <Card>
      <IconCardHeader
        icon={Fingerprint}
        title="Passkeys"
        description={
          <>
            Sign in with your fingerprint, face or device PIN instead of a password. A passkey stays on your device or in your
            password manager; nothing secret is sent to us.
          </>
        }
      />
      <CardContent className="space-y-5">
        <IntentMessage result={result} intents={["passkey-remove"]} />
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{p.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {[p.provider, p.synced ? "Synced" : "This device only", p.createdAt ? `Added ${formatUkDate(p.createdAt)}` : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => setRemoving(p)} aria-label={`Remove passkey ${p.name}`}>
                  <Trash2 aria-hidden /> Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddPasskey />
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove the passkey "${removing?.name ?? ""}"?`}
        description="It can no longer be used to sign in. Remove it from your device or password manager too."
        confirm={
          <IntentForm intent="passkey-remove" onSubmit={() => setRemoving(null)}>
            <input type="hidden" name="passkeyId" value={removing?.id ?? ""} />
            <AlertDialogAction type="submit" className="w-full">
              Remove passkey
            </AlertDialogAction>
          </IntentForm>
        }
      />
    </Card>
  );
}

function AddPasskey() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!hydrated) return <p className="text-sm text-muted-foreground">Adding a passkey needs JavaScript.</p>;
  if (typeof window.PublicKeyCredential === "undefined") {
    return <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>;
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setMessage({ ok: false, text: 'Name the passkey, e.g. "Work laptop".' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const { authClient, passkeyErrorMessage } = await import("../../passkey-client");
      const outcome = await authClient.passkey.addPasskey({ name: trimmed });
      if (outcome?.error) {
        setMessage({ ok: false, text: passkeyErrorMessage(outcome.error) });
        return;
      }
      setName("");
      setMessage({ ok: true, text: `Passkey "${trimmed}" added. You can now sign in with it.` });
      await revalidator.revalidate();
    } catch {
      setMessage({ ok: false, text: "The passkey could not be added. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} className="space-y-3">
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={
            message.ok
              ? "rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
              : "rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          }
        >
          {message.text}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Passkey name" hint='Where it lives, e.g. "Work laptop" or "iPhone".' className="flex-1">
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="off" />}
        </Field>
        <Button type="submit" disabled={busy} className="sm:mb-6">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Fingerprint aria-hidden />}
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </div>
    </form>
  );
}
