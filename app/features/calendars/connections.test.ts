/**
 * Staff calendars end to end against real servers started here: ICS subscriptions (the Outlook and
 * Google exports of `tests/fixtures/calendars`) served by a local HTTP server, and CalDAV through
 * tsdav against Radicale. Connecting reads once and stores nothing on failure; reads replace the
 * busy times whole; a calendar that stops reading keeps its last busy times and fails closed
 * after its refresh window; two workers never read one calendar at once; secrets are stored encrypted.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CALENDAR_ALLOW_PRIVATE = "true";
  process.env.CALENDAR_REFRESH_MS = "300000";
});

import { db } from "~/db/client.server";
import { adminUsers, auditLog, calendarBusyTimes, calendarConnections, consultationAvailability, consultationTypes, emailOutbox, user } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { saveEngineerProfile, EngineerProfileSchema } from "~/features/consultations/engineers/index.server";
import { getAvailableSlots } from "~/features/consultations/availability/index.server";
import { londonToday } from "~/utils/time";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestRadicale } from "../../../tests/setup/test-radicale";
import { busyIntervalsFor } from "./busy-times.server";
import { connectCalendar, disconnectCalendar, getCalendarConnection, listFailingCalendars, refreshCalendarNow, refreshDueCalendars } from "./connections.server";

setupTestDatabase();

const fixtures = path.join(__dirname, "../../../tests/fixtures/calendars");
/** What the local ICS server answers at `/google.ics` and `/other.ics` may be swapped by a test. */
let otherBody = "";
let googleBody = readFileSync(path.join(fixtures, "google.ics"), "utf8");
let ics: Server;
let icsBase = "";
/** How many times each path was fetched. */
const hits = new Map<string, number>();
const radicale = new TestRadicale();

