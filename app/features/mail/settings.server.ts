/**
 * The settings a message is written with: the site settings plus the office's postal address as
 * published in Admin > Site > Contact and footer, so every e-mail's footer shows the street
 * address visitors read on /contact (one place for it), not the short "Location" line of Settings.
 */
import { getSiteSettings } from "~/features/settings/settings.server";
import { readPublicPages } from "~/features/site-pages/pages.server";

/** `getSiteSettings()` with `address`: the published address lines of the contact page, in postal order. */
export async function getMailSettings() {
  const [settings, { pages }] = await Promise.all([getSiteSettings(), readPublicPages(["contact"])]);
  return { ...settings, address: pages.contact.addressLines };
}
