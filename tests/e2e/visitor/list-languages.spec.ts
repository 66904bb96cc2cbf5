/**
 * The projects and insights lists in the visitor's language (project "visitor", ADR 33): a fresh
 * browser with no cookie goes from the French project to the French list by clicking, filters it
 * by category and searches it (over the French words) once the page is ready, and opens the
 * project from the list; the same for the Arabic article and the Arabic insights list, right to
 * left; on a phone and on a desktop, and with JavaScript off. A language with nothing published
 * has no list; a list is a content page served from the HTML cache. With E2E_SCREENSHOTS set, the
 * lists are photographed at 390 and 1440 px (test-results/list-languages/).
 */
import type { Page } from "@playwright/test";
import { m } from "../../../app/utils/paraglide/messages";
import { PHONE, DESKTOP, checkPage, expectDocumentIn, expectNoSidewaysScroll } from "../support/languages";
import { expect, test } from "../support/visitor";

/** The demo content's translations (app/db/seed/translations.ts): one project and one article, each in French and Arabic. */
const PROJECT = {
  fr: { path: "/fr/projects/tour-mixte-thames-wharf", title: "Tour mixte de Thames Wharf" },
  ar: { path: "/ar/projects/burj-thames-wharf", title: "برج تيمز وارف متعدد الاستخدامات" },
};
const ARTICLE = {
  ar: { path: "/ar/insights/madaris-tasmud-amam-alzalazil", title: "تصميم مدارس تصمد أمام الزلازل", english: "Designing schools that stand up to earthquakes" },
};

const fr = { locale: "fr" } as const;
const ar = { locale: "ar" } as const;

/** Axe, no sideways scroll at 390 px, and screenshots at 390 and 1440 px; back at `viewport` afterwards. */
const check = (page: Page, name: string, viewport: { width: number; height: number }) => checkPage(page, `test-results/list-languages/${name}`, viewport);

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const thames = (page: Page) => cards(page).filter({ hasText: PROJECT.fr.title });
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: m.projects_list_tabs({}, fr) }).getByRole("link", { name: new RegExp(`^${name}`) });