beforeAll(async () => {
  ics = createServer((req, res) => {
    hits.set(req.url ?? "", (hits.get(req.url ?? "") ?? 0) + 1);
    const route = (req.url ?? "").split("?")[0];
    if (route === "/google.ics") res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(googleBody);
    else if (route === "/other.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(otherBody);
    else if (route === "/outlook.ics") res.writeHead(200, { "content-type": "text/calendar" }).end(readFileSync(path.join(fixtures, "outlook.ics")));
    else if (route === "/moved") res.writeHead(302, { location: "/google.ics" }).end();
    else if (route === "/login") res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in</title>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => ics.listen(0, "127.0.0.1", resolve));
  icsBase = `http://127.0.0.1:${(ics.address() as AddressInfo).port}`;
  await radicale.start();
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => ics.close(resolve));
  await radicale.stop();
});

const sam = { userId: "user-sam", email: "sam@meridian.example" };
beforeEach(async () => {
  googleBody = readFileSync(path.join(fixtures, "google.ics"), "utf8");
  await db.insert(user).values({ id: sam.userId, name: "Sam Okafor", email: sam.email, emailVerified: true });
  await db.insert(adminUsers).values({ userId: sam.userId, name: "Sam Okafor", email: sam.email, role: "admin" });
});

/** A moment inside the Google fixture's weeks (with no consultation type, reads cover a day before to 61 days after). */
const march = new Date("2026-03-16T12:00:00Z");

async function storedBusy() {
  const rows = await db.select().from(calendarBusyTimes).orderBy(calendarBusyTimes.startsAt);
  return rows.map((r) => `${r.startsAt.toISOString()}/${r.endsAt.toISOString()}`);
}

describe("an ICS subscription", () => {
  it("connects after one good read, storing its busy times and the address encrypted", async () => {
    const url = `${icsBase}/google.ics`;
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: url }, march)).toEqual({ ok: true, busyCount: 11, aheadDays: 61 });
    const busy = await storedBusy();
    expect(busy).toHaveLength(11);
    expect(busy).toContain("2026-04-14T14:00:00.000Z/2026-04-14T15:00:00.000Z");
    const [row] = await db.select().from(calendarConnections);
    expect(row!.icsUrlEncrypted).not.toContain("google.ics");
    expect(row!.icsUrlEncrypted).not.toContain("127.0.0.1");
    expect(row!.displayHost).toBe("127.0.0.1");
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "calendar.connected"));
    expect(JSON.stringify(audit!.details)).not.toContain("google.ics");

    const view = await getCalendarConnection(sam.userId, march);
    expect(view).toMatchObject({ connected: true, kind: "ics", host: "127.0.0.1", failing: false, lastError: null, busyCount: 11 });
    const map = await busyIntervalsFor([sam.userId, "user-nobody"], { start: new Date("2026-03-31T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") }, march);
    expect(map.has("user-nobody")).toBe(false);
    expect(map.get(sam.userId)!.failing).toBe(false);
    expect(map.get(sam.userId)!.busy.map((b) => b.start.toISOString())).toEqual(["2026-03-31T07:30:00.000Z", "2026-03-31T09:00:00.000Z"]);
  });

  it("follows a redirect and reads an Outlook export", async () => {
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/moved` }, march)).toMatchObject({ ok: true });
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/outlook.ics` }, new Date("2026-10-19T00:00:00Z"))).toEqual({ ok: true, busyCount: 8, aheadDays: 61 });
    // Connecting again replaced the first connection and its busy times.
    expect(await db.$count(calendarConnections)).toBe(1);
    expect(await storedBusy()).toContain("2026-10-24T21:00:00.000Z/2026-10-25T03:00:00.000Z");
    expect(await db.$count(calendarBusyTimes)).toBe(8);
  });

  it("refuses an address that is not a calendar, or not there, and stores nothing", async () => {
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/login` }, march)).toEqual({
      ok: false,
      field: "icsUrl",
      message: "Could not read the calendar: The address did not return a calendar (iCalendar data).",
    });
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/gone.ics` }, march)).toMatchObject({
      ok: false,
      message: "Could not read the calendar: No calendar was found at that address.",
    });
    expect(await db.$count(calendarConnections)).toBe(0);
    expect(await db.$count(calendarBusyTimes)).toBe(0);
  });

  it("keeps the last busy times when a read fails, and fails closed after the refresh window", async () => {
    await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` }, march);
    googleBody = "<!doctype html><p>Service unavailable</p>";
    const refreshed = await refreshCalendarNow(sam.userId, march);
    expect(refreshed).toEqual({ ok: false, reason: "failed", message: "The address did not return a calendar (iCalendar data)." });
    expect(await db.$count(calendarBusyTimes)).toBe(11);
    const [row] = await db.select().from(calendarConnections);
    expect(row!.lastError).toBe("The address did not return a calendar (iCalendar data).");
    expect(row!.leaseUntil).toBeNull();

    // Within twice the refresh interval (5 minutes) the old busy times stand; after it, nothing is offered.
    const lastSuccess = row!.lastSuccessAt!.getTime();
    const range = { start: new Date("2026-03-17T00:00:00Z"), end: new Date("2026-03-18T00:00:00Z") };
    expect((await busyIntervalsFor([sam.userId], range, new Date(lastSuccess + 9 * 60_000))).get(sam.userId)!.failing).toBe(false);
    const late = new Date(lastSuccess + 11 * 60_000);
    expect((await busyIntervalsFor([sam.userId], range, late)).get(sam.userId)).toMatchObject({ failing: true });
    expect(await listFailingCalendars(late)).toEqual([{ userId: sam.userId, name: "Sam Okafor", lastError: "The address did not return a calendar (iCalendar data)." }]);

    // The worker's next run reads it again once it is back.
    googleBody = readFileSync(path.join(fixtures, "google.ics"), "utf8");
    await db.update(calendarConnections).set({ lastAttemptAt: new Date(Date.now() - 10 * 60_000) });
    expect(await refreshDueCalendars(new Date())).toEqual({ read: 1, failed: 0 });
    const view = await getCalendarConnection(sam.userId);
    expect(view).toMatchObject({ connected: true, lastError: null, failing: false });
    // Not due again until the refresh interval has passed.
    expect(await refreshDueCalendars(new Date())).toEqual({ read: 0, failed: 0 });
  });

  it("lets one read at a time hold a calendar", async () => {
    await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` }, march);
    await db.update(calendarConnections).set({ leaseUntil: new Date(Date.now() + 60_000), leaseHolder: "another-instance" });
    expect(await refreshCalendarNow(sam.userId, new Date(), { waitMs: 600 })).toMatchObject({ ok: false, reason: "busy" });
    await db.update(calendarConnections).set({ lastAttemptAt: new Date(0) });
    expect(await refreshDueCalendars(new Date())).toEqual({ read: 0, failed: 0 });
  });

  it("waits for a read under way to finish, then reads again, when staff press Refresh now", async () => {
    await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` }, march);
    await db.update(calendarConnections).set({ leaseUntil: new Date(Date.now() + 60_000), leaseHolder: "the-worker", lastSuccessAt: new Date(0) });
    // The worker's read finishes 400 ms after the click.
    const released = new Promise<void>((resolve) =>
      setTimeout(() => void db.update(calendarConnections).set({ leaseUntil: null, leaseHolder: null }).then(() => resolve()), 400),
    );
    const startedAt = Date.now();
    expect(await refreshCalendarNow(sam.userId)).toEqual({ ok: true });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(400);
    await released;
    const [row] = await db.select().from(calendarConnections);
    expect(row!.lastSuccessAt!.getTime()).toBeGreaterThanOrEqual(startedAt);
    expect(row!.leaseUntil).toBeNull();
  });

  it("reads each due calendar once when two workers run at the same time", async () => {
    const others = ["user-a", "user-b", "user-c"];
    for (const id of others) {
      await db.insert(user).values({ id, name: id, email: `${id}@meridian.example`, emailVerified: true });
      await db.insert(adminUsers).values({ userId: id, name: id, email: `${id}@meridian.example`, role: "editor" });
      expect(await connectCalendar(sam, id, { kind: "ics", icsUrl: `${icsBase}/google.ics?${id}` }, march)).toMatchObject({ ok: true });
    }
    await db.update(calendarConnections).set({ lastAttemptAt: new Date(0) });
    hits.clear();
    const [one, two] = await Promise.all([refreshDueCalendars(new Date()), refreshDueCalendars(new Date())]);
    expect(one.read + two.read).toBe(3);
    expect(others.map((id) => hits.get(`/google.ics?${id}`))).toEqual([1, 1, 1]);
    // A deactivated member's calendar is no longer read.
    await db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.userId, "user-a"));
    await db.update(calendarConnections).set({ lastAttemptAt: new Date(0) });
    expect(await refreshDueCalendars(new Date())).toEqual({ read: 2, failed: 0 });
  });

  it("disconnects, removing the busy times", async () => {
    await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` }, march);
    expect(await disconnectCalendar(sam, sam.userId)).toBe(true);
    expect(await db.$count(calendarBusyTimes)).toBe(0);
    expect(await getCalendarConnection(sam.userId)).toEqual({ connected: false });
    expect(await disconnectCalendar(sam, sam.userId)).toBe(false);
    expect(await refreshCalendarNow(sam.userId)).toMatchObject({ ok: false, reason: "none" });
  });
});

