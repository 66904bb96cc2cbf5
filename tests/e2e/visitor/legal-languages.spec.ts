/**
 * The privacy policy and terms in the visitor's language, and figures in right-to-left text
 * (project "visitor", ADR 33): a fresh browser with no cookie goes from the French home page to
 * the French privacy policy and terms by the footer's links, reads the sections written from the
 * settings in French, and switches to English with the switcher; a language the Legal page is not
 * published in has no such page. On the Arabic home page every figure ("10+") reads left to right.
 * The French insights list's head names the French feed. With E2E_SCREENSHOTS set, the pages are
 * photographed at 390 and 1440 px (test-results/legal-languages/).
 */
import type { Page } from "@playwright/test";
import { languageInfo } from "../../../app/utils/i18n";
import { m } from "../../../app/utils/paraglide/messages";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { saveScreenshot } from "../support/screenshots";
import { expect, test } from "../support/visitor";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const fr = { locale: "fr" } as const;

/** Axe, no sideways scroll at 390 px, and screenshots at 390 and 1440 px; back at the desktop size afterwards. */
async function check(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  for (const [label, size] of [["390", PHONE], ["1440", DESKTOP]] as const) {
    await page.setViewportSize(size);
    if (size === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `test-results/legal-languages/${name}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe.configure({ timeout: 120_000 });

test("a French visitor reads the privacy policy and the terms in French, from the footer, and switches to English", async ({ visitor }) => {
  const { page } = visitor;
  await visitor.open("/fr", { hydrated: false });
  const footer = page.getByRole("contentinfo");
  await visitor.followToDocument(footer.getByRole("link", { name: m.nav_privacy({}, fr) }), page.getByRole("heading", { level: 1, name: m.privacy_title({}, fr) }));
  await expect(page).toHaveURL(/\/fr\/privacy$/);
  await expect(page.locator("html")).toHaveAttribute("lang", languageInfo("fr").htmlLang);
  await expect(page.getByText(/^Cette politique explique/)).toBeVisible();
  // The staff's translated sections and the ones written from the settings, all in French.
  const contents = page.getByRole("navigation", { name: m.legal_contents({}, fr) });
  for (const title of ["Qui sommes-nous", m.privacy_cookies_title({}, fr), m.privacy_visits_title({}, fr), m.privacy_retention_title({}, fr), "Vos droits"]) {
    await expect(contents.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  }
  await expect(page.getByText(/^Demandes : \d+\smois après la clôture/)).toBeVisible();
  await expect(page.getByText(/^Inscriptions sur la liste d’attente : supprimées \d+\sjours après votre inscription/)).toBeVisible();
  await expect(page.getByText("Last updated")).toHaveCount(0);
  const links = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((el) => [el.getAttribute("hreflang"), new URL(el.getAttribute("href") ?? "").pathname]));
  expect(Object.fromEntries(links)).toEqual({ "en-GB": "/privacy", fr: "/fr/privacy", "x-default": "/privacy" });
  await check(page, "privacy-fr");

  await visitor.followToDocument(footer.getByRole("link", { name: m.nav_terms({}, fr) }), page.getByRole("heading", { level: 1, name: m.terms_title({}, fr) }));
  await expect(page).toHaveURL(/\/fr\/terms$/);
  await expect(page.getByRole("heading", { level: 2, name: /À propos de ces conditions/ })).toBeVisible();
  await visitor.followToDocument(footer.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }), page.getByRole("heading", { level: 1, name: "Terms of Service" }));
  await expect(page).toHaveURL(/\/terms$/);

  for (const path of ["/ar/privacy", "/pt/terms", "/en/privacy"]) expect((await page.request.get(path)).status(), path).toBe(404);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/fr/privacy</loc>");
  expect(sitemap).not.toContain("/ar/privacy</loc>");
});

test("on the Arabic home page every figure reads left to right: 10+ is not +10", async ({ visitor }) => {
  const { page } = visitor;
  await visitor.open("/ar", { hydrated: false });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const figures = page.getByRole("main").locator('bdi[dir="ltr"]').filter({ hasText: /^\d+\+$/ });
  expect(await figures.count()).toBeGreaterThan(0);
  // Where the browser draws the first and the last character of each figure: the digits come first, left to right.
  const drawn = await figures.evaluateAll((els) =>
    els.map((el) => {
      const text = el.firstChild as Text;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { figure: el.textContent, digitLeft: at(0), signLeft: at(text.length - 1) };
    }),
  );
  for (const { figure, digitLeft, signLeft } of drawn) expect(signLeft, `${figure} drawn right to left`).toBeGreaterThan(digitLeft);
  // A figure written into a sentence (the hero's "... في 20+ دولة") too.
  const inSentence = await page.getByRole("main").evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const start = node.data.indexOf("\u2066");
      const end = node.data.indexOf("\u2069", start);
      if (start < 0 || end < 0) continue;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { figure: node.data.slice(start + 1, end), digitLeft: at(start + 1), signLeft: at(end - 1) };
    }
    return null;
  });
  expect(inSentence?.figure).toMatch(/^\d+\+$/);
  expect(inSentence!.signLeft, `${inSentence?.figure} in a sentence drawn right to left`).toBeGreaterThan(inSentence!.digitLeft);
  await check(page, "home-ar");
});

test("the French insights list names the French feed in its head", async ({ visitor }) => {
  const { page } = visitor;
  await visitor.open("/fr/insights", { hydrated: false });
  const feed = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(feed).toHaveCount(1);
  expect(new URL((await feed.getAttribute("href")) ?? "", page.url()).pathname).toBe("/fr/insights/rss.xml");
  expect((await page.request.get("/fr/insights/rss.xml")).status()).toBe(200);
  await visitor.open("/insights", { hydrated: false });
  expect(new URL((await feed.getAttribute("href")) ?? "", page.url()).pathname).toBe("/insights/rss.xml");
});
