/**
 * The data every page needs from the root route: the company identity, analytics and verification
 * settings, the absolute site URL for canonical links, the contact details of the footer and the
 * visitor's cookie-consent choice.
 */
import { getSiteSettings } from "~/features/settings/settings.server";
import { publishedSitePagePaths, readPublicPages } from "~/features/site-pages/pages.server";
import { listPathsIn } from "~/features/translations/lists.server";
import { DEFAULT_LANGUAGE, languageOfPath } from "~/utils/i18n";
import { env } from "~/utils/env.server";
import { parseConsent } from "./consent";

/**
 * Builds the root loader's data for one request. `?preview=<token>` reads draft contact details
 * and never turns analytics on (staff reading a draft are no visitors); the consent choice comes
 * from the request's cookie (the banner is server-rendered; the HTML cache keys on it).
 */
export async function loadRootData(request: Request) {
  const url = new URL(request.url);
  const preview = url.searchParams.get("preview");
  const { language } = languageOfPath(url.pathname);
  const [settings, { pages, preview: contactPreview }, sitePagePaths, listPaths] = await Promise.all([
    getSiteSettings(),
    readPublicPages(["contact"], preview, new Date(), language),
    language === DEFAULT_LANGUAGE ? Promise.resolve([]) : publishedSitePagePaths(language),
    listPathsIn(language),
  ]);
  const { openingHours, addressLines, mapUrl, socialLinks, intro, replyNote } = pages.contact;
  return {
    site: {
      companyName: settings.companyName,
      email: settings.email,
      phone: settings.phone,
      location: settings.location,
      linkedinUrl: settings.linkedinUrl,
      // Google Analytics (and with it the consent banner) only when the settings choose it, and
      // never on a preview (`?preview=`): staff reading a draft are no visitors.
      analyticsId: settings.analyticsMode === "with_google" && preview === null ? settings.analyticsId : "",
      siteVerification: settings.siteVerification,
      publicUrl: env.PUBLIC_URL.replace(/\/$/, ""),
    },
    /** Admin > Site > Contact and footer, in the request's language where that page is published in it (else English). */
    contact: { hours: openingHours.map((line) => `${line.days}, ${line.hours}`).join("; "), addressLines, mapUrl, socialLinks, intro, replyNote },
    /** True when a signed preview link shows the Contact and footer draft (the public layout shows the preview banner). */
    preview: contactPreview,
    year: new Date().getFullYear(),
    consent: parseConsent(request.headers.get("cookie")),
    /** The languages the site offers (Settings > Languages), English first: the switcher and `hreflang` list them. */
    languages: settings.offeredLanguages,
    /**
     * The English paths of the pages that exist in the request's language (none in English): the
     * site pages published in it and the projects and insights lists while one of their items is.
     * The header's, footer's and pages' links go to them in it (`navHref`).
     */
    publishedPaths: [...sitePagePaths, ...listPaths],
  };
}
