/**
 * The projects and insights lists in a language (ADR 33) through the route loaders: a language's
 * list holds only the items published in it, with their translated words and addresses, searches
 * the translated words, and is no page (404, no alternate, not in the sitemap) while nothing is
 * published in it.
 */
import { describe, expect, it } from "vitest";
import { navHref } from "~/content/nav";
import { createContent, type CmsActor } from "~/features/cms/content.server";
import { buildInsightsRss, buildSitemapXml } from "~/features/seo/feeds.server";
import { loadRootData } from "~/features/site/root-data.server";
import { parseTranslationForm, type TranslatableKind } from "~/features/translations/fields";
import { saveTranslation } from "~/features/translations/translations.server";
import * as projectsRoute from "~/routes/public/projects";
import * as insightsRoute from "~/routes/public/insights";
import { pageAlternates, type PageInLanguage } from "~/utils/i18n";
import { outcome, routeArgs, TEST_ORIGIN } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };

/** Publishes (or only drafts) the translation of item `id` into `language`. */
async function translate(kind: TranslatableKind, id: string, language: "fr" | "ar" | "pt", fields: Record<string, string>, intent: "publish" | "draft" = "publish") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const parsed = parseTranslationForm(kind, form, intent === "publish");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveTranslation(kind, actor, id, language, 0, parsed.input, { intent });
  expect(saved.ok).toBe(true);
}

const project = (title: string, category: "commercial" | "humanitarian", location = "London") =>
  createContent("project", actor, { title, client: "City Council", category, status: "Completed", overview: `${title} overview.`, location }, { intent: "publish" });

type ProjectList = { projects: { title: string; slug: string; description: string }[]; counts: Record<string, number>; pageLanguages: PageInLanguage[] };
async function projects(path: string, lang?: string) {
  const result = await outcome(() => projectsRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), lang ? { lang } : {})));
  const value = result.value as { data?: ProjectList } | ProjectList;
  return { status: result.status, data: (value && "data" in value ? value.data : value) as ProjectList };
}

type InsightList = { insights: { title: string; slug: string; excerpt: string; dateLabel: string }[]; pageLanguages: PageInLanguage[] };
async function insights(path: string, lang?: string) {
  const result = await outcome(() => insightsRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), lang ? { lang } : {})));
  const value = result.value as { data?: InsightList } | InsightList;
  return { status: result.status, data: (value && "data" in value ? value.data : value) as InsightList };
}

