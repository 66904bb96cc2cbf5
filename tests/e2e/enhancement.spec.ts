/**
 * Content pages without React (issue 10, ADR "Content pages without React"): no inline script and
 * no React on content pages, the enhancement module's behaviours with JavaScript on and what they
 * degrade to with it off, document navigations between hydrated and content pages, and the HTML
 * cache in front of them.
 */
import { expect, test } from "@playwright/test";

const CONTENT_PAGES = [
  "/",
  "/about",
  "/services",
  "/services/commercial",
  "/services/humanitarian",
  "/projects",
  "/projects?category=commercial&q=london",
  "/projects/thames-wharf-mixed-use-tower",
  "/insights",
  "/insights/embodied-carbon-in-structural-frames",
  "/privacy",
  "/terms",
];

/** The `<script>` tags of an HTML document, except JSON-LD data blocks. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
}

test("content pages carry one module script from 'self' and no React; hydrated pages keep theirs", async ({ request }) => {
  for (const path of CONTENT_PAGES) {
    const html = await (await request.get(path)).text();
    expect(scripts(html), path).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/enhance-[\w-]+\.js" data-enhance="">$/)]);
    expect(html, path).not.toContain("modulepreload");
    expect(html, path).not.toContain("__reactRouter");
  }
  for (const path of ["/contact", "/book-consultation"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<script nonce="[^"]+"/);
    expect(html, path).toContain("modulepreload");
  }
});

test("anonymous content pages come from the HTML cache with an ETag; hydrated pages never do", async ({ request }) => {
  await request.get("/about");
  const hit = await request.get("/about");
  expect(hit.headers()["x-html-cache"]).toBe("hit");
  const etag = hit.headers()["etag"]!;
  expect((await request.get("/about", { headers: { "if-none-match": etag } })).status()).toBe(304);
  expect(hit.headers()["content-security-policy"]).toContain("script-src 'self'");
  await request.get("/contact");
  expect((await request.get("/contact")).headers()["x-html-cache"]).toBe("bypass");
  expect((await request.get("/book-consultation")).headers()["x-html-cache"]).toBeUndefined();
});

test("links from a hydrated page to a content page load a new document without React", async ({ page }) => {
  await page.goto("/book-consultation");
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "Daniel Mensah" })).toBeVisible();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // And back: the contact form hydrates.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
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
