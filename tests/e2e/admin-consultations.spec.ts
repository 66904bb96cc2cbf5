/**
 * Admin consultations and availability:
 * single and recurring availability created in the admin appear in the public wizard; slots are
 * edited and deleted; a booking made in the wizard is confirmed with a meeting link and the
 * visitor's mail lands in the outbox folder; axe is clean on the page and its dialogs.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatLongDate } from "../../app/utils/format";
import { addDays, londonToday, startOfWeek } from "../../app/utils/time";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { waitUntilHumanPace } from "./support/human-pace";
import { saveScreenshot } from "./support/screenshots";
import { waitForMail } from "./support/mail";

// The wizard limits bookings per address; this file books from an address of its own.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.47" } });
// Long flows with several axe scans on a page holding many slots: more than the default 30 s.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const today = londonToday(new Date());
// Weeks far enough ahead to clear the minimum notice, inside the wizard's booking horizon, at
// 18:30: a time neither the demo seed nor the booking fixtures (17:30, 18:00; week +2) use.
const singleWeek = addDays(startOfWeek(today), 21);
const singleDate = addDays(singleWeek, 2); // a Wednesday
const recurringWeek = addDays(singleWeek, 7);
const tuesday = addDays(recurringWeek, 1);
const thursday = addDays(recurringWeek, 3);
const visitor = { name: `Wizard Visitor ${Date.now()}`, email: `wizard.visitor.${Date.now()}@example.com` };

const slotRadio = (page: Page, date: string, time: string) =>
  page.getByRole("radio", { name: `${formatLongDate(date)} ${time}`, exact: true });

/** Opens step 2 of the wizard for the week starting `monday`, with the first type chosen. */
async function openWizardWeek(page: Page, monday: string) {
  await page.goto("/book-consultation");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/step=2/);
  const url = new URL(page.url());
  url.searchParams.set("week", monday);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
}

async function openAvailability(page: Page) {
  await page.goto("/admin/consultations?tab=availability");
  await expect(page.getByRole("tab", { name: "Availability", selected: true })).toBeVisible();
  await waitForHydration(page);
}

/** The slot card for a date and 12-hour start time. */
const slotCard = (page: Page, date: string, startLabel: string) =>
  page
    .getByRole("region", { name: new RegExp(`^${formatLongDate(date)}`) })
    .getByRole("listitem")
    .filter({ hasText: startLabel });

