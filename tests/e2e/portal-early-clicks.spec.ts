/**
 * A member of staff presses a booking's "View" the moment the row is on screen, before or while
 * the portal hydrates: the booking dialog opens every time. The processor is
 * slowed fourfold (Chromium's CPU throttling) so hydration takes long enough for early presses to
 * land before it, during it and after it.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./support/auth";

const ROUNDS = 12;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

test.describe.configure({ timeout: 180_000 });

test("a booking's View pressed as soon as it is visible opens the booking, every time", async ({ page }) => {
  await signInAsAdmin(page);
  await throttle(page);
  for (let round = 0; round < ROUNDS; round++) {
    await page.goto("/admin/consultations", { waitUntil: "commit" });
    const view = page.getByRole("link", { name: /^View booking of/ }).first();
    await view.click();
    // Pressed before hydration, the link loads `?booking=`, which opens the dialog once hydrated.
    await expect(page.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ }), `round ${round + 1}`).toBeVisible({ timeout: 20_000 });
  }
});
