/**
 * Bookings written into the engineer's own CalDAV calendar (a real Radicale started here on a free
 * port): an admin connects Wren Writer's CalDAV account from Users by clicking, and the card says
 * bookings are written into it; a visitor in a fresh browser books Wren's type through the wizard,
 * and the event is in Radicale, TENTATIVE, with the e-mailed invitation's UID. The calendar server
 * goes down; staff confirm the booking, which is saved at once, and Wren's card says one booking
 * waits to be written and why (checked at 390 and 1440 px, no sideways scroll); the server comes
 * back and the event is CONFIRMED. Wren then moves the event by hand; staff change the meeting
 * link, and the event is left where Wren put it while the booking dialog and the card show the
 * difference. Screenshots of the card and the dialog at 1440 and 390 px. Fixtures:
 * ./support/engineer-fixtures.ts.
 */
import { expect, test } from "@playwright/test";
import { londonInstant } from "../../app/utils/time";
import { TestRadicale } from "../setup/test-radicale";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { fillDetails, pickSlot, toTypeWeek } from "./support/booking-flow";
import { outbox, sentTo, type Mail } from "./support/mail";
import { connectCalendarFromUsers } from "./support/engineer-calendar";
import { writerEngineerFixtures } from "./support/engineer-fixtures";
import { waitUntilHumanPace } from "./support/human-pace";
import { waitForHydration } from "./support/hydration";
import { expectNoSidewaysScroll } from "./support/languages";
import { shootScreens as shoot } from "./support/screenshots";

const F = writerEngineerFixtures();
const radicale = new TestRadicale();

test.beforeAll(async () => {
  await radicale.start();
  await radicale.makeCalendar("work");
});
test.afterAll(async () => {
  await radicale.stop();
});

/** The one booking event in the calendar, once there and matching `match`. */
async function eventText(match: RegExp): Promise<string> {
  let text: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await fetch(`${radicale.url}${radicale.user}/work/`, {
          method: "PROPFIND",
          headers: { depth: "1", authorization: `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString("base64")}` },
        }).then((r) => r.text());
        const file = /booking-[0-9a-f-]+\.ics/.exec(list)?.[0];
        text = file ? await radicale.getEvent("work", file) : null;
        return text !== null && match.test(text);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return text!;
}

