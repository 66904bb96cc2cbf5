import { Fingerprint, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { FormAlert } from "./form-alert";

/**
 * "Use a passkey" under the login form: runs the WebAuthn ceremony through
 * better-auth's passkey client, then opens `redirectTo`. Shown only once JavaScript runs in a
 * browser that supports passkeys.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || typeof window.PublicKeyCredential === "undefined") return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { authClient, passkeyErrorMessage } = await import("../passkey-client");
      const result = await authClient.signIn.passkey();
      if (result.error) {
        setError(passkeyErrorMessage(result.error));
        return;
      }
      window.location.assign(redirectTo);
    } catch {
      setError("The passkey could not be used. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <Button type="button" variant="outline" size="lg" className="mt-4 w-full" onClick={signIn} disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Fingerprint aria-hidden />}
        {busy ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
    </div>
  );
}
