/**
 * Projects and articles in the visitor's language (project "visitor", ADR 33): a fresh browser
 * with no cookie reads the featured project and an article in French and Arabic, moving between
 * languages with the header's and the footer's switchers by clicking, on a desktop and on a
 * phone, and once with JavaScript off. Each page is its own document (`<html lang dir>`), Arabic
 * right to left, no sideways scroll, axe clean. A page not published in a language is no page
 * there, and has no alternate; a translated page ships the enhancement module only and is served
 * from the HTML cache. A member of staff translates a project in its French tab and
 * publishes French only. With E2E_SCREENSHOTS set, every page is photographed at 390 and 1440 px
 * (test-results/content-languages/).
 */
import type { Page } from "@playwright/test";
import { formatArticleDateIn } from "../../../app/utils/format";
import { languageInfo } from "../../../app/utils/i18n";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInAsAdmin } from "../support/auth";
import { waitForHydration } from "../support/hydration";
import { saveScreenshot } from "../support/screenshots";
import { PHONE, DESKTOP, alternates, checkPage, expectDocumentIn, expectNoSidewaysScroll } from "../support/languages";
import { expect, test } from "../support/visitor";

/** The demo content's translated pages (app/db/seed/translations.ts) and their English originals. */
const PROJECT = {
  en: { path: "/projects/thames-wharf-mixed-use-tower", title: "Thames Wharf Mixed-Use Tower" },
  fr: { path: "/fr/projects/tour-mixte-thames-wharf", title: "Tour mixte de Thames Wharf", overview: "Présentation du projet" },
  ar: { path: "/ar/projects/burj-thames-wharf", title: "برج تيمز وارف متعدد الاستخدامات", overview: "نظرة عامة على المشروع" },
};
const ARTICLE = {
  en: { path: "/insights/designing-schools-for-earthquakes", title: "Designing schools that stand up to earthquakes" },
  fr: { path: "/fr/insights/ecoles-resistantes-aux-seismes", title: "Concevoir des écoles qui résistent aux séismes", summary: "Synthèse" },
  ar: { path: "/ar/insights/madaris-tasmud-amam-alzalazil", title: "تصميم مدارس تصمد أمام الزلازل", summary: "الملخص التنفيذي" },
};
const PUBLISHED = new Date("2025-04-02T08:30:00Z");

/** Axe, no sideways scroll at 390 px, and screenshots at 390 and 1440 px; back at `viewport` afterwards. */
const check = (page: Page, name: string, viewport: { width: number; height: number }) => checkPage(page, `test-results/content-languages/${name}`, viewport);

test.describe.configure({ timeout: 120_000 });

test("a visitor on a desktop reads the featured project in French and Arabic, switching language with the header and the footer", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: DESKTOP });
  const { page } = visitor;
  await visitor.open(PROJECT.en.path, { hydrated: false });
  await expectDocumentIn(page, "en");
  expect(await alternates(page)).toEqual({ "en-GB": PROJECT.en.path, fr: PROJECT.fr.path, ar: PROJECT.ar.path, "x-default": PROJECT.en.path });

  const header = page.getByRole("banner").getByRole("navigation", { name: "Language" });
  await header.locator("summary").click();
  await visitor.followToDocument(header.getByRole("link", { name: "Français" }), page.getByRole("heading", { level: 1, name: PROJECT.fr.title }));
  await expect(page).toHaveURL(new RegExp(`${PROJECT.fr.path}$`));
  await expectDocumentIn(page, "fr");
  await expect(page.getByRole("heading", { level: 2, name: PROJECT.fr.overview })).toBeVisible();
  // The interface is French; the project's figures and pictures are the English project's.
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Projets" })).toBeVisible();
  await expect(page.getByText("HAUTEUR DU BÂTIMENT")).toBeVisible();
  await check(page, "project-fr", DESKTOP);

  const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" });
  await visitor.followToDocument(footer.getByRole("link", { name: "العربية" }), page.getByRole("heading", { level: 1, name: PROJECT.ar.title }));
  await expect(page).toHaveURL(new RegExp(`${PROJECT.ar.path}$`));
  await expectDocumentIn(page, "ar");
  await expect(page.getByRole("heading", { level: 2, name: PROJECT.ar.overview })).toBeVisible();
  expect(await alternates(page)).toEqual({ "en-GB": PROJECT.en.path, fr: PROJECT.fr.path, ar: PROJECT.ar.path, "x-default": PROJECT.en.path });
  // Right to left: the breadcrumb starts at the right, the side panel sits on the left.
  const crumb = await page.getByRole("navigation", { name: "مسار التنقل" }).getByRole("link").first().boundingBox();
  expect(crumb!.x).toBeGreaterThan(DESKTOP.width / 2);
  const aside = await page.getByRole("complementary", { name: "معلومات المشروع" }).boundingBox();
  expect(aside!.x + aside!.width).toBeLessThan(DESKTOP.width / 2);
  await check(page, "project-ar", DESKTOP);
});

