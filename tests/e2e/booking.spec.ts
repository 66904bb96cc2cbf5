/**
 * The consultation booking wizard end to end: the whole wizard with Back and week navigation, a
 * full slot disabled, the flow with JavaScript off, two browsers racing for the last place, and the
 * manage link from the confirmation e-mail cancelling the booking. Fixture slots:
 * tests/e2e/support/booking-fixtures.ts.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../app/utils/format";
import { expectNoSeriousA11yViolations as scanA11y } from "./support/a11y";
import { bookingFixtures, REMINDER_VISITOR } from "./support/booking-fixtures";
import { bookUpToConfirm, fillDetails, pickSlot, slotRadio, toFixtureWeek } from "./support/booking-flow";
import { type Mail, outbox, sentTo } from "./support/mail";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForEnhancement, waitForSettled } from "./support/hydration";
import { saveScreenshot } from "./support/screenshots";

const F = bookingFixtures();

/**
 * axe at the top of the page: the shared site header is translucent once scrolled, and over this
 * page's dark hero its logo text then fails contrast (reported to the header's owner).
 */
async function expectNoSeriousA11yViolations(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole("banner")).toHaveAttribute("data-scrolled", "false");
  await waitForSettled(page);
  await scanA11y(page);
}

test.describe("booking wizard", () => {
  // Long flows with several axe scans on a busy two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test("walks through every step with Back, week navigation and a full slot disabled", async ({ page }) => {
    await page.goto("/book-consultation");
    await expect(page.getByRole("heading", { name: "Choose Consultation Type" })).toBeVisible();
    for (const label of ["Select Type", "Pick Time", "Your Details", "Confirm"]) {
      await expect(page.getByRole("navigation", { name: "Booking progress" }).getByText(label)).toBeVisible();
    }
    const types = page.getByRole("radio");
    await expect(types.first()).toBeChecked();
    await expect(page.getByText("30 minutes")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Step 2: the current week cannot go back; two weeks ahead shows the fixtures.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Previous Week" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await toFixtureWeek(page);
    await expect(page.getByRole("link", { name: "Previous Week" })).toBeVisible();
    const full = slotRadio(page, F.full.date, F.full.startTime);
    await expect(full).toBeDisabled();
    await expect(full).toHaveAccessibleName(/Full$/);
    await expectNoSeriousA11yViolations(page);

    // Previous Week goes back one week; Next Week returns.
    await page.getByRole("link", { name: "Previous Week" }).click();
    await expect(page).not.toHaveURL(new RegExp(`week=${F.week}`));
    await page.getByRole("link", { name: "Next Week" }).click();
    await expect(page).toHaveURL(new RegExp(`week=${F.week}`));

    // Back returns one step, keeping the week; the browser's back button works too.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Choose Consultation Type" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`week=${F.week}`));

    await pickSlot(page, F.open.date, F.open.startTime);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Your Information" })).toBeVisible();
    // Reload keeps the step, type and slot (they are in the URL).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your Information" })).toBeVisible();
    const shownAt = Date.now();
    await fillDetails(page, { name: "Ada Wizard", email: "ada.wizard@example.com" });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
    await expect(page.getByText(formatLongDate(F.open.date))).toBeVisible();
    await expect(page.getByText(/18:00 UK time \((GMT|BST)\)/)).toBeVisible();
    await expect(page.getByText("ada.wizard@example.com")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Back to the details keeps what was typed.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: "Your Information" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Ada Wizard");
    await page.getByRole("button", { name: "Continue" }).click();
    await waitUntilHumanPace(shownAt);
    await page.getByRole("button", { name: "Confirm Booking" }).click();

    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    await expect(page.getByText("Consultation booked successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What happens next?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "View Our Work" })).toHaveAttribute("href", "/projects");
    await expectNoSeriousA11yViolations(page);
  });

  test("reloading step 4 keeps the details without putting them in the URL; reloading the success screen repeats no toast", async ({ page }) => {
    const person = { name: "Rhea Reload", email: `rhea.${Date.now()}@example.com` };
    await bookUpToConfirm(page, F.reload, person);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByText(person.name)).toBeVisible();
    expect(page.url()).not.toMatch(/rhea|Rhea/);
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    const toastText = page.getByText("Consultation booked successfully!");
    await expect(toastText).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem("booking-review"))).toBeNull();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    // The toast would come from the enhancement: once it has run and painted, none shows.
    await waitForEnhancement(page);
    await waitForSettled(page);
    await expect(toastText).toHaveCount(0);
  });

  test("works from start to finish with JavaScript turned off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await bookUpToConfirm(page, F.open, { name: "Noah Script", email: "noah.script@example.com" });
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
    await context.close();
  });

  test("a visitor with three upcoming consultations is told why a fourth is refused", async ({ page, request }) => {
    const email = `busy.${Date.now()}@example.com`;
    await bookUpToConfirm(page, F.open, { name: "Busy Visitor", email });
    // Three bookings for the same address, posted as the Confirm Booking form posts them.
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Confirm Booking" }) });
    const action = (await form.getAttribute("action"))!;
    const fields: Record<string, string> = Object.fromEntries(
      await form.evaluate((f) => [...new FormData(f as HTMLFormElement)].map(([k, v]) => [k, String(v)])),
    );
    for (let i = 0; i < 3; i++) {
      const response = await request.post(action, { form: { ...fields, idempotencyKey: `busy-visitor-key-${i}-${Date.now()}` }, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This e-mail address already has 3 upcoming consultations booked." })).toBeVisible();
    await expect(page.getByText("Error booking consultation")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  });

  test("refuses bad input with a 4xx and a clear message", async ({ request }) => {
    const response = await request.post("/book-consultation?step=4", {
      form: { intent: "confirm", name: "X", email: "not-an-email", typeId: "x", slotId: "y", idempotencyKey: "k" },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address");
  });

  test("two browsers racing for the last place: one books, the other is sent back with fresh slots", async ({ browser }) => {
    const a = await (await browser.newContext()).newPage();
    const b = await (await browser.newContext()).newPage();
    await bookUpToConfirm(a, F.lastPlace, { name: "Racer One", email: "racer.one@example.com" });
    await bookUpToConfirm(b, F.lastPlace, { name: "Racer Two", email: "racer.two@example.com" });

    await a.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(a.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

    await b.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(b.getByRole("alert").filter({ hasText: "fully booked" })).toBeVisible();
    await expect(b.getByText("Error booking consultation")).toBeVisible();
    await expect(b.getByRole("heading", { name: "Select Date & Time" })).toBeVisible();
    await expect(slotRadio(b, F.lastPlace.date, F.lastPlace.startTime)).toBeDisabled();
    await a.context().close();
    await b.context().close();
  });

  test("the manage link in the confirmation e-mail cancels the booking", async ({ page }) => {
    const email = `cancel.${Date.now()}@example.com`;
    await bookUpToConfirm(page, F.cancel, { name: "Cara Cancel", email });
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();

    let confirmation: Mail | undefined;
    await expect
      .poll(async () => (confirmation = (await outbox()).find((m) => sentTo(m, email) && /booked/i.test(m.subject ?? ""))), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const ics = confirmation!.attachments.find((a) => a.filename?.endsWith(".ics"));
    expect(ics).toBeTruthy();
    const link = /https?:\/\/\S+\/book-consultation\/manage\/[A-Za-z0-9_-]+/.exec(confirmation!.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const managePath = new URL(link!).pathname;

    await page.goto(managePath);
    await expect(page.getByRole("heading", { name: "Your consultation" })).toBeVisible();
    await expect(page.getByText(formatLongDate(F.cancel.date))).toBeVisible();
    await expect(page.getByText("Pending confirmation")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this consultation?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel booking" }).click();
    await expect(page.getByRole("heading", { name: "Your booking has been cancelled" })).toBeVisible();

    const again = await page.goto(managePath);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This booking has been cancelled" })).toBeVisible();
    const wrong = await page.goto("/book-consultation/manage/not-a-real-token");
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find this booking" })).toBeVisible();

    await expect
      .poll(async () => (await outbox()).some((m) => sentTo(m, email) && m.attachments.some((a) => /METHOD:CANCEL/.test(String(typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content))))), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

/** The text of an .ics attachment of a parsed message. */
const icsText = (m: Mail) =>
  m.attachments
    .filter((a) => a.filename?.endsWith(".ics"))
    .map((a) => (typeof a.content === "string" ? a.content : new TextDecoder().decode(a.content)))
    .join("\n");

/** Books `slot` through the wizard (with JavaScript) and returns the manage path from the confirmation e-mail. */
async function bookAndOpenManageLink(page: Page, slot: { date: string; startTime: string }, person: { name: string; email: string }) {
  await bookUpToConfirm(page, slot, person);
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  let confirmation: Mail | undefined;
  await expect
    .poll(async () => (confirmation = (await outbox()).find((m) => sentTo(m, person.email) && /booked/i.test(m.subject ?? ""))), { timeout: 15_000 })
    .toBeTruthy();
  expect(icsText(confirmation!)).toContain("STATUS:TENTATIVE");
  const link = /https?:\/\/\S+\/book-consultation\/manage\/[A-Za-z0-9_-]+/.exec(confirmation!.text ?? "")?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

/** From the manage page: Reschedule, go to the fixture week, choose `to`, Continue, Confirm new time. */
async function rescheduleTo(page: Page, to: { date: string; startTime: string }, screenshot?: string) {
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Choose a new time" })).toBeVisible();
  await page.getByRole("link", { name: "Next Week" }).click();
  await expect(page).toHaveURL(/week=/);
  await page.getByRole("link", { name: "Next Week" }).click();
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week) })).toBeVisible();
  // The booking's own time is not offered as a new time.
  await expect(slotRadio(page, F.moveFrom.date, F.moveFrom.startTime)).toHaveCount(0);
  if (screenshot) {
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `test-results/screens/${screenshot}-picker-1440.png`, { fullPage: true });
  }
  await pickSlot(page, to.date, to.startTime);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Move your consultation?" })).toBeVisible();
  if (screenshot) {
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, `test-results/screens/${screenshot}-confirm-390.png`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await page.getByRole("button", { name: "Confirm new time" }).click();
  await expect(page.getByText("Your consultation has been moved.")).toBeVisible();
  await expect(page.getByText(formatLongDate(to.date))).toBeVisible();
  await expect(page.getByText("Pending confirmation")).toBeVisible();
}

test("the reminder carries its own manage link, in French, that opens the booking in a fresh browser", async ({ browser }) => {
  // The server's reminder task mails the fixture visitor within its first minute.
  let reminder: Mail | undefined;
  await expect
    .poll(async () => (reminder = (await outbox()).find((m) => sentTo(m, REMINDER_VISITOR.email) && m.subject?.startsWith("Rappel : consultation"))), { timeout: 90_000 })
    .toBeTruthy();
  expect(reminder!.text).toContain("modifiez ou annulez la réservation depuis le lien ci-dessous");
  expect(reminder!.text).not.toContain("e-mail de confirmation");
  const link = /https?:\/\/\S+\/fr\/book-consultation\/manage\/[A-Za-z0-9_-]+/.exec(reminder!.text ?? "")?.[0];
  expect(link, "the reminder's manage link").toBeTruthy();
  expect(reminder!.html).toContain(`href="${link}"`);

  // The visitor opens it from their mail: a browser with no cookie of this site.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole("heading", { name: "Votre consultation" })).toBeVisible();
    await expect(page.getByText("Confirmée")).toBeVisible();
    await expect(page.getByRole("button", { name: "Annuler la réservation" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  } finally {
    await context.close();
  }
});

test.describe("rescheduling from the manage link", () => {
  test.describe.configure({ timeout: 120_000 });

  test("moves the booking to another time and mails an updated, tentative invitation", async ({ page }) => {
    const email = `move.${Date.now()}@example.com`;
    const managePath = await bookAndOpenManageLink(page, F.moveFrom, { name: "Mo Reschedule", email });
    await page.goto(managePath);
    await expect(page.getByRole("heading", { name: "Your consultation" })).toBeVisible();
    await rescheduleTo(page, F.moveTo, "reschedule");
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, "test-results/screens/reschedule-moved-1440.png", { fullPage: true });

    let moved: Mail | undefined;
    await expect
      .poll(async () => (moved = (await outbox()).find((m) => sentTo(m, email) && /moved/i.test(m.subject ?? ""))), { timeout: 15_000 })
      .toBeTruthy();
    const ics = icsText(moved!);
    expect(ics).toContain("STATUS:TENTATIVE");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("METHOD:REQUEST");
  });

  test("works with JavaScript turned off, and a slot that filled meanwhile shows fresh slots", async ({ browser, page }) => {
    const email = `move.nojs.${Date.now()}@example.com`;
    const managePath = await bookAndOpenManageLink(page, F.moveFrom, { name: "Nora Script", email });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(managePath);
    await rescheduleTo(noJs, F.moveTo);
    await expect
      .poll(async () => (await outbox()).some((m) => sentTo(m, email) && /moved/i.test(m.subject ?? "")), { timeout: 15_000 })
      .toBe(true);

    // The full fixture slot cannot be chosen; posting it anyway answers 409 with fresh slots.
    await noJs.goto(`${managePath}?reschedule=1&week=${F.week}`);
    await expect(slotRadio(noJs, F.full.date, F.full.startTime)).toBeDisabled();
    const response = await noJs.request.post(managePath, {
      form: { intent: "reschedule", slotId: await fullSlotId(noJs, managePath), week: F.week },
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("fully booked");
    await context.close();
  });
});

/** The id of the full fixture slot, read from the picker's disabled radio. */
async function fullSlotId(page: Page, managePath: string) {
  await page.goto(`${managePath}?reschedule=1&week=${F.week}`);
  return (await slotRadio(page, F.full.date, F.full.startTime).getAttribute("value"))!;
}
