/**
 * The home and about pages in the visitor's language (project "visitor", ADR 33): a fresh browser
 * with no cookie opens /fr and /ar and their about pages (the demo translations of
 * app/db/seed/page-translations.ts), moves between languages with the header's and the footer's
 * switchers by clicking, on a desktop and on a phone, and once with JavaScript off. Each page is
 * its own document (`<html lang dir>`), Arabic right to left, no sideways scroll, axe clean. A page
 * not published in a language is no page there; the English pages keep their words. A member of
 * staff translates the about page in its French tab and publishes French only, with English shown
 * for an emptied section only once they choose it. A French visitor sends the contact form (its
 * labels, messages and success in French) and the acknowledgement in the outbox is French. With E2E_SCREENSHOTS set, every page is
 * photographed at 390 and 1440 px (test-results/site-languages/).
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInAsAdmin } from "../support/auth";
import { waitUntilHumanPace } from "../support/human-pace";
import { waitForHydration } from "../support/hydration";
import { saveScreenshot } from "../support/screenshots";
import { PHONE, DESKTOP, alternates, checkPage, expectDocumentIn, expectNoSidewaysScroll } from "../support/languages";
import { expect, test } from "../support/visitor";
import { outbox, sentTo } from "../support/mail";

const HOME = {
  en: { path: "/", title: "Building a resilient, sustainable future" },
  fr: { path: "/fr", title: "Bâtir un avenir résilient et durable", more: "En savoir plus sur nous" },
  ar: { path: "/ar", title: "نبني مستقبلًا مرنًا ومستدامًا", more: "المزيد عنّا" },
};
const ABOUT = {
  en: { path: "/about", title: "Engineering that protects people and the places they depend on" },
  fr: { path: "/fr/about", title: "Une ingénierie qui protège les personnes et les lieux dont elles dépendent", values: "Nos engagements" },
  ar: { path: "/ar/about", title: "هندسة تحمي الناس والأماكن التي يعتمدون عليها", values: "ما نؤمن به" },
};

/** Axe, no sideways scroll at 390 px, and screenshots at 390 and 1440 px; back at `viewport` afterwards. */
const check = (page: Page, name: string, viewport: { width: number; height: number }) => checkPage(page, `test-results/site-languages/${name}`, viewport);

test.describe.configure({ timeout: 150_000 });

test("a visitor on a desktop reads the home and about pages in French and Arabic, switching language with the header and the footer", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: DESKTOP });
  const { page } = visitor;
  await visitor.open(HOME.fr.path, { hydrated: false });
  await expectDocumentIn(page, "fr");
  await expect(page.getByRole("heading", { level: 1, name: HOME.fr.title })).toBeVisible();
  expect(await alternates(page)).toEqual({ "en-GB": "/", fr: "/fr", ar: "/ar", "x-default": "/" });
  // The interface around the words is French too; an article translated into French shows its translation at its
  // French address, the others stay English.
  await expect(page.getByRole("link", { name: "Réserver une consultation gratuite" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Concevoir des écoles qui résistent aux séismes" })).toHaveAttribute("href", "/fr/insights/ecoles-resistantes-aux-seismes");
  await expect(page.getByRole("link", { name: "Cutting embodied carbon in structural frames: where the big wins are" })).toHaveAttribute(
    "href",
    "/insights/embodied-carbon-in-structural-frames",
  );
  // The hero's figures keep their numbers and read their labels in French.
  await expect(page.getByRole("term").filter({ hasText: "Années d’expérience" }).first()).toBeVisible();
  // Every card's date is written in French, the English article's too.
  const card = (name: string) => page.getByRole("article").filter({ has: page.getByRole("link", { name }) });
  await expect(card("Cutting embodied carbon in structural frames: where the big wins are").locator("time")).toHaveText("14 mai 2025");
  await expect(card("Concevoir des écoles qui résistent aux séismes").locator("time")).toHaveText("2 avril 2025");
  // The header's links go to the French pages where they are published in French (the lists while one of their items
  // is), else to the English ones.
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link", { name: "À propos", exact: true })).toHaveAttribute("href", "/fr/about");
  await expect(nav.getByRole("link", { name: "Projets" })).toHaveAttribute("href", "/fr/projects");
  await check(page, "home-fr", DESKTOP);

  const header = page.getByRole("banner").getByRole("navigation", { name: "Langue" });
  await header.locator("summary").click();
  await visitor.followToDocument(header.getByRole("link", { name: "العربية" }), page.getByRole("heading", { level: 1, name: HOME.ar.title }));
  await expect(page).toHaveURL(/\/ar$/);
  await expectDocumentIn(page, "ar");
  await check(page, "home-ar", DESKTOP);

  await visitor.followToDocument(page.getByRole("link", { name: HOME.ar.more }), page.getByRole("heading", { level: 1, name: ABOUT.ar.title }));
  await expect(page).toHaveURL(/\/ar\/about$/);
  await expectDocumentIn(page, "ar");
  await expect(page.getByRole("heading", { level: 2, name: ABOUT.ar.values })).toBeVisible();
  // Each founder's list headings are in Arabic too.
  await expect(page.getByRole("heading", { level: 4, name: "مجالات الخبرة" })).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 4, name: "المسيرة المهنية" })).toHaveCount(2);
  // Right to left: the page header's headline starts at the right.
  const headline = await page.getByRole("heading", { level: 1, name: ABOUT.ar.title }).boundingBox();
  expect(headline!.x + headline!.width).toBeGreaterThan(DESKTOP.width / 2);
  await check(page, "about-ar", DESKTOP);

  const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "اللغة" });
  await visitor.followToDocument(footer.getByRole("link", { name: "Français" }), page.getByRole("heading", { level: 1, name: ABOUT.fr.title }));
  await expect(page).toHaveURL(/\/fr\/about$/);
  await expectDocumentIn(page, "fr");
  await check(page, "about-fr", DESKTOP);

  await visitor.followToDocument(
    page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }),
    page.getByRole("heading", { level: 1, name: ABOUT.en.title }),
  );
  await expectDocumentIn(page, "en");
  await expect(page.getByRole("heading", { level: 2, name: "What we stand for" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: "Expertise", exact: true })).toHaveCount(2);
});

