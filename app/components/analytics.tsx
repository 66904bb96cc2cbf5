/**
 * Cookie consent and Google Analytics 4 (`shared/DESIGN.md` section 6: analytics loads only after
 * the visitor accepts cookies, UK PECR, and only when a measurement id is set; the root renders
 * this component only when an id is set).
 *
 * The choice is kept for 180 days in the first-party cookie `cookie_consent` ("accepted" or
 * "rejected"). Until a choice is made a banner asks; the footer's "Cookie settings" button reopens
 * it (`openCookieSettings()`). gtag.js is loaded async from googletagmanager.com (allowed by the
 * CSP) with the request's nonce when one is known; the dataLayer bootstrap runs from this bundle,
 * so no inline script is needed.
 */
import { useEffect, useState } from "react";

export const CONSENT_COOKIE = "cookie_consent";
const OPEN_EVENT = "cookie-consent:open";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export type ConsentChoice = "accepted" | "rejected";

/** The stored choice, or null when the visitor has not chosen yet (browser only). */
export function readConsent(): ConsentChoice | null {
  if (typeof document === "undefined") return null;
  const match = document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=(accepted|rejected)`));
  return (match?.[1] as ConsentChoice | undefined) ?? null;
}

function writeConsent(choice: ConsentChoice) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** Reopens the consent banner (used by the footer's "Cookie settings" button). */
export function openCookieSettings() {
  window.dispatchEvent(new CustomEvent(OPEN_EVENT));
}

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void } & Record<string, unknown>;

function loadGtag(measurementId: string, nonce?: string) {
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
  w.gtag("config", measurementId, { anonymize_ip: true });
  const script = document.createElement("script");
  script.id = "ga4-gtag";
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  const pageNonce = nonce || document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (pageNonce) script.nonce = pageNonce;
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

/** The consent banner plus GA4 once accepted. Renders nothing on the server. */
export function Analytics({ measurementId, nonce }: { measurementId: string; nonce?: string }) {
  const [mounted, setMounted] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  const [reopened, setReopened] = useState(false);

  useEffect(() => {
    setChoice(readConsent());
    setMounted(true);
    const onOpen = () => setReopened(true);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);

  useEffect(() => {
    if (choice === "accepted") loadGtag(measurementId, nonce);
    else if (choice === "rejected") disableGtag(measurementId);
  }, [choice, measurementId, nonce]);

  const decide = (value: ConsentChoice) => {
    writeConsent(value);
    setChoice(value);
    setReopened(false);
  };

  if (!mounted || (choice && !reopened)) return null;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/20 sm:inset-x-6 sm:bottom-6"
    >
      <h2 className="text-base font-semibold text-foreground">Cookies on this site</h2>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
        We use essential cookies to make this site work. With your permission we would also like to use Google Analytics cookies
        to understand how the site is used. You can change your mind at any time in "Cookie settings" in the footer. See our{" "}
        <a href="/privacy#cookies" className="font-medium text-primary underline underline-offset-2">
          privacy policy
        </a>
        .
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => decide("accepted")}
          className="inline-flex h-10 flex-1 items-center justify-center rounded-md bg-primary px-5 text-sm font-semibold text-white hover:bg-teal-800 sm:flex-none"
        >
          Accept
        </button>
        <button
          type="button"
          onClick={() => decide("rejected")}
          className="inline-flex h-10 flex-1 items-center justify-center rounded-md border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-muted sm:flex-none"
        >
          Reject
        </button>
        {choice ? (
          <p className="w-full text-sm text-slate-600 sm:w-auto">
            Current choice: {choice === "accepted" ? "accepted" : "rejected"}
          </p>
        ) : null}
      </div>
    </section>
  );
}
