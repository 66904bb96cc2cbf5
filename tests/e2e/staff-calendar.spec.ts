/**
 * A member of staff connects their own calendar on Your account: a wrong address is refused with
 * the reason and nothing saved; a good ICS address (served here, as Google exports it) is read at
 * once and shows when it was read and what it found; Refresh now reads again; a calendar that
 * stops answering shows the server's error, then turns red as failing (no consultations offered);
 * the dashboard names it; a calendar too large to read is refused with the reason and the
 * connected one stays; a change that connects closes the form; Disconnect asks first. axe on each state; screenshots at 1440 and 390 px with E2E_SCREENSHOTS.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { shootScreens as shoot } from "./support/screenshots";


/** A Google-style calendar with a busy hour tomorrow and a weekly series. */
function calendarText(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replace(/-/g, "");
  return [
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `DTSTART;TZID=Europe/London:${day(1)}T100000`,
    `DTEND;TZID=Europe/London:${day(1)}T110000`,
    "UID:site-visit-e2e@google.com",
    "SUMMARY:Site visit",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `DTSTART;TZID=Europe/London:${day(2)}T140000`,
    `DTEND;TZID=Europe/London:${day(2)}T150000`,
    "RRULE:FREQ=WEEKLY;COUNT=4",
    "UID:weekly-e2e@google.com",
    "SUMMARY:Weekly review",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** 200 events from today, each one second long and repeating every second: far past a read's budget. */
function hostileText(): string {
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  const events = Array.from({ length: 200 }, (_, i) => ["BEGIN:VEVENT", `UID:h${i}@hostile.example`, `DTSTART:${today}T000000Z`, "DURATION:PT1S", "RRULE:FREQ=SECONDLY", "END:VEVENT"]);
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hostile//EN", ...events.flat(), "END:VCALENDAR", ""].join("\r\n");
}

let server: Server;
let base = "";
let answering = true;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/private/basic.ics" && answering) res.writeHead(200, { "content-type": "text/calendar" }).end(calendarText());
    else if (req.url === "/private/basic.ics") res.writeHead(503).end("down");
    else if (req.url === "/private/hostile.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(hostileText());
    else res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => server.close(resolve)));

test("staff connect their calendar, refresh it, see it fail in red, and disconnect it", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Your account" }).click();
  const card = page.getByRole("region", { name: /^Your calendar/ });
  await expect(card.getByRole("heading", { name: "Your calendar Not connected" })).toBeVisible();
  await expect(card.getByLabel("Subscription address (ICS)")).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "staff-calendar-not-connected");

  // An address that is not a calendar: the reason, on the field; nothing saved.
  await card.getByLabel("Private address of the calendar").fill(`${base}/login`);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(card.getByText("Could not read the calendar: The address did not return a calendar (iCalendar data).")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Your calendar Not connected" })).toBeVisible();
  await expect(card.getByLabel("Private address of the calendar")).toHaveAttribute("aria-invalid", "true");

  // CalDAV shows its own fields.
  await card.getByLabel("CalDAV account").check();
  await expect(card.getByLabel("CalDAV server address")).toBeVisible();
  await expect(card.getByLabel("App password")).toHaveAttribute("type", "password");
  await shoot(page, "staff-calendar-caldav-form");
  await card.getByLabel("Subscription address (ICS)").check();

  await card.getByLabel("Private address of the calendar").fill(`${base}/private/basic.ics`);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(page.getByText("Calendar connected")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Your calendar Connected" })).toBeVisible();
  await expect(card).toContainText("ICS subscription at 127.0.0.1");
  await expect(card.getByText("Busy times in the next weeks").locator("xpath=following-sibling::dd")).toHaveText("5");
  // The address is a secret: never shown again.
  await expect(card).not.toContainText("/private/basic.ics");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "staff-calendar-connected");

  await card.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByText("Calendar refreshed")).toBeVisible();

  // Changing to a calendar too large to read: refused with the reason; the connected one stays.
  await card.getByRole("button", { name: "Change calendar" }).click();
  await expect(card.getByRole("button", { name: "Keep this calendar" })).toBeVisible();
  await card.getByLabel("Private address of the calendar").fill(`${base}/private/hostile.ics`);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(card.getByText("Could not read the calendar: The calendar is too large to read: it has more than 20,000 events in the period we read.")).toBeVisible();
  await expect(card.getByText("Busy times in the next weeks").locator("xpath=following-sibling::dd")).toHaveText("5");
  await shoot(page, "staff-calendar-too-large");
  // Changing to a good one: connected, the form closes and the button reads "Change calendar" again.
  await card.getByLabel("Private address of the calendar").fill(`${base}/private/basic.ics`);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(page.getByText("Calendar connected")).toBeVisible();
  await expect(card.getByRole("button", { name: "Change calendar" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Keep this calendar" })).toHaveCount(0);
  await expect(card.getByLabel("Private address of the calendar")).toHaveCount(0);

  // The server stops answering: the error at once, then failing in red after the refresh window.
  answering = false;
  await card.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByText("Could not read the calendar: The calendar server had a problem (HTTP 503). We will try again.")).toBeVisible();
  await expect(card.getByText(/^The calendar server had a problem \(HTTP 503\)/)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole("heading", { name: "Your calendar Failing" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByRole("alert")).toContainText("Until it reads again, no consultations are offered with you.");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "staff-calendar-failing");

  // The dashboard says so too.
  await page.goto("/admin/dashboard");
  const notice = page.getByRole("alert").filter({ hasText: "A calendar cannot be read" });
  await expect(notice).toContainText("Your calendar: The calendar server had a problem (HTTP 503).");
  await page.goto("/admin/account");

  // Back again: the worker reads it within a refresh.
  answering = true;
  await expect(async () => {
    await page.reload();
    await expect(card.getByRole("heading", { name: "Your calendar Connected" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  await card.getByRole("button", { name: "Disconnect" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disconnect your calendar?" });
  await expect(dialog).toBeVisible();
  await shoot(page, "staff-calendar-disconnect-dialog");
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Calendar disconnected")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Your calendar Not connected" })).toBeVisible();
});

test("a super admin connects a new member's calendar for them from Users", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Cal Engineer ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("E-mail").fill(`cal.${Date.now()}@staff.example`);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page.getByRole("link", { name: `Calendar of ${name}` }).click();
  await expect(page.getByRole("heading", { name: `${name}'s calendar`, level: 1 })).toBeVisible();
  const card = page.getByRole("region", { name: new RegExp(`^${name}'s calendar`) });
  await expect(card.getByRole("heading", { name: `${name}'s calendar Not connected` })).toBeVisible();

  await card.getByLabel("Private address of the calendar").fill(`${base}/private/basic.ics`);
  await card.getByRole("button", { name: "Connect calendar" }).click();
  await expect(page.getByText("Calendar connected")).toBeVisible();
  await expect(card.getByRole("heading", { name: `${name}'s calendar Connected` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "staff-calendar-for-member");

  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("alertdialog", { name: `Disconnect ${name}'s calendar?` }).getByRole("button", { name: "Disconnect" }).click();
  await expect(card.getByRole("heading", { name: `${name}'s calendar Not connected` })).toBeVisible();
  await page.getByRole("link", { name: "Back to Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});