test("a visitor on a phone opens a shared Arabic home page, reads it right to left, and switches to French", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: PHONE });
  const { page } = visitor;
  await visitor.open(HOME.ar.path, { hydrated: false });
  await expectDocumentIn(page, "ar");
  await expect(page.getByRole("heading", { level: 1, name: HOME.ar.title })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await check(page, "home-ar-phone", PHONE);

  const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "اللغة" });
  await visitor.followToDocument(footer.getByRole("link", { name: "Français" }), page.getByRole("heading", { level: 1, name: HOME.fr.title }));
  await expectDocumentIn(page, "fr");
  await visitor.followToDocument(page.getByRole("link", { name: HOME.fr.more }), page.getByRole("heading", { level: 1, name: ABOUT.fr.title }));
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("heading", { level: 4, name: "Compétences" })).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 4, name: "Parcours" })).toHaveCount(2);
  // A founder's figures fit their cards on a phone: "£70,000+" included.
  const figures = page.getByRole("definition");
  await expect(figures.first()).toBeVisible();
  for (const figure of await figures.all()) {
    expect(await figure.evaluate((dd) => dd.scrollWidth - dd.clientWidth), await figure.innerText()).toBeLessThanOrEqual(0);
  }
  await check(page, "about-fr-phone", PHONE);
});

test("with JavaScript off, the French home page and its switcher still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(HOME.fr.path);
  await expect(page.getByRole("heading", { level: 1, name: HOME.fr.title })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "العربية" }).click();
  await expect(page.getByRole("heading", { level: 1, name: HOME.ar.title })).toBeVisible();
  await expectDocumentIn(page, "ar");
  await expectNoSidewaysScroll(page);
  await page.goto(ABOUT.ar.path);
  await expect(page.getByRole("heading", { level: 1, name: ABOUT.ar.title })).toBeVisible();
  await context.close();
});

