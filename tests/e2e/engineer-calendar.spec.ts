/**
 * An engineer's own calendar decides what visitors are offered: an admin connects the fixture
 * engineer's ICS subscription (served here on a free port) from Users by clicking; a visitor in a
 * fresh browser sees both of the engineer's times in the wizard; an event covering one of them is
 * added to the calendar, staff press Refresh now once, and the visitor, clicking back to the week,
 * is no longer offered that time while the other stays; the admin disconnects it again. Fixtures: ./support/engineer-fixtures.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { formatMonthYear } from "../../app/utils/format";
import { slotRadio, toTypeWeek } from "./support/booking-flow";
import { connectCalendarFromUsers } from "./support/engineer-calendar";
import { diaryEngineerFixtures } from "./support/engineer-fixtures";

const F = diaryEngineerFixtures();

/** `yyyy-mm-dd` and `HH:MM` as an iCalendar local date-time. */
const icalLocal = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;

/** An Outlook-style event in London time (the engineer's site visit). */
const event = (uid: string, date: string, start: string, end: string) => [
  "BEGIN:VEVENT",
  `DTSTART;TZID=Europe/London:${icalLocal(date, start)}`,
  `DTEND;TZID=Europe/London:${icalLocal(date, end)}`,
  `UID:${uid}`,
  "SUMMARY:Site visit",
  "TRANSP:OPAQUE",
  "STATUS:CONFIRMED",
  "END:VEVENT",
];

/** The calendar as served: an event the day before the fixture day, plus `extra` events. */
let extra: string[] = [];
function calendarText(): string {
  return [
    "BEGIN:VCALENDAR",
    "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
    "VERSION:2.0",
    "METHOD:PUBLISH",
    ...event("earlier-visit-e2e@outlook.com", F.week, "10:00", "11:00"),
    ...extra,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

let server: Server;
let address = "";
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/owa/calendar/dan/calendar.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(calendarText());
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/owa/calendar/dan/calendar.ics`;
});
test.afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Step 2 of the wizard for the engineer's type, in the fixture week, reached by clicking. */
async function toEngineerWeek(visitor: Page) {
  await toTypeWeek(visitor, F.typeName, F.week);
  await expect(visitor.getByRole("heading", { name: formatMonthYear(F.week) })).toBeVisible();
}

test("an event in the engineer's connected calendar takes its time out of the wizard after one refresh", async ({ browser, page }) => {
  test.setTimeout(120_000);

  // An admin connects Dan Diary's calendar for him from Users.
  const card = await connectCalendarFromUsers(page, F.engineer.name, (form) => form.getByLabel("Private address of the calendar").fill(address));
  await expect(card.getByRole("heading", { name: `${F.engineer.name}'s calendar Connected` })).toBeVisible();
  await expect(card.getByText("Busy times in the next weeks").locator("xpath=following-sibling::dd")).toHaveText("1");

  // A visitor (a fresh browser, no cookie) is offered both of the engineer's times.
  const context = await browser.newContext();
  expect(await context.cookies()).toEqual([]);
  const visitor = await context.newPage();
  await toEngineerWeek(visitor);
  await expect(slotRadio(visitor, F.covered.date, F.covered.startTime)).toBeVisible();
  await expect(slotRadio(visitor, F.stays.date, F.stays.startTime)).toBeVisible();

  // A site visit lands in the engineer's calendar over the first time; staff refresh once.
  extra = event("thursday-visit-e2e@outlook.com", F.covered.date, "11:30", "12:30");
  await card.getByRole("button", { name: "Refresh now" }).click();
  await expect(page.getByText("Calendar refreshed")).toBeVisible();
  await expect(card.getByText("Busy times in the next weeks").locator("xpath=following-sibling::dd")).toHaveText("2");

  // The visitor goes back a week and forward again by clicking: that time is gone, the other stays.
  await visitor.getByRole("link", { name: "Previous Week" }).click();
  await expect(visitor).not.toHaveURL(new RegExp(`week=${F.week}`));
  await visitor.getByRole("link", { name: "Next Week" }).click();
  await expect(visitor).toHaveURL(new RegExp(`week=${F.week}`));
  await expect(slotRadio(visitor, F.stays.date, F.stays.startTime)).toBeVisible();
  await expect(slotRadio(visitor, F.covered.date, F.covered.startTime)).toHaveCount(0);
  await context.close();

  // Disconnected again, so the calendar served here is not read (and failing) after the test.
  await card.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("alertdialog", { name: `Disconnect ${F.engineer.name}'s calendar?` }).getByRole("button", { name: "Disconnect" }).click();
  await expect(card.getByRole("heading", { name: `${F.engineer.name}'s calendar Not connected` })).toBeVisible();
});
