/**
 * Cookieless analytics end to end: three visitors with their own addresses (sent as
 * X-Forwarded-For, which the server believes because the browser connects from loopback and
 * TRUST_PROXY defaults to loopback) and user agents arrive from a campaign link, another site and
 * directly; one sends an enquiry, one books a consultation. The Analytics screen then shows them
 * with the right attribution. Sources and campaign carry this run's id, so the rows asserted are
 * this run's alone (Playwright's own headless user agent is a bot and is never counted).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { bookingFixtures } from "./support/booking-fixtures";
import { bookUpToConfirm } from "./support/booking-flow";
import { waitUntilHumanPace } from "./support/human-pace";
import { saveScreenshot } from "./support/screenshots";

const RUN = Date.now().toString(36);
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ARTICLE = "/insights/embodied-carbon-in-structural-frames";

async function visitor(browser: Browser, baseURL: string | undefined, address: string, userAgent: string, isMobile = false): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent, isMobile, extraHTTPHeaders: { "X-Forwarded-For": address } });
  return context.newPage();
}

test("visits, an enquiry and a booking show on the Analytics screen with their sources and entry pages", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);

  // 1. From a newsletter campaign to an article, then an enquiry (UK, desktop).
  const reader = await visitor(browser, baseURL, "81.2.69.142", DESKTOP);
  await reader.goto(`${ARTICLE}?utm_source=newsletter-${RUN}&utm_medium=email&utm_campaign=autumn-${RUN}`);
  await reader.goto("/contact");
  await expect(reader.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await reader.getByRole("textbox", { name: "Full name", exact: true }).fill("Ada Analytics");
  await reader.getByRole("textbox", { name: "E-mail address", exact: true }).fill(`ada-${RUN}@example.com`);
  await reader.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption("Commercial Engineering");
  await reader.getByRole("textbox", { name: "Message", exact: true }).fill("A steel frame for a new office.");
  await waitUntilHumanPace(reader);
  await reader.getByRole("button", { name: "Send Message" }).click();
  await expect(reader.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible();

  // 2. From another site to the projects, then a booking (France, phone).
  const booker = await visitor(browser, baseURL, "62.210.16.1", IPHONE, true);
  await booker.goto("/projects", { referer: `https://${RUN}.example.org/some/article` });
  await bookUpToConfirm(booker, bookingFixtures().open, { name: "Bea Booker", email: `bea-${RUN}@example.com` });
  await booker.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(booker.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

  // 3. Directly, two pages (US, desktop).
  const direct = await visitor(browser, baseURL, "8.8.8.8", DESKTOP);
  await direct.goto("/");
  await direct.goto("/about");
  for (const p of [reader, booker, direct]) await p.context().close();

  // The dashboard, as an admin (not counted: a staff session).
  await signInAsAdmin(page);
  const sources = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Source" }) });
  await expect(async () => {
    await page.goto("/admin/analytics?range=7");
    await expect(sources.getByRole("row", { name: new RegExp(`^${RUN}\\.example\\.org`) })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  const cells = async (table: ReturnType<Page["getByRole"]>, name: string) =>
    (await table.getByRole("row", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`) }).getByRole("cell").allInnerTexts()).map((t) => t.trim());
  // Source: visits, enquiries, bookings, conversion rate.
  expect(await cells(sources, `newsletter-${RUN}`)).toEqual(["1", "1", "0", "100%"]);
  expect(await cells(sources, `${RUN}.example.org`)).toEqual(["1", "0", "1", "100%"]);
  const campaigns = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Campaign" }) });
  // Campaign: visits, enquiries, bookings, conversion rate.
  expect(await cells(campaigns, `autumn-${RUN}`)).toEqual(["1", "1", "0", "100%"]);
  const referrers = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Site" }) });
  expect(await cells(referrers, `${RUN}.example.org`)).toEqual(["1", "1"]);
  const entries = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Page" }) }).first();
  const article = await cells(entries, ARTICLE);
  expect(Number(article[1])).toBeGreaterThanOrEqual(1); // enquiries from visits that began at the article
  await expect(page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Country" }) }).getByRole("row", { name: /^France/ })).toBeVisible();
  await expect(page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Device" }) }).getByRole("row", { name: /^Mobile/ })).toBeVisible();
  await expect(page.getByText("Commercial Engineering")).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await saveScreenshot(page, "test-results/screens/analytics-1440.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "test-results/screens/analytics-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The export of the same range.
  const download = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]).then(([d]) => d);
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("a campaign tag on a later page of a visit is counted, the rule is on the screen, and the chart's labels are readable on a phone", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // From a search engine to the home page, then a newsletter link to an article in the same visit.
  const reader = await visitor(browser, baseURL, "81.2.69.160", DESKTOP);
  await reader.goto("/", { referer: "https://www.google.com/" });
  await reader.goto(`${ARTICLE}?utm_source=later-${RUN}&utm_medium=newsletter-${RUN}&utm_campaign=midvisit-${RUN}`);
  await reader.context().close();

  await signInAsAdmin(page);
  const campaigns = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Campaign" }) });
  await expect(async () => {
    await page.goto("/admin/analytics?range=7");
    await expect(campaigns.getByRole("row", { name: new RegExp(`^midvisit-${RUN}`) })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const cells = async (table: ReturnType<Page["getByRole"]>, name: string) => (await table.getByRole("row", { name: new RegExp(`^${name}`) }).getByRole("cell").allInnerTexts()).map((t) => t.trim());
  expect(await cells(campaigns, `midvisit-${RUN}`)).toEqual(["1", "0", "0", "–"]);
  const media = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Medium" }) });
  expect(await cells(media, `newsletter-${RUN}`)).toEqual(["1", "0", "0", "–"]);
  await expect(page.getByRole("heading", { name: "How visits and conversions are attributed" })).toBeVisible();
  await expect(page.getByText("counts for the last campaign before it")).toBeVisible();

  for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const labels = page.getByTestId("chart-day-labels").locator("span");
    await expect(labels.first()).toBeVisible();
    for (const label of await labels.all()) expect((await label.boundingBox())!.height, `${viewport.width} px`).toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByRole("heading", { name: "How visits and conversions are attributed" }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `test-results/screens/analytics-attribution-${viewport.width}.png`);
    await page.getByText("Day by day").scrollIntoViewIfNeeded();
    await saveScreenshot(page, `test-results/screens/analytics-chart-${viewport.width}.png`);
    await expectNoSeriousA11yViolations(page);
  }
});
