/**
 * Content pages without React (ADR "Content pages without React"): no inline script and
 * no React on content pages, the enhancement module's behaviours with JavaScript on and what they
 * degrade to with it off, document navigations between hydrated and content pages, and the HTML
 * cache in front of them.
 */
import { expect, test } from "@playwright/test";
import { DEMO_CONTENT_PAGES } from "../setup/demo-pages";
import { bookingFixtures } from "./support/booking-fixtures";
import { signInAsAdmin } from "./support/auth";
import { saveScreenshot } from "./support/screenshots";

/**
 * Every public page is sent without React: each content page kind, a filtered project list, and
 * the pages with forms: contact, the booking wizard and the manage page, in English, French and
 * Arabic (the wizard's later steps are added from its first page's type).
 */
const CONTENT_PAGES = [
  ...DEMO_CONTENT_PAGES,
  "/projects?category=commercial&q=london",
  "/contact",
  "/fr/contact",
  "/ar/contact",
  "/book-consultation",
  "/fr/book-consultation",
  "/ar/book-consultation",
  "/book-consultation/manage/not-a-real-token",
  "/ar/book-consultation/manage/not-a-real-token",
];

const F = bookingFixtures();

/** The `<script>` tags of an HTML document, except JSON-LD data blocks. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
}

test("public pages carry one module script from 'self' and no React; the staff portal keeps React", async ({ request }) => {
  const type = /name="type" value="([^"]+)"/.exec(await (await request.get("/book-consultation")).text())?.[1];
  expect(type).toBeTruthy();
  const wizardSteps = [2, 3, 4, 5].flatMap((step) => [`/book-consultation?step=${step}&type=${type}`, `/ar/book-consultation?step=${step}&type=${type}`]);
  const pages: [string, string][] = [];
  for (const path of [...CONTENT_PAGES, ...wizardSteps]) pages.push([path, await (await request.get(path)).text()]);
  // The wizard's steps 3 and 4 with a real time: step 3 by its URL, step 4 as the answer to step 3's post.
  const week = await (await request.get(`/book-consultation?step=2&type=${type}&week=${F.week}`)).text();
  const slot = /name="slot" value="([^"]+)"(?![^>]*disabled)/.exec(week)?.[1];
  expect(slot).toBeTruthy();
  const step3 = `/book-consultation?step=3&type=${type}&week=${F.week}&slot=${slot}`;
  pages.push([step3, await (await request.get(step3)).text()]);
  const step4 = `/book-consultation?step=4&type=${type}&week=${F.week}&slot=${slot}`;
  const review = await request.post(step4, { form: { intent: "review", name: "Ada Script", email: "ada.script@example.com" } });
  pages.push([`POST ${step4}`, await review.text()]);
  expect(pages.at(-2)![1]).toContain("Your Information");
  expect(pages.at(-1)![1]).toContain("Confirm Booking");
  for (const [path, html] of pages) {
    expect(scripts(html), path).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js" data-enhance="">$/)]);
    expect(html, path).not.toContain("modulepreload");
    expect(html, path).not.toContain("__reactRouter");
  }
  for (const path of ["/admin/login"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<script nonce="[^"]+"/);
    expect(html, path).toContain("modulepreload");
  }
});

test("anonymous content pages and the contact page come from the HTML cache with an ETag; the booking wizard and its manage page never do", async ({ request }) => {
  await request.get("/about");
  const hit = await request.get("/about");
  expect(hit.headers()["x-html-cache"]).toBe("hit");
  const etag = hit.headers()["etag"]!;
  expect((await request.get("/about", { headers: { "if-none-match": etag } })).status()).toBe(304);
  expect(hit.headers()["content-security-policy"]).toContain("script-src 'self'");
  // The contact page, sent without React like a content page, has no inline script and no nonce.
  await request.get("/contact");
  const contact = await request.get("/contact");
  expect(contact.headers()["x-html-cache"]).toBe("hit");
  expect(contact.headers()["content-security-policy"]).not.toContain("'nonce-");
  expect(await contact.text()).not.toContain("<script nonce=");
  for (const path of ["/book-consultation", "/fr/book-consultation", "/book-consultation/manage/not-a-real-token"]) {
    await request.get(path);
    expect((await request.get(path)).headers()["x-html-cache"], path).toBeUndefined();
  }
});

test("the contact page from the cache is enhanced, and its form gets a token of its own", async ({ page, request }) => {
  await request.get("/contact");
  const stored = await request.get("/contact");
  expect(stored.headers()["x-html-cache"]).toBe("hit");
  const storedToken = /name="formToken" value="([^"]+)"/.exec(await stored.text())?.[1];
  expect(storedToken).toBeTruthy();
  const openedAt = Date.now();
  await page.goto("/contact");
  const token = page.locator('input[name="formToken"]');
  await expect(token).not.toHaveValue(storedToken!);
  // "<render ms>.<signature>": rendered for this visit, not when the page was stored.
  const renderedAt = Number((await token.inputValue()).split(".")[0]);
  expect(renderedAt).toBeGreaterThanOrEqual(openedAt);
});

test("the booking wizard, the about page and the contact page are documents without React", async ({ page }) => {
  await page.goto("/book-consultation");
  await expect(page.getByRole("heading", { name: "Choose Consultation Type" })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "Daniel Mensah" })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // And on: the contact page is sent without React too.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("content pages still show their content; controls degrade to links and forms", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('img[data-active="true"]')).toHaveAttribute("src", /hero-1-/);
    await expect(page.getByTestId("testimonial-column").first()).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.getByRole("main").locator('a[href="/services/commercial"]').first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Commercial Engineering" })).toBeVisible();

    await page.goto("/insights/embodied-carbon-in-structural-frames");
    await expect(page.getByRole("progressbar", { name: "Reading progress" })).toHaveAttribute("aria-valuenow", "0");
    // Copy link needs the Clipboard API: not offered without JavaScript; the share links work.
    await expect(page.getByRole("button", { name: "Copy link" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Email" })).toHaveAttribute("href", /^mailto:/);

    await page.goto("/projects/nepal-school-seismic-retrofit");
    await expect(page.getByText("1 / 4")).toBeVisible();
  });

  test("the mobile menu is a link that opens the menu with the Services pages, and a link closes it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/\/about#site-menu$/);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Commercial Engineering" })).toBeVisible();
    await saveScreenshot(page, "test-results/no-js/menu-390.png");
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Humanitarian Engineering" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Humanitarian Engineering" })).toBeVisible();
  });

  test("every founder's experience details and media are on the about page", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByText(/more than £70,000 of revenue/)).toBeVisible();
    await expect(page.getByRole("img", { name: /Steel frame of a mid-rise commercial building/ })).toBeVisible();
    await saveScreenshot(page.getByRole("article").first(), "test-results/no-js/about-founder-1440.png");
    const entries = page.locator("button[aria-controls*='-exp-']");
    expect(await entries.count()).toBeGreaterThanOrEqual(4);
    for (const entry of await entries.all()) {
      await expect(entry).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator(`#${await entry.getAttribute("aria-controls")}`)).toBeVisible();
    }
  });

  test("each gallery picture is a link to the picture at full size", async ({ page, request }) => {
    await page.goto("/projects/nepal-school-seismic-retrofit");
    const gallery = page.getByRole("region", { name: "Project gallery" });
    await expect(gallery.getByRole("button")).toHaveCount(0);
    const links = gallery.getByRole("link", { name: /^Open image \d of 4 full size$/ });
    await expect(links).toHaveCount(4);
    await saveScreenshot(gallery, "test-results/no-js/gallery-1440.png");
    const href = (await links.nth(2).getAttribute("href"))!;
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/^image\//);
    await links.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.?]/g, "\\$&")}$`));
  });
});

test("the cookie banner's Accept and Reject work as a form without JavaScript, and in place with it", { tag: "@site-settings" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const setMeasurementId = async (value: string) => {
    await page.goto("/admin/settings");
    await page.getByRole("combobox", { name: "Analytics", exact: true }).selectOption(value ? "with_google" : "first_party");
    await page.getByLabel("Google Analytics measurement ID").fill(value);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Settings saved" })).toBeVisible();
  };
  await setMeasurementId("G-NOJS12345");
  try {
    const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const visitor = await noJs.newPage();
    await visitor.goto("/projects?category=humanitarian");
    const banner = visitor.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    const [post] = await Promise.all([
      visitor.waitForResponse((r) => r.url().endsWith("/consent") && r.request().method() === "POST"),
      banner.getByRole("button", { name: "Accept" }).click(),
    ]);
    expect(post.status()).toBe(303);
    expect(post.headers()["cache-control"]).toBe("no-store");
    expect(post.headers()["x-html-cache"]).toBeUndefined();
    await expect(visitor).toHaveURL(/\/projects\?category=humanitarian$/);
    expect((await noJs.cookies()).find((c) => c.name === "cookie_consent")).toMatchObject({ value: "accepted", sameSite: "Lax", path: "/" });
    // The page for a visitor who chose comes from its own cache entry: no banner.
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await visitor.reload();
    await expect(banner).toBeHidden();
    // Reopening the banner needs JavaScript: not offered without it.
    await expect(visitor.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Cookie settings" })).toBeHidden();
    await noJs.close();

    // With JavaScript the same buttons decide in place: no navigation.
    const withJs = await browser.newContext({ baseURL });
    const reader = await withJs.newPage();
    await reader.goto("/about");
    const jsBanner = reader.getByRole("region", { name: "Cookie consent" });
    await reader.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await jsBanner.getByRole("button", { name: "Reject" }).click();
    await expect(jsBanner).toBeHidden();
    expect((await withJs.cookies()).find((c) => c.name === "cookie_consent")?.value).toBe("rejected");
    expect(await reader.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await reader.getByRole("button", { name: "Cookie settings" }).click();
    await expect(jsBanner).toBeVisible();
    await expect(jsBanner).toContainText("Current choice: rejected");
    await withJs.close();
  } finally {
    await setMeasurementId("");
  }
});

test.describe("with JavaScript on", () => {
  test("the projects tabs filter in place and keep the search text", async ({ page }) => {
    await page.goto("/projects?q=london");
    const tabs = page.getByRole("navigation", { name: "Project categories" });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await tabs.getByRole("link", { name: /^Commercial Engineering/ }).click();
    await expect(page).toHaveURL(/\/projects\?category=commercial&q=london$/);
    await expect(tabs.getByRole("link", { name: /^Commercial Engineering/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Search projects")).toHaveValue("london");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("the mobile menu closes with Escape and the Services dropdown closes when focus leaves it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveAttribute("data-menu", "open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await page.setViewportSize({ width: 1440, height: 900 });
    const toggle = page.getByRole("button", { name: "Services menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("link", { name: "Book Free Consultation" }).first().focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
