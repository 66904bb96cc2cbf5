import { describe, expect, it } from "vitest";
import { updateSiteSettings } from "~/features/settings/settings-admin.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { buildSitemapXml } from "~/features/seo/feeds.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { requestedLanguage } from "./languages.server";

setupTestDatabase();

const actor = { userId: "u-1", email: "boss@staff.test" };
/** The Settings form as a super admin posts it, with the offered languages ticked (English travels as a hidden field). */
const form = (offeredLanguages: string[]) => ({
  companyName: "Meridian Engineering",
  email: "hello@meridian.test",
  phone: "+44 20 7946 0000",
  location: "London, United Kingdom",
  linkedinUrl: "https://www.linkedin.com/company/meridian",
  notificationRecipients: "ops@meridian.test",
  minimumNoticeHours: "24",
  bookingWeeksAhead: "8",
  offeredLanguages,
});

describe("offered languages", () => {
  it("are every shipped language on a new install, each answering at its own prefix", async () => {
    expect((await getSiteSettings()).offeredLanguages).toEqual(["en", "fr", "pt", "ar"]);
    expect(await requestedLanguage(undefined)).toBe("en");
    expect(await requestedLanguage("fr")).toBe("fr");
    expect(await requestedLanguage("ar")).toBe("ar");
    expect(await requestedLanguage("en")).toBeNull();
    expect(await requestedLanguage("de")).toBeNull();
  });

  it("are what Settings keeps, English always, an unknown code dropped; a language left out is no page and leaves the sitemap", async () => {
    const saved = await updateSiteSettings(actor, form(["en", "fr", "xx"]));
    expect(saved.ok).toBe(true);
    expect((await getSiteSettings()).offeredLanguages).toEqual(["en", "fr"]);
    expect(await requestedLanguage("fr")).toBe("fr");
    expect(await requestedLanguage("pt")).toBeNull();
    expect(await requestedLanguage("ar")).toBeNull();

    const sitemap = await buildSitemapXml("https://meridian.test");
    expect(sitemap).toContain("<loc>https://meridian.test/fr/book-consultation</loc>");
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://meridian.test/book-consultation"/>');
    expect(sitemap).not.toContain("/pt/book-consultation");
    expect(sitemap).not.toContain("/fr/about");

    // Every box but English cleared: the hidden English field is all that is posted.
    await updateSiteSettings(actor, form(["en"]));
    expect((await getSiteSettings()).offeredLanguages).toEqual(["en"]);
    expect(await requestedLanguage("fr")).toBeNull();
    expect(await buildSitemapXml("https://meridian.test")).not.toContain("/fr/");
  });
});