describe("a CalDAV account (Radicale)", () => {
  const now = new Date("2026-03-16T12:00:00Z");
  const event = (uid: string, lines: string[]) =>
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Radicale fixture//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260301T090000Z", ...lines, "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");

  beforeAll(async () => {
    await radicale.makeCalendar("work");
    // The Google fixture's recurring series with its moved instance, as one CalDAV object.
    const google = readFileSync(path.join(fixtures, "google.ics"), "utf8");
    const series = google.split(/\r?\nBEGIN:VEVENT\r?\n/).slice(1, 3).map((e) => `BEGIN:VEVENT\r\n${e.replace(/\r?\nEND:VCALENDAR[\s\S]*$/, "")}`);
    const vtimezone = /BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE/.exec(google)![0];
    await radicale.putEvent("work", "design-review.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", vtimezone, ...series.map((s) => s.replace(/\r?\n$/, "")), "END:VCALENDAR", ""].join("\r\n"));
    await radicale.putEvent("work", "site-visit.ics", event("site-visit", ["DTSTART;TZID=Europe/London:20260402T130000", "DTEND;TZID=Europe/London:20260402T170000", "SUMMARY:Site visit"]));
    await radicale.putEvent("work", "free.ics", event("free", ["DTSTART:20260403T090000Z", "DTEND:20260403T100000Z", "TRANSP:TRANSPARENT"]));
  }, 30_000);

  it("connects through tsdav and stores the busy times of the account's calendars", async () => {
    const result = await connectCalendar(sam, sam.userId, { kind: "caldav", caldavUrl: radicale.url, caldavUsername: radicale.user, caldavPassword: radicale.password }, now);
    expect(result).toEqual({ ok: true, busyCount: 6, aheadDays: 61 });
    expect(await storedBusy()).toEqual([
      "2026-03-17T10:00:00.000Z/2026-03-17T11:00:00.000Z",
      "2026-03-24T10:00:00.000Z/2026-03-24T11:00:00.000Z",
      "2026-03-31T09:00:00.000Z/2026-03-31T10:00:00.000Z",
      "2026-04-02T12:00:00.000Z/2026-04-02T16:00:00.000Z",
      "2026-04-14T14:00:00.000Z/2026-04-14T15:00:00.000Z",
      "2026-04-21T09:00:00.000Z/2026-04-21T10:00:00.000Z",
    ]);
    const [row] = await db.select().from(calendarConnections);
    expect(row!.caldavPasswordEncrypted).not.toContain(radicale.password);

    // A new event appears at the next read.
    await radicale.putEvent("work", "inspection.ics", event("inspection", ["DTSTART;VALUE=DATE:20260406", "DTEND;VALUE=DATE:20260407", "SUMMARY:Inspection"]));
    expect(await refreshCalendarNow(sam.userId, now)).toEqual({ ok: true });
    expect(await storedBusy()).toContain("2026-04-05T23:00:00.000Z/2026-04-06T23:00:00.000Z");
    await radicale.deleteEvent("work", "inspection.ics");
  });

  it("refuses a wrong app password and stores nothing", async () => {
    const result = await connectCalendar(sam, sam.userId, { kind: "caldav", caldavUrl: radicale.url, caldavUsername: radicale.user, caldavPassword: "wrong" }, now);
    expect(result).toEqual({ ok: false, field: "caldavPassword", message: "Could not read the calendar: The server refused the user name or app password." });
    expect(await db.$count(calendarConnections)).toBe(0);
  });
});

