/**
 * The loader of /services/commercial and /services/humanitarian (each a part of the Services page
 * of the site studio), stated once for both.
 */
import { data, type AppLoadContext } from "react-router";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import type { PageInLanguage } from "~/utils/i18n";
import { loadServicePage, sitePageLanguages } from "./pages.server";

/** Which service page: its part of the Services page and its English path. */
const SERVICE_PAGES = {
  commercial: { part: "commercialPage", path: "/services/commercial" },
  humanitarian: { part: "humanitarianPage", path: "/services/humanitarian" },
} as const;

/**
 * The published Services page's part for `service` (`?preview=` shows a draft), and under a
 * language prefix (`lang`, the route's `:lang` segment) its translation where the Services page is
 * published in that offered language (ADR 33), else `page: null` with HTTP 404. `pageLanguages`
 * lists the page's addresses in every language it is published in (none for a preview).
 */
export async function loadServiceDetail(request: Request, context: AppLoadContext, lang: string | undefined, service: keyof typeof SERVICE_PAGES) {
  const { part, path } = SERVICE_PAGES[service];
  const language = await requestedLanguage(lang);
  const notFound = { page: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404 });
  const { headers, found, ...page } = await loadServicePage(request, context, part, language);
  if (!found) return data(notFound, { status: 404, headers });
  const pageLanguages = page.preview ? [] : await sitePageLanguages("services", path, (await getSiteSettings()).offeredLanguages);
  return data({ ...page, pageLanguages }, { headers });
}
