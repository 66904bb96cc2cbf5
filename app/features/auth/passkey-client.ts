/**
 * better-auth's browser client with its passkey plugin, for the WebAuthn ceremonies the
 * browser must run itself. Import it dynamically (`await import(...)`) where a person clicks, so
 * the pages that never use it do not load it. Reaches only the passkey endpoints listed in
 * `PUBLIC_AUTH_ENDPOINTS`.
 */
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: "/api/auth",
  plugins: [passkeyClient()],
});

/** A failed ceremony as a sentence: a cancelled prompt is not an error worth shouting about. */
export function passkeyErrorMessage(error: { code?: string; message?: string; status?: number } | null): string {
  if (!error) return "Something went wrong. Please try again.";
  if (error.code === "AUTH_CANCELLED" || error.code === "ERROR_CEREMONY_ABORTED") return "The passkey prompt was closed. Try again when you are ready.";
  if (error.status === 429) return "Too many attempts. Please wait a minute and try again.";
  if (error.code === "NO_ADMIN_ACCESS") return "This account does not have access to the admin portal.";
  if (error.code === "PASSKEY_NOT_FOUND") return "This passkey is not registered here. Sign in with your password.";
  return error.message ?? "The passkey could not be used. Please try again.";
}
