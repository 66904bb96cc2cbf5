/**
 * Site pages per language (ADR 33) through the real route loaders and actions: the home and
 * about pages are served under a language prefix only where that page is published in it (else
 * 404 with no alternate), French is published alone, English is shown for an emptied section
 * only where staff chose it, and the English pages keep their words.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { sitePages } from "~/db/schema";
import { demoPageTranslations } from "~/db/seed/page-translations";
import type { CmsActor } from "~/features/cms/content.server";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { applyPageTranslation, pageSections } from "~/features/site-pages/page-words";
import { ensurePages, publishedSitePagePaths } from "~/features/site-pages/pages.server";
import { pageSchema } from "~/features/site-pages/schemas";
import { saveTranslation } from "~/features/translations/translations.server";
import { buildSitemapXml } from "~/features/seo/feeds.server";
import * as aboutRoute from "~/routes/public/about";
import * as homeRoute from "~/routes/public/home";
import * as servicesRoute from "~/routes/public/services";
import * as commercialRoute from "~/routes/public/services-commercial";
import * as privacyRoute from "~/routes/public/privacy";
import * as termsRoute from "~/routes/public/terms";
import * as translationRoute from "~/routes/admin/site/page-translation";
import type { PageInLanguage } from "~/utils/i18n";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };
const french = (key: "home" | "about") => demoPageTranslations.find((t) => t.key === key && t.language === "fr")!.document;

/** The id of site page `key` (created from the seed). */
async function pageId(key: "home" | "about" | "services" | "legal"): Promise<string> {
  await ensurePages(db, [key]);
  const [row] = await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.key, key));
  return row!.id;
}

type AboutData = { about: { story: { title: string }; values: { title: string } } | null; pageLanguages: PageInLanguage[] };
async function visitAbout(path: string, params: Record<string, string>) {
  const result = await outcome(() => aboutRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), params)));
  const value = result.value as { data?: AboutData } | AboutData | undefined;
  return { status: result.status, data: (value && "data" in value ? value.data : value) as AboutData };
}

type HomeData = { page: { home: { hero: { headline: string } } } | null; pageLanguages: PageInLanguage[] };
async function visitHome(path: string, params: Record<string, string>) {
  const result = await outcome(() => homeRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), params, { degraded: false })));
  const value = result.value as { data?: HomeData } | HomeData | undefined;
  return { status: result.status, data: (value && "data" in value ? value.data : value) as HomeData };
}

/** Every section of page `key`, for a translation that shows English wherever it is empty. */
const pageSectionsOf = (key: "services") => pageSections(pageSchema(key, "draft")).map((section) => section.name);

