/**
 * The settings a message is written with: the site settings plus the office's postal address as
 * published in Admin > Site > Contact and footer, so every e-mail's footer shows the street
 * address visitors read on /contact (one place for it), not the short "Location" line of Settings;
 * a message in another language shows the address as the contact page is published in it.
 */
import { getSiteSettings } from "~/features/settings/settings.server";
import { readPublicPages } from "~/features/site-pages/pages.server";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "~/utils/i18n";

/**
 * `getSiteSettings()` with `address`: the published address lines of the contact page, in postal
 * order, and `addresses`: the same lines in each language the contact page is published in
 * ("Londres", "Royaume-Uni"), by language code (a language without a translation is absent, and
 * its messages show the English lines).
 */
export async function getMailSettings() {
  const others = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);
  const [settings, { pages }, ...translated] = await Promise.all([
    getSiteSettings(),
    readPublicPages(["contact"]),
    ...others.map((code) => readPublicPages(["contact"], null, new Date(), code)),
  ]);
  const addresses: Partial<Record<Language, readonly string[]>> = {};
  others.forEach((code, i) => {
    const page = translated[i]!;
    if (page.translated.has("contact")) addresses[code] = page.pages.contact.addressLines;
  });
  return { ...settings, address: pages.contact.addressLines, addresses };
}
