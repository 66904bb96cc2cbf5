import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";

// Demo content (app/db/seed/insights.ts): 5 published articles and one draft.
const ARTICLE = "embodied-carbon-in-structural-frames";
const TITLE = "Cutting embodied carbon in structural frames: where the big wins are";

test("the insights page lists published articles and links the RSS feed", async ({ page }) => {
  await page.goto("/insights");
  await expect(page.getByRole("heading", { level: 1, name: "Insights & updates" })).toBeVisible();
  const articles = page.getByRole("main").getByRole("article");
  await expect(articles).toHaveCount(5);
  await expect(articles.first()).toContainText(TITLE);
  await expect(articles.first()).toContainText("May 14, 2025");
  await expect(page.getByText("The Building Safety Act")).toHaveCount(0);
  // An article without a reading time shows the card default.
  await expect(articles.filter({ hasText: "Digital twins for bridge maintenance" })).toContainText("5 mins read");
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/insights/rss.xml");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/insights/${ARTICLE}$`));
});

test("an article shows its parts, blocks, meta and share links", async ({ page, baseURL }) => {
  await page.goto(`/insights/${ARTICLE}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs).toHaveText(/Home.*Insights.*Article/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(page.getByText("Sustainability", { exact: true })).toBeVisible();
  await expect(page.getByText("May 14, 2025")).toBeVisible();
  await expect(page.getByText("7 mins read")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Executive summary" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Start with the grid, not the material" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Questions worth asking at concept stage" })).toBeVisible();
  await expect(page.locator("blockquote")).toContainText("The lowest-carbon building");
  await expect(page.getByText("— James Whitfield")).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the author" })).toBeVisible();
  await expect(page.getByText("Co-founder and Director of Structural Engineering").first()).toBeVisible();

  const share = page.getByRole("region", { name: "Share this article" });
  const url = `${baseURL}/insights/${ARTICLE}`;
  const encoded = encodeURIComponent(url);
  await expect(share.getByRole("link", { name: /Twitter/ })).toHaveAttribute("href", new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${encoded.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(share.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
  const mail = await share.getByRole("link", { name: "Email" }).getAttribute("href");
  expect(mail).toMatch(/^mailto:\?subject=/);
  expect(decodeURIComponent(mail!)).toContain(TITLE);
  expect(decodeURIComponent(mail!)).toContain(url);

  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute("content", "2025-05-14T09:00:00.000Z");
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const article = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((j) => j["@type"] === "Article");
  expect(article).toMatchObject({ headline: TITLE, datePublished: "2025-05-14T09:00:00.000Z" });
  await expectNoSeriousA11yViolations(page);
});

test("the reading progress bar follows the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto(`/insights/${ARTICLE}`);
  const bar = page.getByRole("progressbar", { name: "Reading progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  // Scroll inside the poll: hydration (and the root's scroll-to-top) may land after the first scroll.
  const scrollTo = (fraction: number) =>
    page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f), fraction);
  await expect
    .poll(async () => {
      await scrollTo(0.5);
      return Number(await bar.getAttribute("aria-valuenow"));
    })
    .toBeGreaterThan(30);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(70);
  await scrollTo(1);
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await scrollTo(0);
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
});

test("Copy link writes the page URL to the clipboard and confirms", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto(`/insights/${ARTICLE}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/insights/${ARTICLE}`);
});

test("an article without a reading time says so", async ({ page }) => {
  await page.goto("/insights/digital-twins-for-bridge-maintenance");
  await expect(page.getByText("Read time not specified")).toBeVisible();
});

for (const slug of ["no-such-article", "building-safety-act-what-changes-for-clients"]) {
  test(`shows Article Not Found with 404 for ${slug}`, async ({ page }) => {
    const response = await page.goto(`/insights/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText("The requested article could not be found.")).toBeVisible();
    await page.getByRole("link", { name: "View All Insights" }).click();
    await expect(page).toHaveURL(/\/insights$/);
  });
}

test("the RSS feed lists published articles", async ({ request, baseURL }) => {
  const response = await request.get("/insights/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`<link>${baseURL}/insights/${ARTICLE}</link>`);
  expect((xml.match(/<item>/g) ?? []).length).toBe(5);
  expect(xml).not.toContain("building-safety-act");
});
