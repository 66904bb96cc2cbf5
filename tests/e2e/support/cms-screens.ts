/**
 * What the content studio's list screens share in the browser tests: full-page screenshots in
 * test-results/cms-screens/, and the list with its delete confirmation checked with axe.
 */
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y";
import { saveScreenshot } from "./screenshots";

/** A full-page screenshot at test-results/cms-screens/`name`.png. */
export const shot = (page: Page, name: string) => saveScreenshot(page, `test-results/cms-screens/${name}.png`, { fullPage: true });

/**
 * Opens the studio list at `path` (its h1 `heading`), checks it with axe and photographs it as
 * `screenshot`; then opens the first row's Delete, finds the confirmation's words, checks the
 * dialog with axe and cancels it.
 */
export async function checkListAndDeleteDialog(page: Page, { path, heading, screenshot }: { path: string; heading: string; screenshot: string }) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, screenshot);
  await page.getByRole("button", { name: /^Delete / }).first().click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(/Are you sure you want to delete ".+"\? This action cannot be undone\./);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
}

/**
 * For a draft at public `path` (`/projects/<slug>`): checks it is a 404 in public, that the
 * editor's Preview link is a signed `path?preview=` address, and opens that link in a new page of
 * `context`, answered 200 and `no-store` with the draft's title as its h1 and noindex. Returns the
 * preview page (left open for the caller's own checks) and the link.
 */
export async function openSignedPreview(page: Page, context: BrowserContext, path: string, title: string) {
  expect((await page.request.get(path)).status()).toBe(404);
  const previewHref = (await page.getByRole("link", { name: /Preview/ }).getAttribute("href"))!;
  expect(previewHref).toContain(`${path}?preview=`);
  const preview = await context.newPage();
  const previewResponse = await preview.goto(previewHref);
  expect(previewResponse?.status()).toBe(200);
  expect(previewResponse?.headers()["cache-control"]).toBe("no-store");
  await expect(preview.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  return { preview, previewHref };
}

/**
 * On the form at `path` whose first field is `field`, types `text`, then follows the Dashboard
 * link: the "Leave without saving?" dialog (checked with axe) keeps the person on the form with
 * what they typed when they choose "Stay on this page".
 */
export async function expectLeavePromptKeepsText(page: Page, path: string, field: Locator, text: string) {
  await page.goto(path);
  await field.fill(text);
  await page.getByRole("link", { name: /Dashboard/ }).first().click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(new RegExp(path.replace(/\//g, "\\/")));
  await expect(field).toHaveValue(text);
}
