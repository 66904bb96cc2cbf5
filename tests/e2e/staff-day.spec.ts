/**
 * A day of staff use at 390 and 1440 px (issue 19): the overdue enquiry is found from the
 * dashboard, answered from its detail panel (status change with a toast, the Overdue badge gone,
 * a response time shown, the reply subject right); today's consultation is confirmed from the
 * dashboard; and the visitor's booking success screen shows the time (UK and their own), that it
 * awaits confirmation, the calendar file and the manage link, without the token in the URL.
 * Axe is clean; screenshots go to test-results/staff-day-*.png. Fixtures: support/staff-day-fixtures.ts.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { formatInZone, formatLongDate } from "../../app/features/consultations/time";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { bookingFixtures } from "./support/booking-fixtures";
import { bookUpToConfirm } from "./support/booking-flow";
import { STAFF_DAY } from "./support/staff-day-fixtures";

const F = bookingFixtures();

// A whole staff day per test: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const width of [390, 1440] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const people = STAFF_DAY[width];

    test("answer an overdue enquiry from its detail panel, then confirm today's consultation", async ({ page }) => {
      await signInAsAdmin(page);
      const promise = page.getByRole("link", { name: /Overdue enquiries/ });
      await expect(promise).toBeVisible();
      await page.screenshot({ path: `test-results/screens/staff-day-dashboard-${width}.png`, fullPage: true });
      await promise.click();
      await expect(page).toHaveURL(/status=overdue/);
      await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("overdue");

      await page.getByRole("link", { name: `View enquiry from ${people.enquirer}` }).click();
      const panel = page.getByRole("dialog", { name: people.enquirer });
      await expect(panel.getByText("Overdue", { exact: true })).toBeVisible();
      await expect(panel.getByText(/Overdue: reply was due/)).toBeVisible();
      const reply = panel.getByRole("link", { name: "Reply by email" });
      const subject = decodeURIComponent((await reply.getAttribute("href"))!.split("subject=")[1]!);
      expect(subject).toMatch(/^Re: your enquiry to .+ \(General Enquiry\)$/);
      // The pointer still rests where View was; the shared Button's hover colour is issue 19's other half.
      await page.mouse.move(0, 0);
      await expectNoSeriousA11yViolations(page);

      await panel.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Responded" });
      await expect(page.getByText("Status set to Responded")).toBeVisible();
      await expect(panel.getByText("Overdue", { exact: true })).toHaveCount(0);
      await expect(panel.getByText(/^Answered in 30 h/)).toBeVisible();
      await panel.getByRole("combobox", { name: "Priority", exact: true }).selectOption({ label: "High" });
      await expect(page.getByText("Priority set to High")).toBeVisible();
      await page.screenshot({ path: `test-results/screens/staff-day-enquiry-${width}.png` });
      await page.keyboard.press("Escape");

      // The answered enquiry left the Overdue filter; it kept its new status after a reload.
      await page.reload();
      await expect(page.getByRole("link", { name: `View enquiry from ${people.enquirer}` })).toHaveCount(0);

      // Today's consultation, from the dashboard.
      await page.goto("/admin/dashboard");
      const today = page.getByRole("region", { name: "Today" });
      await today.getByRole("link", { name: new RegExp(people.client) }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(people.client);
      await expect(dialog.getByText(people.client === STAFF_DAY[390].client ? STAFF_DAY[1440].client : STAFF_DAY[390].client)).toBeVisible();
      await dialog.getByRole("combobox", { name: "Update status" }).selectOption("confirmed");
      await dialog.getByRole("button", { name: "Update Booking" }).click();
      await expect(page.getByText("Booking updated")).toBeVisible();
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("region", { name: "Today" }).getByRole("link", { name: new RegExp(people.client) })).toContainText("Confirmed");
      await expectNoSeriousA11yViolations(page);
    });

    test("the booking success screen gives the time, the calendar file and the manage link", async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: "America/New_York" });
      const page = await context.newPage();
      await bookUpToConfirm(page, F.open, { name: `Sam Success ${width}`, email: `sam.success.${width}.${Date.now()}@example.com` });
      await page.getByRole("button", { name: "Confirm Booking" }).click();
      await expect(page.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "What happens next?" })).toBeVisible();
      expect(page.url()).toMatch(/\/book-consultation\?step=5$/);

      const receipt = page.getByRole("region", { name: "Your consultation" });
      await expect(receipt).toContainText(`${formatLongDate(F.open.date)} at 18:00 UK time`);
      await expect(receipt).toContainText(`${formatInZone(F.open.date, "18:00", "America/New_York")} your time`);
      await expect(receipt).toContainText("Awaiting confirmation.");
      const download = page.waitForEvent("download");
      await receipt.getByRole("link", { name: "Add to calendar" }).click();
      const ics = await readFile((await (await download).path())!, "utf8");
      expect(ics).toContain("STATUS:TENTATIVE");
      expect(ics).toMatch(/DTSTART:\d{8}T\d{4}00Z/);
      await expectNoSeriousA11yViolations(page);
      await page.screenshot({ path: `test-results/screens/staff-day-success-${width}.png`, fullPage: true });

      // A reload keeps the receipt; the manage link opens the booking.
      await page.reload();
      await expect(receipt).toContainText("Awaiting confirmation.");
      await receipt.getByRole("link", { name: "Manage your booking" }).click();
      await expect(page).toHaveURL(/\/book-consultation\/manage\/[\w-]+$/);
      await expect(page.getByText(formatLongDate(F.open.date)).first()).toBeVisible();
      await context.close();
    });
  });
}
