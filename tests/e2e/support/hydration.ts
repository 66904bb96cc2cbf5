import type { Page } from "@playwright/test";

/**
 * Waits until a hydrated page (the portal, contact, booking) has hydrated: the toast area, which
 * mounts only after hydration (`app/components/ui/sonner.tsx`), is in the DOM. Clicking earlier
 * races hydration and the root's scroll-to-top: a menu opened on a scrolled-to card is then left
 * outside the viewport while its scroll lock holds the page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached" });
}
