/**
 * What new visitors do, done the way they do it (project "visitor"): a browser that has never
 * been to the site, following links by clicking; every public page is a document (no React), the
 * staff portal hydrates. See tests/e2e/support/visitor.ts for what makes these tests fail (console
 * errors, manifest mismatches, 4xx/5xx answers, document loads where none was expected).
 */
import type { Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../../app/utils/format";
import { fillDetails, pickSlot } from "../support/booking-flow";
import { mailedLink, outbox, sentTo } from "../support/mail";
import { waitUntilHumanPace } from "../support/human-pace";
import { expect, test, type Visitor } from "../support/visitor";
import { visitorFixtures } from "../support/visitor-fixtures";

const F = visitorFixtures();

/** On the booking picker: Next Week until the fixture week is shown, each a document. */
async function toFixtureWeek(visitor: Visitor) {
  const page = visitor.page;
  for (;;) {
    const week = new URL(page.url()).searchParams.get("week");
    if (week === F.week) break;
    await visitor.followToDocument(page.getByRole("link", { name: "Next Week" }), page.getByRole("link", { name: "Next Week" }));
    // The next click waits for this one's week (a click while it loads would skip a week).
    await expect(page).toHaveURL((url) => url.searchParams.get("week") !== week);
  }
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week) })).toBeVisible();
}

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

test.describe.configure({ timeout: 120_000 });

test("a new visitor reads the site, books a consultation, and days later reschedules and cancels it from the e-mailed link", async ({ visitor, newVisitor }) => {
  const { page } = visitor;
  const email = `visitor.${Date.now()}@example.com`;
  const nav = page.getByRole("navigation", { name: "Main" });

  // Content pages are plain documents (no React): every link to one loads a document.
  await visitor.open("/", { hydrated: false });
  await visitor.followToDocument(nav.getByRole("link", { name: "Projects", exact: true }), heading(page, /Projects that stand/));
  // Demo items no other test edits (what other tests write may be deleted meanwhile).
  await visitor.followToDocument(page.locator('main a[href="/projects/thames-wharf-mixed-use-tower"]').first(), page.getByRole("heading", { level: 1 }));
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
  await visitor.followToDocument(nav.getByRole("link", { name: "Insights", exact: true }), heading(page, /Insights/));
  await visitor.followToDocument(page.locator('main a[href="/insights/designing-schools-for-earthquakes"]').first(), page.getByRole("heading", { level: 1 }));
  await expect(page).toHaveURL(/\/insights\/[\w-]+$/);
  await visitor.followToDocument(nav.getByRole("link", { name: "Contact", exact: true }), heading(page, /talk about your project/));

  // Contact and the booking wizard are sent without React too: each step is a document.
  await visitor.followToDocument(page.getByRole("main").getByRole("link", { name: "Book Free Consultation" }), heading(page, "Book a Consultation"));
  await expect(page).toHaveURL(/\/book-consultation$/);
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), page.getByRole("heading", { name: "Select Date & Time" }));
  await toFixtureWeek(visitor);
  await pickSlot(page, F.from.date, F.from.startTime);
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), page.getByRole("heading", { name: "Your Information" }));
  const shownAt = Date.now();
  await fillDetails(page, { name: "Vic Visitor", email });
  await visitor.followToDocument(page.getByRole("button", { name: "Continue" }), page.getByRole("heading", { name: "Confirmation" }));
  await waitUntilHumanPace(shownAt);
  // Confirm Booking posts, and is answered with a redirect to the success screen.
  await visitor.followToDocument(page.getByRole("button", { name: "Confirm Booking" }), page.getByRole("heading", { name: "Booking Confirmed!" }), { documents: 2 });

  // Days later, on another device: no cookie of the site (the booking receipt is long gone).
  const manageLink = await mailedLink(email, /https?:\/\/\S+\/book-consultation\/manage\/[\w-]+/);
  const later = await newVisitor();
  const manage = later.page;
  await later.open(manageLink);
  await expect(manage.getByRole("heading", { name: "Your consultation" })).toBeVisible();
  await expect(manage.getByText(formatLongDate(F.from.date))).toBeVisible();

  await later.followToDocument(manage.getByRole("link", { name: "Reschedule" }), manage.getByRole("heading", { name: "Choose a new time" }));
  await toFixtureWeek(later);
  await pickSlot(manage, F.to.date, F.to.startTime);
  await later.followToDocument(manage.getByRole("button", { name: "Continue" }), manage.getByRole("heading", { name: "Move your consultation?" }));
  await later.followToDocument(manage.getByRole("button", { name: "Confirm new time" }), manage.getByText("Your consultation has been moved."), { documents: 2 });
  await expect(manage.getByText(formatLongDate(F.to.date))).toBeVisible();

  await later.followToDocument(manage.getByRole("button", { name: "Cancel booking" }), manage.getByRole("heading", { name: "Cancel this consultation?" }));
  await later.followToDocument(manage.getByRole("button", { name: "Yes, cancel booking" }), manage.getByRole("heading", { name: "Your booking has been cancelled" }));
  await expect.poll(async () => (await outbox()).filter((m) => sentTo(m, email)).map((m) => m.subject ?? ""), { timeout: 15_000 }).toEqual(
    expect.arrayContaining([expect.stringMatching(/moved/i), expect.stringMatching(/cancel/i)]),
  );
});

test("a member of staff who forgot the password: login, Forgot password?, the e-mailed link, a new password", async ({ visitor }) => {
  const { page } = visitor;
  const { email } = F.staff;
  await visitor.open("/admin/login");
  await visitor.followInApp(() => page.getByRole("link", { name: "Forgot password?" }).click(), page.getByRole("heading", { name: "Forgot your password?" }));
  await page.getByLabel("Email").fill(email);
  await visitor.followInApp(() => page.getByRole("button", { name: "Send reset link" }).click(), page.getByRole("status").filter({ hasText: "If that address belongs to a staff account" }));

  const resetLink = await mailedLink(email, /https?:\/\/\S+\/admin\/set-password\?token=[\w%-]+/);
  await visitor.open(resetLink);
  const password = "lantern orchard velvet compass";
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Repeat the new password/).fill(password);
  await visitor.followInApp(() => page.getByRole("button", { name: "Set password" }).click(), page.getByText("Your password is set."));
  await expect(page).toHaveURL(/\/admin\/login\?passwordSet=1$/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await visitor.followInApp(() => page.getByRole("button", { name: "Sign In" }).click(), page.getByText("Welcome back, Vera Visitor"));
});