/** A calendar of `events` VEVENT bodies. */
const icsOf = (events: string[][]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN", ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]), "END:VCALENDAR", ""].join("\r\n");
/** 200 events, each one second long and repeating every second from today on. */
const hostile = icsOf(Array.from({ length: 200 }, (_, i) => [`UID:h${i}`, "DTSTAMP:20261128T000000Z", `DTSTART:${new Date().toISOString().slice(0, 10).replace(/-/g, "")}T000000Z`, "DURATION:PT1S", "RRULE:FREQ=SECONDLY"]));
const TOO_LARGE = "The calendar is too large to read: it has more than 20,000 events in the period we read.";

describe("a calendar over its reading budget", () => {
  it("is refused when connecting, with the reason on the address field, and nothing is stored", async () => {
    otherBody = hostile;
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/other.ics` })).toEqual({ ok: false, field: "icsUrl", message: `Could not read the calendar: ${TOO_LARGE}` });
    expect(await db.$count(calendarConnections)).toBe(0);
  });

  it("is refused by the background read with the reason on its card, keeping its previous busy times", async () => {
    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` }, march)).toMatchObject({ ok: true, busyCount: 11 });
    const before = await storedBusy();
    googleBody = hostile;
    await db.update(calendarConnections).set({ lastAttemptAt: new Date(0) });
    expect(await refreshDueCalendars(new Date())).toEqual({ read: 0, failed: 1 });
    expect(await storedBusy()).toEqual(before);
    expect(await getCalendarConnection(sam.userId)).toMatchObject({ connected: true, lastError: TOO_LARGE, busyCount: 11 });
  });
});

