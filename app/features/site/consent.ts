/**
 * The cookie-consent choice (`docs/design.md` section 6, UK PECR): kept for 180 days in the
 * first-party cookie `cookie_consent` ("accepted" or "rejected"). Browser-safe: read by the root
 * loader (the banner is server-rendered), the HTML cache key and the enhancement module.
 */
export const CONSENT_COOKIE = "cookie_consent";

/** How long the choice is kept, in seconds (180 days). */
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export type ConsentChoice = "accepted" | "rejected";

/** The choice in a `Cookie` header (or `document.cookie`), or null when none was made. */
export function parseConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|rejected)(?:;|$)`));
  return (match?.[1] as ConsentChoice | undefined) ?? null;
}