test("a page not published in a language is no page there; English keeps its words; translated pages are cached content pages", async ({ visitor }) => {
  const { page } = visitor;
  // The 404 page speaks the language of the address asked for: Portuguese under /pt, else English.
  for (const [path, notFound] of [
    ["/pt", "Página não encontrada"],
    ["/pt/about", "Página não encontrada"],
    ...["/en", "/en/about", "/xx", "/xx/about", "/not-a-page"].map((english) => [english, "Page Not Found"]),
  ] as const) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(notFound);
  }
  await visitor.open(HOME.en.path, { hydrated: false });
  await expectDocumentIn(page, "en");
  await expect(page.getByRole("heading", { level: 1, name: HOME.en.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book Free Consultation" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "VIEW ALL PROJECTS" })).toBeVisible();
  expect(await alternates(page)).toEqual({ "en-GB": "/", fr: "/fr", ar: "/ar", "x-default": "/" });
  for (const path of [HOME.fr.path, ABOUT.ar.path]) {
    const html = await (await page.request.get(path)).text();
    expect(html.match(/<script[^>]*\ssrc=/g) ?? [], path).toHaveLength(1);
    expect(html, path).not.toContain("modulepreload");
    expect((await page.request.get(path)).headers()["x-html-cache"], path).toBe("hit");
  }
  expect((await page.request.get("/pt/contact")).status()).toBe(404);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/\/fr<\/loc>/);
  expect(sitemap).toContain("/fr/contact</loc>");
  expect(sitemap).toContain("/ar/about</loc>");
  expect(sitemap).not.toContain("/pt/about</loc>");
});

test("a French visitor sends the contact form in French and receives a French acknowledgement", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: PHONE });
  const { page } = visitor;
  await visitor.open("/fr/contact");
  await expectDocumentIn(page, "fr");
  await expect(page.getByRole("heading", { level: 1, name: "Parlons de votre projet" })).toBeVisible();
  await expect(page.getByText("Nous répondons sous 24 heures, du lundi au vendredi.")).toBeVisible();
  // The browser checks the form in French.
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Veuillez indiquer votre nom complet.")).toBeVisible();
  await expect(page.getByText("Veuillez choisir un type de demande.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "test-results/site-languages/contact-fr-errors-390.png", { fullPage: true });

  const email = `marie.${Date.now()}@example.org`;
  await page.getByRole("textbox", { name: "Nom complet", exact: true }).fill("Marie Curie");
  await page.getByRole("textbox", { name: "Adresse e-mail", exact: true }).fill(email);
  await page.getByRole("combobox", { name: "Type de demande", exact: true }).selectOption({ label: "Ingénierie humanitaire" });
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Nous préparons une école résistante aux cyclones à Beira.");
  await waitUntilHumanPace(page);
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Message envoyé !" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Message envoyé !" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await check(page, "contact-fr-sent", PHONE);

  await expect
    .poll(async () => (await outbox()).filter((m) => sentTo(m, email)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual(["Nous avons bien reçu votre demande - Meridian Engineering"]);
  const ack = (await outbox()).find((m) => sentTo(m, email))!;
  expect(ack.text).toContain("Merci pour votre demande");
  expect(ack.text).toContain("Ingénierie humanitaire");
  const notification = (await outbox()).find((m) => m.subject === "New enquiry: Humanitarian Engineering from Marie Curie")!;
  expect(notification.text).toContain("French (Français)");

  // In Arabic, right to left, on a desktop.
  await visitor.open("/ar/contact");
  await expectDocumentIn(page, "ar");
  await check(page, "contact-ar", DESKTOP);
});

test("staff translate the about page in its French tab and publish French only, English shown for an empty section only by choice", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  await page.goto("/admin/site/about");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Edit About" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Languages" });
  await expect(tabs.getByRole("link", { name: /Français/ })).toContainText("Published");
  await expect(tabs.getByRole("link", { name: /Português/ })).toContainText("Not translated");
  await tabs.getByRole("link", { name: /Français/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit About: Français" })).toBeVisible();
  // The English text is under each field.
  await expect(page.getByText("English: Engineering that protects people and the places they depend on", { exact: true })).toBeVisible();
  const headline = page.locator('input[name="story.title"]');
  await expect(headline).toHaveValue(ABOUT.fr.title);
  await headline.fill("Une ingénierie qui protège les personnes et leurs lieux de vie");
  // The values heading left empty: refused until English is chosen for that section.
  await page.locator('input[name="values.title"]').fill("");
  await page.getByRole("button", { name: "Update & Publish" }).first().click();
  await expect(page.getByText("Check the highlighted fields.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Values", exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "test-results/site-languages/staff-fr-1440.png", { fullPage: true });
  await page.getByRole("button", { name: "Update & Publish" }).first().click();
  await expect(page.getByText("About: Français translation published")).toBeVisible();
  await expect(tabs.getByRole("link", { name: /Français/ })).toContainText("Published");
  await expect(tabs.getByRole("link", { name: /Português/ })).toContainText("Not translated");
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Edit About: Français" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "test-results/site-languages/staff-fr-390.png", { fullPage: true });

  // French changed, with the English values heading by choice; Arabic, Portuguese and English did not.
  const french = await (await page.request.get("/fr/about")).text();
  expect(french).toContain("Une ingénierie qui protège les personnes et leurs lieux de vie");
  expect(french).toContain("What we stand for");
  expect(await (await page.request.get("/ar/about")).text()).toContain(ABOUT.ar.title);
  expect((await page.request.get("/pt/about")).status()).toBe(404);
  expect(await (await page.request.get("/about")).text()).toContain(ABOUT.en.title);
});
