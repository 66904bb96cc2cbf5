import type { Page } from "@playwright/test";

/**
 * Waits until a hydrated page (the portal, contact, booking) has hydrated: the toast area, which
 * mounts only after hydration (`app/components/ui/sonner.tsx`), is in the DOM. For a test of what
 * React does on a press (a menu, a confirmation): pressed earlier, a control does what the server
 * makes of it (a link, a form) or, for a React-only one, nothing yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: "attached" });
}

/**
 * Waits until the page has painted what it last changed and every finite CSS transition and
 * animation has ended (looping ones, such as the partner strip, are left running): the moment to
 * scan colours with axe or to assert that something did not appear, without a fixed delay.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Waits until the enhancement module of a public page (sent without React) has run: it marks
 * `<html data-enhanced>` once every behaviour is attached. A visitor who waits for the page's
 * scripts; a test that acts before them does not call this (every control also works without).
 */
export async function waitForEnhancement(page: Page): Promise<void> {
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
}
