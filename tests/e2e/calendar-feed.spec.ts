/**
 * Staff calendar subscription: a member of staff turns the feed on from Your account,
 * fetches the address shown once and reads it with ical.js; a booking made in the wizard is
 * TENTATIVE, staff confirm it from the event's portal link, the feed shows it CONFIRMED;
 * regenerate and turn off stop the old address. axe on the screen and both dialogs; screenshots
 * at 1440 and 390 px.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import ICAL from "ical.js";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { bookingFixtures } from "./support/booking-fixtures";
import { bookUpToConfirm } from "./support/booking-flow";
import { shootScreens as shoot } from "./support/screenshots";

const F = bookingFixtures();

/** The feed's VEVENTs whose SUMMARY names `who`, after checking the response's headers. */
async function feedEvents(request: APIRequestContext, url: string, who: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-robots-tag"]).toMatch(/noindex/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents("vevent").filter((e) => String(e.getFirstPropertyValue("summary")).includes(who));
}

test("staff subscribe to their calendar feed: a booking is tentative, then confirmed; regenerate and turn off stop the old address", async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  const visitor = { name: `Feed Visitor ${Date.now()}`, email: `feed.${Date.now()}@example.com` };
  const wizard = await (await browser.newContext()).newPage();
  await bookUpToConfirm(wizard, F.feed, visitor);
  await wizard.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(wizard.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  await wizard.context().close();

  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  // Your account has more sections with an On/Off badge (two-factor): look at the feed's.
  await expect(page.getByRole("heading", { name: "Calendar feed Off" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "calendar-feed-off");

  await page.getByRole("button", { name: "Turn on calendar feed" }).click();
  await expect(page.getByText("Calendar feed turned on")).toBeVisible();
  const address = page.getByRole("textbox", { name: "Your feed address" });
  await expect(address).toHaveValue(/\/admin\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await expect(page.getByRole("heading", { name: "Calendar feed On" })).toBeVisible();
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "calendar-feed-new-address");

  const [pending] = await feedEvents(request, url, visitor.name);
  expect(pending, "the wizard's booking is in the feed").toBeTruthy();
  expect(pending!.getFirstPropertyValue("status")).toBe("TENTATIVE");
  const portal = new URL(String(pending!.getFirstPropertyValue("url")));
  expect(portal.pathname).toBe("/admin/consultations");

  // The event's portal link opens the booking; staff confirm it.
  await page.goto(`${portal.pathname}${portal.search}`);
  const dialog = page.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
  await expect(dialog).toContainText(visitor.email);
  await dialog.getByLabel("Update status").selectOption("confirmed");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  await expect(page.getByText("Booking updated")).toBeVisible();
  await expect(page).not.toHaveURL(/booking=/);

  const [confirmed] = await feedEvents(request, url, visitor.name);
  expect(confirmed!.getFirstPropertyValue("status")).toBe("CONFIRMED");
  expect(confirmed!.getFirstPropertyValue("uid")).toBe(pending!.getFirstPropertyValue("uid"));
  expect(Number(confirmed!.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(pending!.getFirstPropertyValue("sequence")));

  // Regenerate, behind a confirmation: the old address stops at once.
  await page.goto("/admin/account");
  await expect(page.getByText("Last fetched by a calendar")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your feed address" })).toHaveCount(0); // shown once only
  await page.getByRole("button", { name: "Regenerate address" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Regenerate your feed address?" });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "calendar-feed-regenerate-dialog");
  await confirm.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByText("New feed address made; the old one no longer works")).toBeVisible();
  const fresh = await page.getByRole("textbox", { name: "Your feed address" }).inputValue();
  expect(fresh).not.toBe(url);
  expect((await request.get(url)).status()).toBe(404);
  expect(await feedEvents(request, fresh, visitor.name)).toHaveLength(1);

  // Turn off, behind a confirmation (Cancel first keeps it on).
  await page.getByRole("button", { name: "Turn off" }).click();
  const off = page.getByRole("alertdialog", { name: "Turn off your calendar feed?" });
  await expect(off).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await off.getByRole("button", { name: "Cancel" }).click();
  expect((await request.get(fresh)).status()).toBe(200);
  await page.getByRole("button", { name: "Turn off" }).click();
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Calendar feed turned off")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on calendar feed" })).toBeVisible();
  expect((await request.get(fresh)).status()).toBe(404);
});