describe("the projects list in a language", () => {
  it("is 404 with no alternate while no project is published in it, even with a draft", async () => {
    const bridge = await project("Harbour Bridge", "commercial");
    await translate("project", bridge.id, "fr", { slug: "pont-du-port", title: "Pont du port", overview: "Un pont." }, "draft");
    expect((await projects("/fr/projects", "fr")).status).toBe(404);
    expect((await projects("/en/projects", "en")).status).toBe(404);
    const en = await projects("/projects");
    expect(en.status).toBe(200);
    expect(pageAlternates(en.data.pageLanguages)).toEqual([]);
    expect(await buildSitemapXml("https://example.org")).not.toContain("https://example.org/fr/projects</loc>");
  });

  it("holds only the projects published in it, with their translated words and addresses", async () => {
    const bridge = await project("Harbour Bridge", "commercial");
    const shelter = await project("Cyclone Shelter", "humanitarian", "Beira");
    await project("Riverside Tower", "commercial");
    await translate("project", bridge.id, "fr", { slug: "pont-du-port", title: "Pont du port", overview: "Un pont sur le port." });
    await translate("project", shelter.id, "fr", { slug: "abri-anticyclonique", title: "Abri anticyclonique", overview: "Un abri pour l’école." });
    await translate("project", shelter.id, "ar", { slug: "malja", title: "ملجأ الأعاصير", overview: "ملجأ." }, "draft");

    const fr = await projects("/fr/projects", "fr");
    expect(fr.status).toBe(200);
    expect(fr.data.projects.map((p) => [p.title, p.slug, p.description]).sort()).toEqual([
      ["Abri anticyclonique", "abri-anticyclonique", "Un abri pour l’école."],
      ["Pont du port", "pont-du-port", "Un pont sur le port."],
    ]);
    expect(fr.data.counts).toEqual({ all: 2, commercial: 1, humanitarian: 1 });
    expect(fr.data.pageLanguages).toEqual([
      { language: "en", path: "/projects" },
      { language: "fr", path: "/fr/projects" },
    ]);
    expect((await projects("/ar/projects", "ar")).status).toBe(404);
    // English is unchanged: every English project, English words.
    expect((await projects("/projects")).data.projects.map((p) => p.title).sort()).toEqual(["Cyclone Shelter", "Harbour Bridge", "Riverside Tower"]);

    const xml = await buildSitemapXml("https://example.org");
    expect(xml).toContain("<loc>https://example.org/fr/projects</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/projects"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/projects"/>');
  });

  it("filters by category and searches the translated words, not the English ones", async () => {
    const bridge = await project("Harbour Bridge", "commercial");
    const shelter = await project("Cyclone Shelter", "humanitarian", "Beira");
    await translate("project", bridge.id, "fr", { slug: "pont-du-port", title: "Pont du port", overview: "Un pont." });
    await translate("project", shelter.id, "fr", { slug: "abri-anticyclonique", title: "Abri anticyclonique", overview: "Un abri pour l’École." });

    const humanitarian = await projects("/fr/projects?category=humanitarian", "fr");
    expect(humanitarian.data.projects.map((p) => p.slug)).toEqual(["abri-anticyclonique"]);
    const search = await projects(`/fr/projects?q=${encodeURIComponent("école")}`, "fr");
    expect(search.data.projects.map((p) => p.slug)).toEqual(["abri-anticyclonique"]);
    expect(search.data.counts).toEqual({ all: 1, commercial: 0, humanitarian: 1 });
    expect((await projects("/fr/projects?q=harbour", "fr")).data.projects).toEqual([]);
    expect((await projects("/fr/projects?q=beira", "fr")).data.projects.map((p) => p.slug)).toEqual(["abri-anticyclonique"]);
    const none = await projects("/fr/projects?category=commercial&q=abri", "fr");
    expect(none.status).toBe(200);
    expect(none.data.counts).toEqual({ all: 1, commercial: 0, humanitarian: 1 });
  });
});

describe("the insights list in a language", () => {
  it("holds only the articles published in it, translated, dated in the language; else 404", async () => {
    const article = (title: string) =>
      createContent("insight", actor, { title, excerpt: `${title} excerpt.`, authorName: "Ada", summary: "S.", category: "Case Study", content: [], readingTime: "5 mins read", publishedDate: "2026-03-02T10:00:00.000Z" }, { intent: "publish" });
    const steel = await article("Steel");
    await article("Timber");
    expect((await insights("/ar/insights", "ar")).status).toBe(404);
    await translate("insight", steel.id, "ar", { slug: "al-fulath", title: "الفولاذ", excerpt: "عن الفولاذ.", content: JSON.stringify([{ type: "paragraph", content: "نص." }]) });

    const ar = await insights("/ar/insights", "ar");
    expect(ar.status).toBe(200);
    expect(ar.data.insights.map((i) => [i.title, i.slug, i.excerpt])).toEqual([["الفولاذ", "al-fulath", "عن الفولاذ."]]);
    expect(ar.data.insights[0]!.dateLabel).not.toBe("March 2, 2026");
    expect(ar.data.pageLanguages.map((p) => p.path)).toEqual(["/insights", "/ar/insights"]);
    expect((await insights("/fr/insights", "fr")).status).toBe(404);
    expect((await insights("/insights")).data.insights.map((i) => i.title).sort()).toEqual(["Steel", "Timber"]);

    // Its RSS feed: the Arabic article only, at its Arabic address; none in French.
    const rss = await buildInsightsRss("https://example.org", "ar");
    expect(rss).toContain("<link>https://example.org/ar/insights/al-fulath</link>");
    expect(rss).toContain("<title>الفولاذ</title>");
    expect(rss).toContain("<language>ar</language>");
    expect(rss).not.toContain("Timber");
    expect(await buildInsightsRss("https://example.org", "fr")).toBeNull();
  });
});

describe("links into a language's lists (the root data every page's header, footer and links read)", () => {
  const paths = async (path: string) => (await loadRootData(new Request(`${TEST_ORIGIN}${path}`))).publishedPaths;

  it("name a list as existing in a language once one of its items is published in it, and only then", async () => {
    const bridge = await project("Harbour Bridge", "commercial");
    await translate("project", bridge.id, "fr", { slug: "pont-du-port", title: "Pont du port", overview: "Un pont." }, "draft");
    expect(await paths("/fr/about")).not.toContain("/projects");
    await translate("project", bridge.id, "ar", { slug: "jisr", title: "جسر الميناء", overview: "جسر." });
    // From any page of the language, not only from the list itself.
    expect(await paths("/ar/about")).toContain("/projects");
    expect(await paths("/ar")).toContain("/projects");
    expect(await paths("/ar/book-consultation")).not.toContain("/insights");
    expect(await paths("/fr/book-consultation")).not.toContain("/projects");
    expect(await paths("/about")).toEqual([]);

    const ar = await paths("/ar/contact");
    expect(["/", "/about", "/projects", "/insights", "/services"].map((href) => navHref(href, "ar", { published: ar }))).toEqual([
      "/",
      "/about",
      "/ar/projects",
      "/insights",
      "/services",
    ]);
  });
});