describe("the owner of a failing calendar", () => {
  const notices = () => opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "calendar.failing")));

  it("is e-mailed once when it starts failing, and again only after it read well and failed anew", async () => {
    await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/google.ics` });
    googleBody = "<!doctype html><p>Service unavailable</p>";
    // A failed read within the refresh window is a blip: nobody is told.
    expect(await refreshCalendarNow(sam.userId)).toMatchObject({ ok: false, reason: "failed" });
    expect(await notices()).toHaveLength(0);

    // Past the refresh window it is failing: one e-mail, however many reads fail after.
    await db.update(calendarConnections).set({ lastSuccessAt: new Date(Date.now() - 11 * 60_000) });
    for (let i = 0; i < 3; i++) expect(await refreshCalendarNow(sam.userId)).toMatchObject({ ok: false, reason: "failed" });
    const [notice, ...more] = await notices();
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({ to: sam.email, subject: "Your calendar cannot be read", status: "pending" });
    expect(notice!.text).toContain("Hello Sam Okafor,");
    expect(notice!.text).toContain("Your calendar (the ICS subscription at 127.0.0.1) could not be read since");
    expect(notice!.text).toContain("Until it reads again, visitors are offered no consultations with you.");
    expect(notice!.text).toContain("The calendar server said: The address did not return a calendar (iCalendar data).");
    expect(notice!.text).not.toContain("google.ics");

    // It reads again, then fails for long: a second e-mail.
    googleBody = readFileSync(path.join(fixtures, "google.ics"), "utf8");
    expect(await refreshCalendarNow(sam.userId)).toEqual({ ok: true });
    expect(await notices()).toHaveLength(1);
    googleBody = "<!doctype html><p>Service unavailable</p>";
    await db.update(calendarConnections).set({ lastSuccessAt: new Date(Date.now() - 11 * 60_000) });
    expect(await refreshCalendarNow(sam.userId)).toMatchObject({ ok: false, reason: "failed" });
    expect(await refreshCalendarNow(sam.userId)).toMatchObject({ ok: false, reason: "failed" });
    expect(await notices()).toHaveLength(2);
  });
});

describe("how far ahead a calendar is read", () => {
  it("covers the longest booking horizon: a weekly meeting 130 days ahead keeps its time out of the wizard", async () => {
    const [type] = await db.insert(consultationTypes).values({ name: "Site review", durationMinutes: 60, horizonDays: 130, minimumNoticeHours: 0 }).returning();
    const [ada] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.userId, sam.userId));
    const hours = Object.fromEntries([1, 2, 3, 4, 5].map((d) => [`hours${d}`, "09:00-17:00"]));
    await saveEngineerProfile(sam, ada!.id, EngineerProfileSchema.parse({ takesConsultations: "on", typeIds: [type!.id], daysOff: "", meetingRoomUrl: "", ...hours }));
    // The Wednesday between 120 and 127 days from today, with a slot at 10:00 and one at 16:00.
    const now = new Date();
    let day = new Date(`${londonToday(now)}T12:00:00Z`);
    day = new Date(day.getTime() + 120 * 86_400_000);
    while (day.getUTCDay() !== 3) day = new Date(day.getTime() + 86_400_000);
    const date = day.toISOString().slice(0, 10);
    await db.insert(consultationAvailability).values([
      { date, startTime: "10:00", endTime: "11:00", maxBookings: 1 },
      { date, startTime: "16:00", endTime: "17:00", maxBookings: 1 },
    ]);
    // Every Wednesday at 16:00 London time, from this week on.
    let first = new Date(`${londonToday(now)}T12:00:00Z`);
    while (first.getUTCDay() !== 3) first = new Date(first.getTime() + 86_400_000);
    const wall = first.toISOString().slice(0, 10).replace(/-/g, "");
    otherBody = icsOf([["UID:weekly", "DTSTAMP:20261128T000000Z", `DTSTART;TZID=Europe/London:${wall}T160000`, `DTEND;TZID=Europe/London:${wall}T170000`, "RRULE:FREQ=WEEKLY"]]);

    expect(await connectCalendar(sam, sam.userId, { kind: "ics", icsUrl: `${icsBase}/other.ics` }, now)).toMatchObject({ ok: true, aheadDays: 131 });
    const offered = await getAvailableSlots({ startDate: date, endDate: date, now, wanted: { typeId: type!.id, durationMinutes: 60 } });
    expect(offered.map((s) => s.start_time.slice(0, 5))).toEqual(["10:00"]);
  });
});
