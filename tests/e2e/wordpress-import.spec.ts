/**
 * Moving in from WordPress in the browser: a manager (the admin role) opens Site > Import from
 * WordPress, is told plainly that a file which is not an export cannot be imported, uploads a real
 * export (the theme unit test data, classic editor, at 1440 px; the block-editor test data at
 * 390 px), reads the dry run, maps a category, applies it, watches the job's progress until it is
 * finished and reads the result (pictures that could not be fetched listed). A new visitor (a
 * fresh context) opens the imported article on the public site, and asks for its old permalink:
 * a 301 to the article. An editor is neither offered the screen nor let in (403).
 *
 * The exports' addresses are pointed at a server of this test (pictures: a small JPEG, one 404),
 * so the test server never reaches the internet; it runs with WORDPRESS_ALLOW_PRIVATE=true.
 * Tagged @site-settings: the imported articles join the public insights list for good, so it runs
 * after the tests that count that list.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { waitForEnhancement, waitForHydration } from "./support/hydration";
import { shootScreens } from "./support/screenshots";
import { WORDPRESS_FIXTURES as F } from "./support/wordpress-fixtures";
import { expectNoSidewaysScroll } from "./support/languages";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/wordpress");
let server: Server;
let origin = "";
test.beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
  server = createServer((req, res) => {
    const url = req.url ?? "";
    if (/\.(?:jpe?g|png)$/i.test(url.split("?")[0]!) && !url.includes("dsc09114")) res.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The export `name` with every outside address after its header pointed at this test's server
 * (the old site's own host keeps its paths, so the permalinks are unchanged), as an upload.
 */
async function exportFile(name: string) {
  const text = await readFile(path.join(FIXTURES, name), "utf8");
  const at = text.indexOf("<channel>");
  const body = text.slice(at).replace(/https?:\/\/([a-z0-9.-]+)/gi, (_all, host: string) => (host === "wpthemetestdata.wordpress.com" ? origin : `${origin}/ext/${host}`));
  return { name, mimeType: "text/xml", buffer: Buffer.from(text.slice(0, at) + body) };
}

const CASES = [
  { width: 1440, file: "themeunittestdata.wordpress.xml", site: "Theme Unit Test Data", category: "Markup", mapTo: "Technical Guide", title: "Markup: HTML Tags and Formatting", old: "/2013/01/11/markup-html-tags-and-formatting/", posts: "58" },
  { width: 390, file: "64-block-test-data.xml", site: "Theme test data: Blocks", category: "Text", mapTo: "Technical Guide", title: "Quote", old: "/quote/", posts: "61" },
] as const;

for (const c of CASES) {
  test(`a manager uploads a WordPress export, reads the dry run, maps a category and applies it; a visitor's old link lands on the article (${c.width} px) @site-settings`, async ({ browser, page, baseURL }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: c.width, height: c.width === 390 ? 844 : 900 });
    await signIn(page, F.manager);
    await page.goto("/admin/site");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Import from WordPress/ }).click();
    await expect(page.getByRole("heading", { name: "Import from WordPress", level: 1 })).toBeVisible();
    await shootScreens(page, `wordpress-upload-${c.width}`);

    // Not an export: refused with the reason, nothing kept.
    await page.getByLabel("WordPress export file").setInputFiles({ name: "notes.xml", mimeType: "text/xml", buffer: Buffer.from("<notes><note>Not WordPress</note></notes>") });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByRole("status")).toHaveText("This file is not a WordPress export: it is XML, but not an RSS file (WXR).");

    await page.getByLabel("WordPress export file").setInputFiles(await exportFile(c.file));
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByRole("heading", { name: "Dry run: nothing is written yet" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`${c.site} (`)).toBeVisible();
    const totals = page.getByRole("table", { name: "What the import would do, by kind" });
    const posts = totals.getByRole("row").filter({ hasText: "Posts" });
    await expect(posts.getByRole("cell").nth(0)).toHaveText(/^Create\s*\d+$/);
    // Created the first time, updated when an earlier test imported it: the posts are all there.
    const [created, updated] = await Promise.all([posts.getByRole("cell").nth(0).innerText(), posts.getByRole("cell").nth(1).innerText()]);
    expect(Number(created.replace(/\D/g, "")) + Number(updated.replace(/\D/g, ""))).toBe(Number(c.posts));
    await expect(totals.getByRole("row").filter({ hasText: "Menu items" }).getByRole("cell").nth(2)).toHaveText(/^Skip\s*\d+$/);
    await expect(page.getByText("Old category and tag archives lead to the whole Insights list, which has no category or tag filter.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shootScreens(page, `wordpress-dry-run-${c.width}`);

    await page.getByLabel(c.category, { exact: true }).selectOption(c.mapTo);
    await page.getByRole("button", { name: "Apply import" }).click();
    await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
    await expect(page.getByText("You can leave this page: the import goes on")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole("list", { name: "Import totals" })).toContainText("redirects from old addresses");
    await expect(page.getByText(/^Pictures that could not be fetched \(\d+\)$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shootScreens(page, `wordpress-finished-${c.width}`);

    const row = page.getByRole("table", { name: "Imported articles" }).getByRole("row").filter({ has: page.getByRole("link", { name: c.title, exact: true }) });
    const href = await row.getByRole("link", { name: /^\/insights\// }).getAttribute("href");
    expect(href).toMatch(/^\/insights\/[a-z0-9-]+$/);

    // A new visitor opens the article, then follows the old site's link to it.
    const visitor = await browser.newContext();
    expect(await visitor.cookies()).toEqual([]);
    const visitorPage = await visitor.newPage();
    await visitorPage.setViewportSize({ width: c.width, height: 900 });
    await visitorPage.goto(href!);
    await waitForEnhancement(visitorPage);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(c.title);
    await expect(visitorPage.getByText(c.mapTo, { exact: true }).first()).toBeVisible();
    await shootScreens(visitorPage, `wordpress-article-${c.width}`);
    const answer = await visitor.request.get(c.old, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(href);
    await visitorPage.goto(c.old);
    await expect(visitorPage).toHaveURL(`${baseURL}${href}`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(c.title);
    await visitor.close();
  });
}

test("an editor is not offered the WordPress import, and is refused it", async ({ page }) => {
  await signIn(page, F.editor);
  await page.goto("/admin/site");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Import from WordPress/ })).toHaveCount(0);
  const refused = await page.goto("/admin/site/wordpress");
  expect(refused?.status()).toBe(403);
  const upload = await page.request.post("/admin/site/wordpress", { multipart: { file: { name: "export.xml", mimeType: "text/xml", buffer: Buffer.from("<rss/>") } }, headers: { origin: new URL(page.url()).origin } });
  expect(upload.status()).toBe(403);
});
