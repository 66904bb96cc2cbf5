/**
 * A visitor on a slow connection (project "visitor"): the page is on screen, and usable as a plain
 * form, before its JavaScript has arrived. Whatever the person typed or chose in that time must
 * still count once the scripts run (React in the portal, the enhancement on the public site): the
 * buttons they enable follow what the screen shows.
 */
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../../playwright.config";
import { formatMonthYear } from "../../../app/utils/format";
import { slotRadio } from "../support/booking-flow";
import { waitForEnhancement, waitForHydration } from "../support/hydration";
import { expect, test } from "../support/visitor";
import { visitorFixtures } from "../support/visitor-fixtures";

const F = visitorFixtures();

/**
 * Holds back every script of the site until the returned function is called, as a slow mobile
 * connection does: the server-rendered page shows and takes input, but nothing has hydrated.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("staff who type their e-mail and password before the page's script arrives can press Sign In", async ({ visitor }) => {
  const { page } = visitor;
  const release = await holdScripts(page);
  await visitor.open("/admin/login", { hydrated: false, waitUntil: "commit" });
  await page.getByLabel("Email", { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  release();
  await waitForHydration(page);
  const signIn = page.getByRole("button", { name: "Sign In" });
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("a time chosen in the booking wizard before its script arrives is still chosen, and Continue goes on", async ({ visitor, request }) => {
  const { page } = visitor;
  // A shared link to the week's times of the first consultation type, opened on a slow connection.
  const type = /name="type" value="([^"]+)"/.exec(await (await request.get("/book-consultation")).text())?.[1];
  expect(type).toBeTruthy();
  const release = await holdScripts(page);
  await visitor.open(`/book-consultation?step=2&type=${type}&week=${F.week}`, { hydrated: false, waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week) })).toBeVisible();
  const radio = slotRadio(page, F.from.date, F.from.startTime);
  await radio.check({ force: true });
  release();
  await waitForEnhancement(page);
  await expect(radio).toBeChecked();
  const next = page.getByRole("button", { name: "Continue" });
  await expect(next).toBeEnabled();
  await visitor.followToDocument(next, page.getByRole("heading", { name: "Your Information" }));
});
