/**
 * Screenshots for people to look at (a UI change checked at 390 and 1440 px), not for the suite to
 * assert: what a test checks, it asserts. They are taken only when E2E_SCREENSHOTS is set
 * (`npm run screenshots`, or `E2E_SCREENSHOTS=1 npx playwright test <spec>`), so `npm test` spends
 * no time encoding images nobody reads. Paths are as the tests give them (under test-results/).
 */
import type { Locator, Page } from "@playwright/test";

/** True when this run takes screenshots. */
export const TAKE_SCREENSHOTS = Boolean(process.env.E2E_SCREENSHOTS);

/** Saves a screenshot of `target` (the viewport, the whole page with `fullPage`, or one element) to `path` when screenshots are on. */
export async function saveScreenshot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage });
  else await target.screenshot({ path });
}

/**
 * Full-page screenshots of `page` at 1440 and 390 px wide (`test-results/screens/<name>-1440.png`,
 * `-390.png`, when screenshots are on); the page is left at 1440 x 900 either way.
 */
export async function shootScreens(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `test-results/screens/${name}-1440.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, `test-results/screens/${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}