/** `value` as the page form posts it: every leaf under its dotted path. */
function flatten(value: unknown, name = "", out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${name}.${i}`, out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, name ? `${name}.${k}` : k, out);
  else if (typeof value === "boolean") {
    if (value) out[name] = "on";
  } else out[name] = String(value ?? "");
  return out;
}

describe("site pages in other languages", () => {
  it("serves /fr/about only once the about page is published in French, and French alone", async () => {
    const id = await pageId("about");
    expect((await visitAbout("/fr/about", { lang: "fr" })).status).toBe(404);
    await saveTranslation("page", actor, id, "fr", 0, { slug: null, document: french("about") }, { intent: "publish" });
    await saveTranslation("page", actor, id, "ar", 0, { slug: null, document: demoPageTranslations.find((t) => t.key === "about" && t.language === "ar")!.document }, { intent: "draft" });

    const fr = await visitAbout("/fr/about", { lang: "fr" });
    expect(fr.status).toBe(200);
    expect(fr.data.about?.story.title).toBe("Une ingénierie qui protège les personnes et les lieux dont elles dépendent");
    expect(fr.data.pageLanguages).toEqual([
      { language: "en", path: "/about" },
      { language: "fr", path: "/fr/about" },
    ]);
    // Arabic is a draft only; Portuguese was never started; English's prefix and an unknown language are no page.
    for (const lang of ["ar", "pt", "en", "xx"]) expect((await visitAbout(`/${lang}/about`, { lang })).status, lang).toBe(404);
    // The home page is not translated: no /fr, and the English pages keep their words.
    expect((await visitHome("/fr", { lang: "fr" })).status).toBe(404);
    const en = await visitAbout("/about", {});
    expect(en.data.about?.story.title).toBe(SITE_PAGE_SEED.about.story.title);
    expect((await visitHome("/", {})).data.page?.home.hero.headline).toBe("Building a resilient, sustainable future");
    const sitemap = await buildSitemapXml(TEST_ORIGIN);
    expect(sitemap).toContain("/fr/about</loc>");
    expect(sitemap).not.toContain("/ar/about</loc>");
  });

  it("unpublishing French takes /fr off the site and its alternate off the English page", async () => {
    const id = await pageId("home");
    const published = await saveTranslation("page", actor, id, "fr", 0, { slug: null, document: french("home") }, { intent: "publish" });
    expect((await visitHome("/fr", { lang: "fr" })).data.page?.home.hero.headline).toBe("Bâtir un avenir résilient et durable");
    expect((await visitHome("/", {})).data.pageLanguages.map((p) => p.path)).toEqual(["/", "/fr"]);
    await saveTranslation("page", actor, id, "fr", published.ok ? published.version : 0, null, { intent: "unpublish" });
    expect((await visitHome("/fr", { lang: "fr" })).status).toBe(404);
    expect((await visitHome("/", {})).data.pageLanguages.map((p) => p.path)).toEqual(["/"]);
  });
});

describe("the services pages in other languages", () => {
  it("serves /fr/services and its two service pages once the Services page is published in French, English where staff chose it", async () => {
    const id = await pageId("services");
    const load = (route: typeof servicesRoute | typeof commercialRoute, path: string, params: Record<string, string>) =>
      outcome(() => route.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), params, { degraded: false })));
    expect((await load(servicesRoute, "/fr/services", { lang: "fr" })).status).toBe(404);
    const document = { fields: { hero: { title: "Nos services" }, commercialPage: { title: "Ingénierie commerciale" } }, fallback: pageSectionsOf("services") };
    await saveTranslation("page", actor, id, "fr", 0, { slug: null, document }, { intent: "publish" });
    const services = (await load(servicesRoute, "/fr/services", { lang: "fr" })).value as { data: { hero: { title: string; description: string }; pillars: { href: string }[]; pageLanguages: PageInLanguage[] } };
    expect(services.data.hero.title).toBe("Nos services");
    expect(services.data.hero.description).toBe(SITE_PAGE_SEED.services.hero.description);
    expect(services.data.pillars.map((p) => p.href)).toEqual(["/fr/services/commercial", "/fr/services/humanitarian"]);
    expect(services.data.pageLanguages.map((p) => p.path)).toEqual(["/services", "/fr/services"]);
    const commercial = (await load(commercialRoute, "/fr/services/commercial", { lang: "fr" })).value as { data: { page: { title: string } } };
    expect(commercial.data.page.title).toBe("Ingénierie commerciale");
    expect((await load(commercialRoute, "/ar/services/commercial", { lang: "ar" })).status).toBe(404);
    expect(((await load(servicesRoute, "/services", {})).value as { data: { hero: { title: string } } }).data.hero.title).toBe(SITE_PAGE_SEED.services.hero.title);
  });
});

describe("the privacy policy and the terms in other languages", () => {
  type LegalData = { found: boolean; privacy?: { intro: string } | null; terms?: { intro: string } | null; pageLanguages: PageInLanguage[] };
  const visit = async (route: typeof privacyRoute | typeof termsRoute, path: string, params: Record<string, string>) => {
    const result = await outcome(() => route.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), params)));
    return { status: result.status, data: (result.value as { data: LegalData }).data };
  };
  const frenchLegal = demoPageTranslations.find((t) => t.key === "legal" && t.language === "fr")!.document;

  it("serves /fr/privacy and /fr/terms once the Legal page is published in French, and lists them in the sitemap and the root's links", async () => {
    const id = await pageId("legal");
    expect((await visit(privacyRoute, "/fr/privacy", { lang: "fr" })).status).toBe(404);
    expect(await publishedSitePagePaths("fr")).toEqual([]);
    await saveTranslation("page", actor, id, "fr", 0, { slug: null, document: frenchLegal }, { intent: "publish" });

    const privacy = await visit(privacyRoute, "/fr/privacy", { lang: "fr" });
    expect(privacy.status).toBe(200);
    expect(privacy.data.privacy?.intro).toMatch(/^Cette politique explique/);
    expect(privacy.data.pageLanguages.map((p) => p.path)).toEqual(["/privacy", "/fr/privacy"]);
    const terms = await visit(termsRoute, "/fr/terms", { lang: "fr" });
    expect(terms.data.terms?.intro).toMatch(/^Veuillez lire/);
    expect(terms.data.pageLanguages.map((p) => p.path)).toEqual(["/terms", "/fr/terms"]);
    // Not published in Arabic; English's own prefix and an unknown language are no page; English keeps its words.
    for (const lang of ["ar", "en", "xx"]) expect((await visit(privacyRoute, `/${lang}/privacy`, { lang })).status, lang).toBe(404);
    expect((await visit(termsRoute, "/ar/terms", { lang: "ar" })).status).toBe(404);
    expect((await visit(privacyRoute, "/privacy", {})).data.privacy?.intro).toBe(SITE_PAGE_SEED.legal.privacy.intro);
    expect(await publishedSitePagePaths("fr")).toEqual(["/privacy", "/terms"]);
    const sitemap = await buildSitemapXml(TEST_ORIGIN);
    expect(sitemap).toContain("/fr/privacy</loc>");
    expect(sitemap).toContain("/fr/terms</loc>");
    expect(sitemap).not.toContain("/ar/privacy</loc>");
  });

  it("counts a scheduled translation as live only from its instant", async () => {
    const id = await pageId("legal");
    const now = new Date();
    const at = new Date(now.getTime() + 3_600_000);
    await saveTranslation("page", actor, id, "fr", 0, { slug: null, document: frenchLegal }, { intent: "schedule", at }, now);
    expect(await publishedSitePagePaths("fr", now)).toEqual([]);
    expect(await publishedSitePagePaths("fr", new Date(at.getTime() + 1_000))).toEqual(["/privacy", "/terms"]);
  });
});

describe("the translation screen of a site page", () => {
  let editor: StaffSession;
  beforeEach(async () => {
    editor = await createStaffSession("editor", { name: "Eve Editor" });
  });

  it("refuses to publish an emptied section unless English is chosen for it, then publishes French only", async () => {
    const path = "/admin/site/about/fr";
    const screen = (await translationRoute.loader(routeArgs(editor.request(path), { page: "about", lang: "fr" }))) as Awaited<ReturnType<typeof translationRoute.loader>>;
    expect(screen).toMatchObject({ state: "missing", version: 0 });
    expect(screen.tabs.map((t) => [t.language, t.status])).toEqual([["en", "published"], ["fr", "missing"], ["pt", "missing"], ["ar", "missing"]]);
    const fields = flatten(applyPageTranslation(pageSchema("about", "draft"), SITE_PAGE_SEED.about, french("about")));
    fields["values.title"] = "";
    const refused = await outcome(() => translationRoute.action(routeArgs(editor.request(path, formPost({ ...fields, intent: "publish", version: "0" })), { page: "about", lang: "fr" })));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.value)).toContain("values.title");

    const saved = await outcome(() =>
      translationRoute.action(routeArgs(editor.request(path, formPost({ ...fields, fallback: "values", intent: "publish", version: "0" })), { page: "about", lang: "fr" })),
    );
    expect(saved.status).toBe(200);
    const fr = await visitAbout("/fr/about", { lang: "fr" });
    expect(fr.data.about?.story.title).toBe("Une ingénierie qui protège les personnes et les lieux dont elles dépendent");
    expect(fr.data.about?.values.title).toBe("What we stand for");
    expect((await visitAbout("/ar/about", { lang: "ar" })).status).toBe(404);
    const after = (await translationRoute.loader(routeArgs(editor.request(path), { page: "about", lang: "fr" }))) as Awaited<ReturnType<typeof translationRoute.loader>>;
    expect(after.tabs.map((t) => [t.language, t.status])).toEqual([["en", "published"], ["fr", "published"], ["pt", "missing"], ["ar", "missing"]]);
    expect(after.revisions).toHaveLength(1);
  });
});
