/**
 * The cookie-consent banner (`docs/design.md` section 6): rendered by the server when a GA4
 * measurement id is set and the page allows analytics; shown until the visitor chooses, hidden
 * afterwards (the choice is part of the HTML cache key). The enhancement module
 * (`app/enhance/consent.ts`) stores the choice, loads GA4 after Accept and reopens the banner from
 * the footer's "Cookie settings" button. No inline script: the measurement id travels in a data attribute.
 * Without JavaScript, Accept and Reject submit a form to `/consent` (`features/site/consent.server.ts`),
 * which sets the same cookie and comes back to this page.
 */
import { useLocation } from "react-router";
import type { ConsentChoice } from "~/features/site/consent";
import { withoutTracking } from "~/features/site/page-url";
import { useNavHref } from "~/features/site/root-data";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** The two choices' submit buttons, Accept (primary) first. */
const CHOICE_BUTTONS: { value: ConsentChoice; label: typeof m.cookie_accept; className: string }[] = [
  {
    value: "accepted",
    label: m.cookie_accept,
    className: "inline-flex h-10 flex-1 items-center justify-center rounded-md bg-primary px-5 text-sm font-semibold text-white hover:bg-teal-800 sm:flex-none",
  },
  {
    value: "rejected",
    label: m.cookie_reject,
    className: "inline-flex h-10 flex-1 items-center justify-center rounded-md border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-muted sm:flex-none",
  },
];

/** The banner, in the page's language. */
export function CookieBanner({ measurementId, choice }: { measurementId: string; choice: ConsentChoice | null }) {
  const { pathname, search } = useLocation();
  const locale = { locale: usePageLanguage() };
  const href = useNavHref();
  return (
    <section
      aria-label={m.cookie_region({}, locale)}
      data-cookie-banner=""
      data-measurement-id={measurementId}
      data-choice={choice ?? ""}
      hidden={choice !== null}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-2xl shadow-slate-900/20 sm:inset-x-6 sm:bottom-6"
    >
      <h2 className="text-base font-semibold text-foreground">{m.cookie_heading({}, locale)}</h2>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
        {m.cookie_body_before({}, locale)}{" "}
        <a href={`${href("/privacy")}#cookies`} className="font-medium text-primary underline underline-offset-2">
          {m.cookie_privacy_link({}, locale)}
        </a>
        .
      </p>
      <form method="post" action="/consent" className="mt-4 flex flex-wrap items-center gap-3">
        {/* Without tracking parameters: the page is then the same with or without them (the HTML cache stores it under its clean URL). */}
        <input type="hidden" name="returnTo" value={`${pathname}${withoutTracking(search)}`} />
        {CHOICE_BUTTONS.map((button) => (
          <button key={button.value} type="submit" name="choice" value={button.value} data-consent={button.value} className={button.className}>
            {button.label({}, locale)}
          </button>
        ))}
        <p data-consent-current="" hidden={!choice} className="w-full text-sm text-slate-600 sm:w-auto">
          {m.cookie_current({}, locale)} <span data-consent-label="">{choice ?? ""}</span>
        </p>
      </form>
    </section>
  );
}
