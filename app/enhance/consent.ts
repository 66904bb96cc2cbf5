/**
 * Cookie consent and Google Analytics 4 (`docs/design.md` section 6, UK PECR)
 * on the server-rendered banner of `features/site/components/cookie-banner.tsx`. GA4 loads only after Accept and
 * only where the banner exists (a measurement id is set and the page allows analytics: never under
 * /admin or on token pages). It is told the page's address without its query string or fragment,
 * and a same-site referrer is reduced to the site's origin, so no search text or token reaches it.
 * gtag.js comes from googletagmanager.com, which the CSP allows; the bootstrap runs here, so no
 * inline script is needed.
 */
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, parseConsent, type ConsentChoice } from "~/features/site/consent";

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } & Record<string, unknown>;

function writeConsent(choice: ConsentChoice) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The page address GA4 may see: origin and path only. */
export function analyticsLocation(location: Pick<Location, "origin" | "pathname">): string {
  return `${location.origin}${location.pathname}`;
}

/** The referrer GA4 may see: none for this site's own pages, otherwise the referring origin. */
export function analyticsReferrer(referrer: string, origin: string): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    return url.origin === origin ? "" : `${url.origin}/`;
  } catch {
    return "";
  }
}

function loadGtag(measurementId: string) {
  const w = window as unknown as GtagWindow;
  w[`ga-disable-${measurementId}`] = false;
  if (document.getElementById("ga4-gtag")) return;
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js expects the arguments object itself.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag("js", new Date());
  w.gtag("config", measurementId, {
    anonymize_ip: true,
    page_location: analyticsLocation(window.location),
    page_path: window.location.pathname,
    page_referrer: analyticsReferrer(document.referrer, window.location.origin),
  });
  const script = document.createElement("script");
  script.id = "ga4-gtag";
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

function disableGtag(measurementId: string) {
  const w = window as unknown as GtagWindow;
  w[`ga-disable-${measurementId}`] = true;
  // Remove the analytics cookies already set on this site.
  for (const cookie of document.cookie.split("; ")) {
    const name = cookie.split("=")[0];
    if (name && (name === "_ga" || name.startsWith("_ga_") || name === "_gid")) {
      document.cookie = `${name}=; Max-Age=0; Path=/`;
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=.${window.location.hostname}`;
    }
  }
}

/** Wires the consent banner and the footer's "Cookie settings" button, and applies the stored choice. */
export function enhanceConsent() {
  const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
  const measurementId = banner?.dataset.measurementId;
  if (!banner || !measurementId) return;
  const current = banner.querySelector<HTMLElement>("[data-consent-current]");
  const label = banner.querySelector<HTMLElement>("[data-consent-label]");

  const apply = (choice: ConsentChoice | null) => {
    if (choice === "accepted") loadGtag(measurementId);
    else if (choice === "rejected") disableGtag(measurementId);
  };
  const show = (choice: ConsentChoice | null) => {
    if (current) current.hidden = choice === null;
    if (label) label.textContent = choice ?? "";
  };

  const stored = parseConsent(document.cookie);
  show(stored);
  banner.hidden = stored !== null;
  apply(stored);

  for (const button of banner.querySelectorAll<HTMLElement>("[data-consent]")) {
    button.addEventListener("click", (event) => {
      // The buttons also submit the banner's form to /consent, for browsers without JavaScript.
      event.preventDefault();
      const choice = button.dataset.consent as ConsentChoice;
      writeConsent(choice);
      banner.hidden = true;
      show(choice);
      apply(choice);
    });
  }
  for (const button of document.querySelectorAll<HTMLElement>("[data-cookie-settings]")) {
    button.addEventListener("click", () => {
      banner.hidden = false;
      banner.querySelector<HTMLElement>("[data-consent]")?.focus();
    });
    // Sent hidden: without JavaScript it could not reopen the banner.
    button.hidden = false;
  }
}
