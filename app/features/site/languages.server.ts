/**
 * The language a public page is asked for: the route's optional `:lang` segment, checked against
 * the languages the site offers (Settings > Languages). English needs no segment; any other
 * offered language has its own (`/fr/book-consultation`); a language not shipped or not offered,
 * or English's own prefix (`/en/...`), is no page at all (the route answers 404). Nothing is read
 * from `Accept-Language`: a shared link or a search engine gets the page it asked for.
 */
import { getSiteSettings } from "~/features/settings/settings.server";
import { routeLanguage, type Language } from "~/utils/i18n";

/** The offered language the `:lang` route parameter names (English without one), or null for a 404. */
export async function requestedLanguage(param: string | undefined): Promise<Language | null> {
  if (param === undefined) return routeLanguage(param, []);
  const settings = await getSiteSettings();
  return routeLanguage(param, settings.offeredLanguages);
}
