/**
 * Redirects and the 404 log in the browser: a visitor (a fresh context, no cookie) follows an old
 * link and gets the 404 page; a Googlebot asks too; a manager finds the address in Site >
 * Redirects' 404 log (a visit, a bot apart, the referrer's host), clicks it, sends it to the
 * services page and sees the redirect listed; a new visitor following the old link gets a 301 and
 * lands on the services page. At 1440 and 390 px.
 */
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { shootScreens } from "./support/screenshots";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

for (const width of [1440, 390]) {
  test(`a manager redirects an address from the 404 log and a visitor's old link lands with a 301 (${width} px)`, async ({ browser, page, baseURL }) => {
    test.setTimeout(60_000);
    const old = `/our-services-${width}/`;
    const visitor = await browser.newContext({ userAgent: CHROME, extraHTTPHeaders: { referer: "https://www.linkedin.com/feed/" } });
    const visitorPage = await visitor.newPage();
    const missing = await visitorPage.goto(old);
    expect(missing?.status()).toBe(404);
    await visitor.close();
    const bot = await browser.newContext({ userAgent: GOOGLEBOT });
    expect((await bot.request.get(old)).status()).toBe(404);
    await bot.close();

    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInAsAdmin(page);
    await page.goto("/admin/site");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Redirects/ }).click();
    await expect(page.getByRole("heading", { name: "Redirects", level: 1 })).toBeVisible();
    const log = page.getByRole("table", { name: "Addresses not found" });
    const path = old.slice(0, -1);
    // The 404s are written every half second on the test server.
    await expect(async () => {
      await page.reload();
      await expect(log.getByRole("row").filter({ hasText: path })).toContainText("linkedin.com", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const row = log.getByRole("row").filter({ hasText: path });
    // Each cell carries its column's name (shown on phones only).
    await expect(row.getByRole("cell").nth(0)).toHaveText(/^Visits\s*1$/);
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^Bots\s*1$/);
    await waitForHydration(page);
    await row.getByRole("link", { name: `Redirect ${path}` }).click();
    await expect(page.getByLabel("Old address")).toHaveValue(path);
    await page.getByLabel("New address").fill("/about");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByLabel("New address").locator("xpath=..").getByText(/is a live page|loop/)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Redirect added" })).toBeVisible();
    await expect(page.getByLabel("Old address")).toHaveValue("");
    await expect(page.getByRole("table", { name: "Redirects" }).getByRole("row").filter({ hasText: path })).toContainText("/about");
    await expect(log.getByRole("row").filter({ hasText: path })).toContainText("Redirected");
    await shootScreens(page, `redirects-${width}`);

    // A live page cannot be hidden: the reason is shown and nothing is added.
    await page.getByLabel("Old address").fill("/contact");
    await page.getByLabel("New address").fill("/about");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText("/contact is a live page: a redirect from /contact would hide it.")).toBeVisible();

    const next = await browser.newContext({ userAgent: CHROME });
    expect(await next.cookies()).toEqual([]);
    const answer = await next.request.get(old, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe("/about");
    const nextPage = await next.newPage();
    await nextPage.goto(old);
    await expect(nextPage).toHaveURL(`${baseURL}/about`);
    await expect(nextPage.getByRole("heading", { level: 1 })).toBeVisible();
    await next.close();
  });
}
