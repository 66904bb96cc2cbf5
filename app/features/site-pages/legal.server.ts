/**
 * What /privacy and /terms read (Admin > Site > Privacy and terms), in English and in each offered
 * language the Legal page is published in (`/fr/privacy`, `/fr/terms`, ADR 33).
 */
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { DEFAULT_LANGUAGE, type Language, type PageInLanguage } from "~/utils/i18n";
import { loadSitePages, sitePageLanguages } from "./pages.server";
import type { PageContent } from "./schemas";

/** A legal page's data: its document, whether a draft is previewed, its address in each language it exists in, and its headers. */
export type LegalPageLoad =
  | { found: true; language: Language; legal: PageContent["legal"]; preview: boolean; pageLanguages: PageInLanguage[]; headers: HeadersInit | undefined }
  | { found: false; headers: HeadersInit | undefined };

/**
 * The Legal page for `path` ("/privacy" or "/terms") asked for with the route's `:lang` (`param`):
 * in English, or its translation where it is published in that offered language (a signed
 * `?preview=` token shows a draft or a translation's working copy); not found (the route answers
 * 404) for a language not offered, English's own prefix, or a language the page is not published
 * in. `pageLanguages` (none on a preview) drives the switcher and the `hreflang` alternates.
 */
export async function loadLegalPage(request: Request, param: string | undefined, path: "/privacy" | "/terms"): Promise<LegalPageLoad> {
  const language = await requestedLanguage(param);
  if (!language) return { found: false, headers: undefined };
  const { pages, preview, translated, headers } = await loadSitePages(request, ["legal"], new Date(), language);
  if (language !== DEFAULT_LANGUAGE && !translated.has("legal")) return { found: false, headers };
  const pageLanguages = preview ? [] : await getSiteSettings().then((settings) => sitePageLanguages("legal", path, settings.offeredLanguages));
  return { found: true, language, legal: pages.legal, preview, pageLanguages, headers };
}