test("a booking made in the wizard is written into the engineer's CalDAV calendar; a write waiting for a server that is down is shown on the card", async ({ browser, page }) => {
  test.setTimeout(180_000);

  // An admin connects Wren Writer's CalDAV account from Users.
  const card = await connectCalendarFromUsers(page, F.engineer.name, async (form) => {
    await form.getByLabel("CalDAV account").check();
    await form.getByLabel("CalDAV server address").fill(radicale.url);
    await form.getByLabel("User name").fill(radicale.user);
    await form.getByLabel("App password").fill(radicale.password);
  });
  await expect(card.getByText("Bookings are written into this calendar: tentative while they await confirmation, confirmed once staff confirm them.")).toBeVisible();
  await expect(card.getByText("Bookings to write: None waiting")).toBeVisible();

  // A visitor in a fresh browser books Wren's type through the wizard.
  const email = `writer.visitor.${Date.now()}@example.com`;
  const context = await browser.newContext();
  expect(await context.cookies()).toEqual([]);
  const visitor = await context.newPage();
  await toTypeWeek(visitor, F.typeName, F.week);
  await pickSlot(visitor, F.slot.date, F.slot.startTime);
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("heading", { name: "Your Information" })).toBeVisible();
  const shownAt = Date.now();
  await fillDetails(visitor, { name: "Wynn Visitor", email });
  await visitor.getByRole("button", { name: "Continue" }).click();
  await expect(visitor.getByRole("heading", { name: "Confirmation" })).toBeVisible();
  await waitUntilHumanPace(shownAt);
  await visitor.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(visitor.getByRole("heading", { name: "Booking Confirmed!" })).toBeVisible();
  await context.close();

  // The event is in Wren's calendar: tentative, under the UID of Wren's e-mailed invitation.
  const tentative = await eventText(/STATUS:TENTATIVE/);
  let assigned: Mail | undefined;
  await expect.poll(async () => (assigned = (await outbox()).find((m) => sentTo(m, F.engineer.email) && /Booked with you/.test(m.subject ?? ""))), { timeout: 20_000 }).toBeTruthy();
  const invite = assigned!.attachments.find((a) => a.filename?.endsWith(".ics"))!;
  const uid = /UID:(\S+)/.exec(typeof invite.content === "string" ? invite.content : new TextDecoder().decode(invite.content))![1];
  expect(tentative).toContain(`UID:${uid}`);
  expect(tentative).toContain(`SUMMARY:${F.typeName}: Wynn Visitor`);

  // The calendar server goes down; staff confirm the booking, which is saved at once.
  await radicale.halt();
  try {
    await page.goto(`/admin/consultations?q=${encodeURIComponent(email)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: /View booking of Wynn Visitor/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Update status" }).selectOption("confirmed");
    await dialog.getByRole("button", { name: "Update Booking" }).click();
    await expect(page.getByText("Booking updated")).toBeVisible();

    // Wren's card says what waits, and why.
    await page.goto("/admin/users");
    await waitForHydration(page);
    await page.getByRole("link", { name: `Calendar of ${F.engineer.name}` }).click();
    await expect(card.getByText("1 booking waiting to be written")).toBeVisible();
    await expect(card.getByText(/^The calendar server did not take them at the last try \(.+\): The server refused the connection\. We try again by .+\. The bookings themselves are made and safe\.$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByText("1 booking waiting to be written")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, "calendar-writes-waiting");
  } finally {
    await radicale.resume();
  }

  // Back: the next try writes it, CONFIRMED, the same UID; the card has nothing waiting.
  const confirmed = await eventText(/STATUS:CONFIRMED/);
  expect(confirmed).toContain(`UID:${uid}`);
  expect(confirmed).toContain("SEQUENCE:1");
  await page.reload();
  await expect(card.getByText("Bookings to write: None waiting")).toBeVisible();
  await shoot(page, "calendar-writes-connected");

  // Wren moves the event by hand to 14:00 UK time (the event is written in UTC).
  const file = /booking-[0-9a-f-]+\.ics/.exec(await fetch(`${radicale.url}${radicale.user}/work/`, { method: "PROPFIND", headers: { depth: "1", authorization: `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString("base64")}` } }).then((r) => r.text()))![0];
  const utc = (time: string) => londonInstant(F.slot.date, time).toISOString().replace(/[-:]|\.\d+/g, "");
  await radicale.putEvent("work", file, confirmed.replace(`DTSTART:${utc("11:15")}`, `DTSTART:${utc("14:00")}`).replace(`DTEND:${utc("11:30")}`, `DTEND:${utc("14:15")}`));
  // Staff change the meeting link: the booking's new state is not written over Wren's move.
  await page.goto(`/admin/consultations?q=${encodeURIComponent(email)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: /View booking of Wynn Visitor/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Meeting link" }).fill("https://meet.example.com/wren-writer");
  await dialog.getByRole("button", { name: "Update Booking" }).click();
  await expect(page.getByText("Booking updated")).toBeVisible();
  const moved = new RegExp(`^Moved by hand in ${F.engineer.name}'s calendar to .+, 2:00 pm; the booking says .+, 11:15 am\\. It is left as it is\\.$`);
  await expect(async () => {
    await page.goto(`/admin/consultations?q=${encodeURIComponent(email)}&booking=${/booking-([0-9a-f-]+)\.ics/.exec(file)![1]}`);
    await expect(page.getByRole("dialog").getByText(moved)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await radicale.getEvent("work", file)).toContain(`DTSTART:${utc("14:00")}`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "calendar-writes-dialog-moved");
  await page.goto("/admin/users");
  await waitForHydration(page);
  await page.getByRole("link", { name: `Calendar of ${F.engineer.name}` }).click();
  await expect(card.getByRole("heading", { name: "Changed by hand in the calendar" })).toBeVisible();
  await expect(card.getByText(new RegExp(`^${F.typeName}, Wynn Visitor: moved in the calendar to .+, 2:00 pm; the booking says .+, 11:15 am\\.$`))).toBeVisible();
  await shoot(page, "calendar-writes-hand-moved");

  // Disconnected again, so the calendar is not read (and failing) after the test.
  await waitForHydration(page);
  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("alertdialog", { name: `Disconnect ${F.engineer.name}'s calendar?` }).getByRole("button", { name: "Disconnect" }).click();
  await expect(card.getByRole("heading", { name: `${F.engineer.name}'s calendar Not connected` })).toBeVisible();
});
