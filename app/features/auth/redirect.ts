import { encodeForLocation } from "~/utils/location-path";

/**
 * Where to go after signing in: the `redirectTo` parameter when it is a path inside the admin
 * portal (never another site, never the login page), else /admin/dashboard. Characters a
 * `Location` header cannot carry (controls, non-ASCII) come back percent-encoded.
 */
export function safeAdminRedirect(value: FormDataEntryValue | string | null | undefined): string {
  const target = typeof value === "string" ? value.trim() : "";
  if (!target.startsWith("/admin/") || target.startsWith("//") || target.includes("\\")) return "/admin/dashboard";
  const signedOut = ["/admin/login", "/admin/logout", "/admin/set-password", "/admin/forgot-password", "/admin/two-factor"];
  if (signedOut.some((path) => target.startsWith(path))) {
    return "/admin/dashboard";
  }
  return encodeForLocation(target);
}