test("single and recurring availability created in the admin appear in the public wizard", async ({ page }) => {
  await signInAsAdmin(page);
  await openAvailability(page);
  await page.getByRole("button", { name: "Add Availability" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Availability" });
  await expect(dialog.getByRole("tab", { name: "Single Slot", selected: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("textbox", { name: "Date", exact: true }).fill(singleDate);
  await dialog.getByRole("combobox", { name: "Start time", exact: true }).selectOption("18:30");
  await dialog.getByRole("combobox", { name: "End time", exact: true }).selectOption("18:30");
  await dialog.getByRole("button", { name: "Create Slot" }).click();
  await expect(dialog.getByText("End time must be after start time")).toBeVisible();
  await dialog.getByRole("combobox", { name: "End time", exact: true }).selectOption("19:00");
  await dialog.getByRole("button", { name: "Create Slot" }).click();
  await expect(page.getByText("Availability slot created")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(slotCard(page, singleDate, "6:30 PM – 7:00 PM")).toContainText("Available");
  await expect(slotCard(page, singleDate, "6:30 PM – 7:00 PM")).toContainText("0/1 booked");

  await page.getByRole("button", { name: "Add Availability" }).click();
  await dialog.getByRole("tab", { name: "Recurring Slots" }).click();
  const create = dialog.getByRole("button", { name: "Create Slots" });
  await expect(create).toBeDisabled();
  await dialog.getByRole("textbox", { name: "Start date", exact: true }).fill(recurringWeek);
  await dialog.getByRole("textbox", { name: "End date", exact: true }).fill(addDays(recurringWeek, 6));
  await dialog.getByLabel("Tuesday").check();
  await dialog.getByLabel("Thursday").check();
  await expect(create).toBeEnabled();
  await dialog.getByRole("combobox", { name: "Start time", exact: true }).selectOption("18:30");
  await dialog.getByRole("combobox", { name: "End time", exact: true }).selectOption("19:00");
  await dialog.getByRole("spinbutton", { name: "Maximum bookings", exact: true }).fill("2");
  await dialog.getByLabel(/Skip UK bank holidays/).uncheck();
  await expectNoSeriousA11yViolations(page);
  await create.click();
  await expect(dialog.getByRole("status")).toContainText("Created 2 slots, skipped 0");
  // Again: both now exist and are skipped.
  await create.click();
  await expect(dialog.getByRole("status")).toContainText("Created 0 slots, skipped 2");
  await page.keyboard.press("Escape");
  await expect(slotCard(page, tuesday, "6:30 PM – 7:00 PM")).toContainText("0/2 booked");
  await expect(slotCard(page, thursday, "6:30 PM – 7:00 PM")).toContainText("0/2 booked");

  await openWizardWeek(page, singleWeek);
  await expect(slotRadio(page, singleDate, "18:30")).toBeEnabled();
  await openWizardWeek(page, recurringWeek);
  await expect(slotRadio(page, tuesday, "18:30")).toBeEnabled();
  await expect(slotRadio(page, thursday, "18:30")).toBeEnabled();
});

test("a slot is edited (unavailable slots leave the wizard) and deleted after the exact confirmation", async ({ page }) => {
  await signInAsAdmin(page);
  await openAvailability(page);
  const card = slotCard(page, thursday, "6:30 PM – 7:00 PM");
  await card.getByRole("button", { name: /Slot actions/ }).click();
  await page.getByRole("menuitem", { name: "Edit Slot" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Slot" });
  await expect(edit.getByText("Current bookings: 0")).toBeVisible();
  await expect(edit.getByRole("switch", { name: "Available for booking" })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole("spinbutton", { name: "Maximum bookings", exact: true }).fill("4");
  await edit.getByRole("switch", { name: "Available for booking" }).uncheck();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Availability slot updated")).toBeVisible();
  await expect(card).toContainText("Unavailable");
  await expect(card).toContainText("0/4 booked");

  await openWizardWeek(page, recurringWeek);
  await expect(slotRadio(page, tuesday, "18:30")).toBeEnabled();
  await expect(slotRadio(page, thursday, "18:30")).toHaveCount(0);

  await openAvailability(page);
  await card.getByRole("button", { name: /Slot actions/ }).click();
  await page.getByRole("menuitem", { name: "Delete Slot" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Slot" });
  await expect(confirm.getByText("Are you sure you want to delete this availability slot?", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Availability slot deleted")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a booking made in the wizard is confirmed with a meeting link and the visitor is mailed", async ({ page }) => {
  await openWizardWeek(page, singleWeek);
  await slotRadio(page, singleDate, "18:30").check({ force: true });
  await page.getByRole("button", { name: "Continue" }).click();
  const shownAt = Date.now();
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(visitor.name);
  await page.getByRole("textbox", { name: "Email address", exact: true }).fill(visitor.email);
  await page.getByRole("textbox", { name: "Company", exact: true }).fill("Visitor Structures Ltd");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Confirm Booking" })).toBeVisible();
  await waitUntilHumanPace(shownAt);
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/admin/consultations");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("searchbox", { name: "Search by name, email or type" }).fill(visitor.name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 booking found")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: visitor.name });
  await expect(card).toContainText("Pending");
  await expect(card).toContainText("6:30 PM – 7:00 PM");
  await card.getByRole("link", { name: /View booking of/ }).click();

  const dialog = page.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
  await expect(dialog).toContainText(visitor.email);
  await expect(dialog).toContainText("Visitor Structures Ltd");
  await expect(dialog.getByText("Not provided")).toBeVisible(); // no phone
  await expect(dialog.getByRole("link", { name: /Join Meeting/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Update status").selectOption("confirmed");
  await dialog.getByLabel("Meeting link").fill("not a link");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  // The server's check, shown under the field (not the browser's tooltip).
  await expect(dialog.getByText("Enter a full meeting link starting with https://")).toBeVisible();
  await expect(dialog.getByLabel("Meeting link")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Meeting link").fill("http://meet.example.com/e2e-consultation");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  await expect(dialog.getByText("Enter a full meeting link starting with https://")).toBeVisible();
  const viewport = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await dialog.getByLabel("Meeting link").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, `test-results/admin-consultations/booking-dialog-meeting-link-${width}.png`);
  }
  if (viewport) await page.setViewportSize(viewport);
  await dialog.getByLabel("Meeting link").fill("https://meet.example.com/e2e-consultation");
  await dialog.getByLabel("Admin notes").fill("Bring the structural drawings.");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  await expect(page.getByText("Booking updated")).toBeVisible();
  await expect(card).toContainText("Confirmed");

  await card.getByRole("link", { name: /View booking of/ }).click();
  await expect(dialog.getByRole("link", { name: /Join Meeting/ })).toHaveAttribute("href", "https://meet.example.com/e2e-consultation");
  await expect(dialog.getByRole("link", { name: /Join Meeting/ })).toHaveAttribute("target", "_blank");
  await page.keyboard.press("Escape");

  await waitForMail(visitor.email, { text: "meet.example.com/e2e-consultation" }, 20_000);

  // The booked slot cannot be deleted; the reason is shown, not a browser alert.
  await openAvailability(page);
  const slot = slotCard(page, singleDate, "6:30 PM – 7:00 PM");
  await expect(slot).toContainText("1/1 booked");
  await slot.getByRole("button", { name: /Slot actions/ }).click();
  await page.getByRole("menuitem", { name: "Delete Slot" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Failed to delete availability slot. Please try again.")).toBeVisible();
  await expect(page.getByText(/cannot be deleted/).last()).toBeVisible();
});

test("the consultations page at 390 px: tabs, filters and close dates", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto("/admin/consultations?status=confirmed");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("confirmed");
  for (const label of ["Total Bookings", "Pending", "Confirmed", "Completed", "This Week"]) {
    await expect(page.getByRole("region", { name: "Booking statistics" }).getByText(label, { exact: true })).toBeVisible();
  }
  await page.getByRole("tab", { name: "Availability" }).click();
  await expect(page).toHaveURL(/tab=availability/);
  await page.getByRole("button", { name: "Close dates" }).click();
  const dialog = page.getByRole("dialog", { name: "Close dates" });
  await dialog.getByRole("textbox", { name: "Start date", exact: true }).fill(tuesday);
  await dialog.getByRole("textbox", { name: "End date", exact: true }).fill(tuesday);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close dates" }).click();
  await expect(page.getByText(/^Closed \d+ slots?$/)).toBeVisible();
  await expect(slotCard(page, tuesday, "6:30 PM – 7:00 PM")).toContainText("Unavailable");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
