/**
 * What a new member of staff met in a day's work, at 390 and 1440 px:
 *
 * - a 45-minute booking in an hour-long slot ends at 7:15, not at its slot's 7:30, on the dashboard,
 *   in the booking dialog and in the bookings list;
 * - confirming it with a meeting link mails the visitor a confirmation with a manage link, and that
 *   link, opened in a fresh browser with no cookie, shows the meeting link (as a link) and the
 *   booking's own end;
 * - on /contact, after the spec's toast, an inline confirmation replaces the form, takes the focus
 *   and offers to send another message.
 *
 * Visitors are fresh contexts without cookies, clicking after hydration. With E2E_SCREENSHOTS set,
 * screenshots go to test-results/screens/new-staff-*.png. Fixtures: support/new-staff-fixtures.ts.
 * (A booking sent too fast is tested at the route, app/features/consultations/wizard/wizard-action.test.ts:
 * this server's form guard waits only E2E_FORM_GUARD_MIN_MS, too short to beat through the wizard.)
 */
import { expect, test } from "@playwright/test";
import { formatLongDate, ukZoneLabel } from "../../app/utils/format";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { outbox, sentTo } from "./support/mail";
import { waitForEnhancement } from "./support/hydration";
import { waitUntilHumanPace } from "./support/human-pace";
import { NEW_STAFF, newStaffSlot } from "./support/new-staff-fixtures";
import { saveScreenshot } from "./support/screenshots";
import { expectNoSidewaysScroll } from "./support/languages";

const SLOT = newStaffSlot();

test.describe.configure({ timeout: 90_000 });

for (const width of [390, 1440] as const) {
  test.describe(`at ${width} px`, () => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    test.use({ viewport });
    const person = NEW_STAFF[width];

    test("a 45-minute booking ends at its own end everywhere; once confirmed, the e-mailed manage link shows the meeting link", async ({ page, browser }) => {
      await signInAsAdmin(page);
      // Dashboard: the consultations card.
      const item = page.getByRole("link", { name: new RegExp(person.client) });
      await expect(item).toContainText("6:30 AM – 7:15 AM");

      // The booking dialog, opened from the dashboard.
      await item.click();
      const dialog = page.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
      await expect(dialog).toContainText(person.email);
      await expect(dialog).toContainText("6:30 AM – 7:15 AM (UK time)");
      await expect(dialog).not.toContainText("7:30 AM");

      const meetingLink = `https://meet.example.com/new-staff-${width}`;
      await dialog.getByLabel("Update status").selectOption("confirmed");
      await dialog.getByLabel("Meeting link").fill(meetingLink);
      await dialog.getByRole("button", { name: "Update Booking" }).click();
      await expect(page.getByText("Booking updated")).toBeVisible();
      await page.keyboard.press("Escape");

      // The bookings list.
      await page.getByRole("searchbox", { name: "Search by name, email or type" }).fill(person.client);
      await page.getByRole("button", { name: "Search" }).click();
      const card = page.getByRole("listitem").filter({ hasText: person.client });
      await expect(card).toContainText("Confirmed");
      await expect(card).toContainText("6:30 AM – 7:15 AM");
      await expect(card).not.toContainText("7:30 AM");

      // The visitor's confirmation carries a manage link, as the booking's first e-mail does.
      let confirmed: Awaited<ReturnType<typeof outbox>>[number] | undefined;
      await expect
        .poll(async () => (confirmed = (await outbox()).find((m) => sentTo(m, person.email) && m.subject?.startsWith("Confirmed:")))?.subject, { timeout: 20_000 })
        .toBeTruthy();
      expect(confirmed!.text).toContain(meetingLink);
      const manageUrl = /Manage your booking: (\S+\/book-consultation\/manage\/[A-Za-z0-9_-]+)/.exec(confirmed!.text ?? "")?.[1];
      expect(manageUrl).toBeTruthy();
      expect(confirmed!.html).toContain(">Manage your booking</a>");

      // The visitor opens it in a fresh browser: no cookie of ours.
      const visitorContext = await browser.newContext({ viewport });
      try {
        const visitor = await visitorContext.newPage();
        await visitor.goto(manageUrl!);
        await waitForEnhancement(visitor);
        expect(await visitorContext.cookies()).toEqual([]);
        await expect(visitor.getByRole("heading", { name: "Your consultation" })).toBeVisible();
        await expect(visitor.getByText("Confirmed", { exact: true })).toBeVisible();
        await expect(visitor.getByText(`${formatLongDate(SLOT.date)}`)).toBeVisible();
        await expect(visitor.getByText(`06:30–07:15 ${ukZoneLabel(SLOT.date, "06:30")}, 45 minutes`)).toBeVisible();
        const link = visitor.getByRole("link", { name: meetingLink });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute("href", meetingLink);
        await expect(link).toHaveAttribute("target", "_blank");
        await expectNoSidewaysScroll(visitor);
        await expectNoSeriousA11yViolations(visitor);
        await saveScreenshot(visitor, `test-results/screens/new-staff-manage-meeting-link-${width}.png`, { fullPage: true });
      } finally {
        await visitorContext.close();
      }
    });

    test("on /contact an inline confirmation replaces the form after the toast, takes the focus and offers another message", async ({ page }) => {
      await page.goto("/contact");
      await waitForEnhancement(page);
      await page.getByRole("textbox", { name: "Full name", exact: true }).fill(`Ines Inline ${width}`);
      await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill(`ines.${width}.${Date.now()}@example.com`);
      await page.getByRole("combobox", { name: "Enquiry type", exact: true }).selectOption("General Enquiry");
      await page.getByRole("textbox", { name: "Message", exact: true }).fill("Could you look at a cracked beam in our warehouse?");
      await waitUntilHumanPace(page);
      await page.getByRole("button", { name: "Send Message" }).click();

      // The spec's toast, unchanged...
      await expect(page.locator("[data-toast]").filter({ hasText: "Message sent successfully!" })).toBeVisible();
      // ...and where the form was, a confirmation that has the focus and is on screen.
      const confirmation = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Message sent successfully!" }) });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText("We'll get back to you within 24 hours. Your enquiry has been logged and assigned to our team.");
      const heading = confirmation.getByRole("heading", { name: "Message sent successfully!" });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(page.getByRole("form", { name: "Enquiry form" })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `test-results/screens/new-staff-contact-sent-${width}.png`);

      // Another message: the form comes back empty, ready to type in.
      await confirmation.getByRole("button", { name: "Send another message" }).click();
      const name = page.getByRole("textbox", { name: "Full name", exact: true });
      await expect(name).toBeFocused();
      await expect(name).toHaveValue("");
      await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
      await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    });
  });
}