/** Runs `action` and checks it changed the page in place (the enhancement module), not by loading a document. */
async function inPlace(page: Page, action: () => Promise<void>) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await action();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe.configure({ timeout: 120_000 });

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px a visitor goes from the French project to the French list, filters and searches it, and opens the project`, async ({ newVisitor }) => {
    const visitor = await newVisitor({ viewport });
    const { page } = visitor;
    await visitor.open(PROJECT.fr.path, { hydrated: false });
    await expect(page.getByRole("link", { name: m.project_back({}, fr) })).toHaveAttribute("href", "/fr/projects");
    await visitor.followToDocument(page.getByRole("link", { name: m.project_back({}, fr) }), page.getByRole("heading", { level: 1, name: m.projects_list_heading({}, fr) }));
    await expect(page).toHaveURL(/\/fr\/projects$/);
    await expectDocumentIn(page, "fr");
    // Only the projects published in French (other spec files may publish more), in French.
    await expect(thames(page)).toHaveCount(1);
    await expect(page.getByText("Thames Wharf Mixed-Use Tower")).toHaveCount(0);
    await expect(tab(page, m.projects_list_all({}, fr))).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(m.projects_list_count({ count: await cards(page).count() }, fr))).toBeVisible();
    await check(page, `projects-fr-from-${viewport.width}`, viewport);

    // The tabs filter in place: no French humanitarian project, then the commercial one.
    await inPlace(page, async () => {
      await tab(page, m.nav_humanitarian({}, fr)).click();
      await expect(page).toHaveURL(/\/fr\/projects\?category=humanitarian$/);
      await expect(page.getByText(m.projects_list_empty_title({}, fr))).toBeVisible();
      await tab(page, m.nav_commercial({}, fr)).click();
      await expect(page).toHaveURL(/\/fr\/projects\?category=commercial$/);
      await expect(thames(page)).toHaveCount(1);
    });

    // The search is over the French words: "égout" is in the French overview, "sewer" only in the English one.
    const search = page.getByLabel(m.projects_list_search_label({}, fr));
    await inPlace(page, async () => {
      await search.fill("sewer");
      await expect(page).toHaveURL(/\/fr\/projects\?category=commercial&q=sewer$/);
      await expect(page.getByText(m.projects_list_empty_title({}, fr))).toBeVisible();
      await search.fill("égout");
      await expect(cards(page)).toHaveCount(1);
      await expect(thames(page)).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(m.projects_list_matching({ q: "égout" }, fr)) })).toBeVisible();
    });

    await visitor.followToDocument(thames(page).getByRole("link", { name: new RegExp(m.project_card_view({}, fr)) }), page.getByRole("heading", { level: 1, name: PROJECT.fr.title }));
    await expect(page).toHaveURL(new RegExp(`${PROJECT.fr.path}$`));
    // The header's Projects link leads to the French list too.
    await expect(page.getByRole("banner").getByRole("link", { name: m.nav_projects({}, fr), exact: true, includeHidden: true }).first()).toHaveAttribute("href", "/fr/projects");
  });

  test(`at ${viewport.width} px a visitor goes from the Arabic article to the Arabic list, right to left, and opens the article`, async ({ newVisitor }) => {
    const visitor = await newVisitor({ viewport });
    const { page } = visitor;
    await visitor.open(ARTICLE.ar.path, { hydrated: false });
    await visitor.followToDocument(page.getByRole("link", { name: m.insight_back({}, ar) }), page.getByRole("heading", { level: 1, name: m.insights_list_heading({}, ar) }));
    await expect(page).toHaveURL(/\/ar\/insights$/);
    await expectDocumentIn(page, "ar");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(ARTICLE.ar.title);
    await expect(page.getByText(ARTICLE.ar.english)).toHaveCount(0);
    await expect(cards(page).first()).toContainText(m.insight_category_humanitarian({}, ar));
    // Right to left: the heading starts at the right.
    const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(heading!.x + heading!.width).toBeGreaterThan(viewport.width / 2);
    await check(page, `insights-ar-${viewport.width}`, viewport);

    await visitor.followToDocument(cards(page).first().getByRole("link", { name: ARTICLE.ar.title }), page.getByRole("heading", { level: 1, name: ARTICLE.ar.title }));
    await expect(page).toHaveURL(new RegExp(`${ARTICLE.ar.path}$`));
  });
}

test("the Arabic projects list reads right to left, its tab counts isolated", async ({ visitor }) => {
  const { page } = visitor;
  await page.setViewportSize(DESKTOP);
  await visitor.open("/ar/projects", { hydrated: false });
  await expectDocumentIn(page, "ar");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(PROJECT.ar.title);
  await expect(page.getByText(m.projects_list_count({ count: 1 }, ar))).toBeVisible();
  const allTab = page.getByRole("navigation", { name: m.projects_list_tabs({}, ar) }).getByRole("link").first();
  const box = await allTab.boundingBox();
  expect(box!.x).toBeGreaterThan(DESKTOP.width / 2);
  await check(page, "projects-ar", DESKTOP);
});

test("with JavaScript off, the French list's tabs, search and cards work as links and a GET form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(PROJECT.fr.path);
  await page.getByRole("link", { name: m.project_back({}, fr) }).click();
  await expect(page.getByRole("heading", { level: 1, name: m.projects_list_heading({}, fr) })).toBeVisible();
  await tab(page, m.nav_humanitarian({}, fr)).click();
  await expect(page).toHaveURL(/\/fr\/projects\?category=humanitarian$/);
  await expect(page.getByText(m.projects_list_empty_title({}, fr))).toBeVisible();
  await page.getByRole("link", { name: m.projects_list_clear({}, fr) }).click();
  await expect(page).toHaveURL(/\/fr\/projects$/);
  await page.getByLabel(m.projects_list_search_label({}, fr)).fill("Tamise");
  await page.getByRole("button", { name: m.projects_list_search_button({}, fr) }).click();
  await expect(page).toHaveURL(/\/fr\/projects\?q=Tamise$/);
  await expect(thames(page)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await thames(page).getByRole("link", { name: new RegExp(m.project_card_view({}, fr)) }).click();
  await expect(page.getByRole("heading", { level: 1, name: PROJECT.fr.title })).toBeVisible();
  await page.goto("/ar/insights");
  await page.getByRole("link", { name: ARTICLE.ar.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: ARTICLE.ar.title })).toBeVisible();
  await context.close();
});

test("a list exists only in the languages something is published in, and is a cached content page", async ({ visitor }) => {
  const { page } = visitor;
  for (const path of ["/pt/projects", "/pt/insights", "/en/projects", "/xx/insights", "/pt/insights/rss.xml"]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  await visitor.open("/projects", { hydrated: false });
  const links = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((el) => [el.getAttribute("hreflang"), new URL(el.getAttribute("href") ?? "").pathname]));
  expect(Object.fromEntries(links)).toEqual({ "en-GB": "/projects", fr: "/fr/projects", ar: "/ar/projects", "x-default": "/projects" });
  // English keeps its words.
  await expect(page.getByRole("heading", { level: 1, name: "Projects that stand the test of time" })).toBeVisible();
  await expect(page.getByText("8 projects")).toBeVisible();
  for (const path of ["/fr/projects", "/ar/insights"]) {
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<script[^>]*\ssrc=/g) ?? [], path).toHaveLength(1);
    expect(html, path).not.toContain("modulepreload");
    expect((await page.request.get(path)).headers()["x-html-cache"], path).toBe("hit");
  }
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/fr/projects</loc>");
  expect(sitemap).toContain("/ar/insights</loc>");
  expect(sitemap).not.toContain("/pt/projects</loc>");
  const feed = await (await page.request.get("/ar/insights/rss.xml")).text();
  expect(feed).toContain(`${ARTICLE.ar.path}</link>`);
  expect(feed).toContain(`<title>${ARTICLE.ar.title}</title>`);
});