test("a visitor on a phone opens a shared Arabic article, reads it right to left, and switches to French and back to English", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: PHONE });
  const { page } = visitor;
  await visitor.open(ARTICLE.ar.path, { hydrated: false });
  await expectDocumentIn(page, "ar");
  await expect(page.getByRole("heading", { level: 1, name: ARTICLE.ar.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: ARTICLE.ar.summary })).toBeVisible();
  await expect(page.getByText(formatArticleDateIn(PUBLISHED, languageInfo("ar").intl)!)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await check(page, "article-ar", PHONE);

  const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "اللغة" });
  await visitor.followToDocument(footer.getByRole("link", { name: "Français" }), page.getByRole("heading", { level: 1, name: ARTICLE.fr.title }));
  await expectDocumentIn(page, "fr");
  await expect(page).toHaveURL(new RegExp(`${ARTICLE.fr.path}$`));
  await expect(page.getByText("2 avril 2025")).toBeVisible();
  await check(page, "article-fr", PHONE);

  await visitor.followToDocument(
    page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }),
    page.getByRole("heading", { level: 1, name: ARTICLE.en.title }),
  );
  await expectDocumentIn(page, "en");
  await expect(page.getByText("April 2, 2025")).toBeVisible();
});

test("with JavaScript off, the French project and its switcher still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(PROJECT.fr.path);
  await expect(page.getByRole("heading", { level: 1, name: PROJECT.fr.title })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "العربية" }).click();
  await expect(page.getByRole("heading", { level: 1, name: PROJECT.ar.title })).toBeVisible();
  await expectDocumentIn(page, "ar");
  await expectNoSidewaysScroll(page);
  await context.close();
});

test("a page not published in a language is no page there and is not offered", async ({ visitor }) => {
  const { page } = visitor;
  for (const path of ["/fr/projects/thames-wharf-mixed-use-tower", "/fr/projects/manchester-timber-office-retrofit", "/pt/projects/tour-mixte-thames-wharf", "/en/insights/designing-schools-for-earthquakes"]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  await visitor.open("/projects/manchester-timber-office-retrofit", { hydrated: false });
  expect(await alternates(page)).toEqual({});
  await expect(page.getByRole("navigation", { name: "Language" })).toHaveCount(0);
  // A translated page is a content page: no React, only the enhancement module, and served from the HTML cache.
  for (const path of [PROJECT.ar.path, ARTICLE.fr.path]) {
    const first = await page.request.get(path);
    const html = await first.text();
    expect(html.match(/<script[^>]*\ssrc=/g) ?? [], path).toHaveLength(1);
    expect(html, path).not.toContain("modulepreload");
    expect((await page.request.get(path)).headers()["x-html-cache"], path).toBe("hit");
  }
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${PROJECT.fr.path}</loc>`);
  expect(sitemap).not.toContain("/fr/projects/manchester-timber-office-retrofit");
});

test("staff translate a project in its French tab and publish French only", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await page.goto("/admin/cms/projects");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit Ancoats Mill Timber Office Retrofit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Project" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Languages" });
  await expect(tabs.getByRole("link", { name: /Français/ })).toContainText("Not translated");
  await tabs.getByRole("link", { name: /Français/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Project: Français" })).toBeVisible();
  // The English text is beside each field.
  await expect(page.getByText("Structural conversion of a Grade II listed 1890s cotton mill", { exact: false })).toBeVisible();
  await page.getByLabel("Translated address").fill("renovation-moulin-ancoats");
  await page.getByLabel("Project Title (Français)").fill("Rénovation en bois du moulin d’Ancoats");
  await page.getByLabel("Overview (Français)").fill("Conversion structurelle d’une filature de coton classée des années 1890 en 9 800 m² de bureaux.");
  await page.getByRole("checkbox", { name: "Show the English text while this is empty" }).first().check();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "test-results/content-languages/staff-fr-1440.png", { fullPage: true });
  await page.getByRole("button", { name: "Update & Publish" }).first().click();
  await expect(page.getByText("Français translation published")).toBeVisible();
  await expect(tabs.getByRole("link", { name: /Français/ })).toContainText("Published");
  await expect(tabs.getByRole("link", { name: /العربية/ })).toContainText("Not translated");
  // On a phone (opened there: the portal's sidebar keeps the state it was opened with).
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Project: Français" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "test-results/content-languages/staff-fr-390.png", { fullPage: true });

  // The overview lists it: French published, the other languages still to do.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await page.getByRole("complementary", { name: "Admin navigation" }).getByRole("link", { name: "Translations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Translations" })).toBeVisible();
  const row = page.getByRole("row", { name: /Ancoats Mill Timber Office Retrofit/ });
  await expect(row.getByRole("link", { name: /Français translation/ })).toContainText("Published");
  await expect(row.getByRole("link", { name: /العربية translation/ })).toContainText("Not translated");
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "test-results/content-languages/staff-overview-1440.png", { fullPage: true });
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Translations" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "test-results/content-languages/staff-overview-390.png", { fullPage: true });

  // French is public; Arabic and Portuguese are not; the English page now offers French.
  const french = await page.request.get("/fr/projects/renovation-moulin-ancoats");
  expect(french.status()).toBe(200);
  expect(await french.text()).toContain("Rénovation en bois du moulin d’Ancoats");
  expect((await page.request.get("/ar/projects/renovation-moulin-ancoats")).status()).toBe(404);
  const english = await (await page.request.get("/projects/manchester-timber-office-retrofit")).text();
  expect(english).toMatch(/hreflang="fr" href="http[^"]*\/fr\/projects\/renovation-moulin-ancoats"/i);
  expect(english).not.toMatch(/hreflang="ar"/i);
});
