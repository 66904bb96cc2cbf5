/**
 * Connecting an engineer's own calendar for them, as an admin does it: from Users, by clicking
 * (tests/e2e/engineer-calendar.spec.ts connects an ICS subscription, calendar-writes.spec.ts a
 * CalDAV account).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./auth";
import { waitForHydration } from "./hydration";

/**
 * Signs `page` in as the admin, opens the calendar of the member of staff named `name` from Users
 * (their card must say Not connected), lets `fill` fill the card's form, presses Connect calendar
 * and waits for "Calendar connected". Returns the card, the region named "`name`'s calendar …".
 */
export async function connectCalendarFromUsers(page: Page, name: string, fill: (card: Locator) => Promise<void>): Promise<Locator> {
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await waitForHydration(page);
  await page.getByRole("link", { name: `Calendar of ${name}` }).click();
  const card = page.getByRole("region", { name: new RegExp(`^${name}'s calendar`) });
  await expect(card.getByRole("heading", { name: `${name}'s calendar Not connected` })).toBeVisible();
  await waitForHydration(page);
  await fill(card);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(page.getByText("Calendar connected")).toBeVisible();
  return card;
}
