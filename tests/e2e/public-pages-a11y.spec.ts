/**
 * axe on the public site's fixed-content pages and the 404 page, with the header scrolled over
 * dark heroes, and with the mobile menu open.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { gotoOk } from "./support/goto";
import { waitForSettled } from "./support/hydration";

test.describe("accessibility", () => {
  // axe on the long, animated home page takes several seconds on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  for (const path of ["/", "/about", "/services", "/services/commercial", "/services/humanitarian", "/privacy", "/terms", "/no-such-page"]) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  // The header takes its scrolled style past 20 px and then sits over dark heroes: its logo and
  // links must keep their contrast there too (the stronger blur after 20 px).
  for (const path of ["/", "/projects/thames-wharf-mixed-use-tower", "/book-consultation"]) {
    test(`axe finds no serious violation with the header scrolled over the dark hero of ${path}`, async ({ page }) => {
      await gotoOk(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const header = page.locator("header").first();
      // Scroll inside the poll: hydration and the root's scroll-to-top may land after the first scroll.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, 200));
        await expect(header).toHaveAttribute("data-scrolled", "true", { timeout: 500 });
      }).toPass();
      // The dark hero is now behind the header; wait for its colour transition to finish.
      await waitForSettled(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("axe is clean with the mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoOk(page, "/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Show Services pages" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
