/**
 * Bookings written into engineers' own CalDAV calendars, against a real Radicale started here
 * (two accounts, one per engineer): a new booking is written TENTATIVE with the e-mailed
 * invitation's UID, confirming makes it CONFIRMED, a move raises SEQUENCE under the same UID, a
 * reassignment takes it out of one calendar and into the other, a cancellation removes it; changes
 * queued before a write coalesce; a server that is down leaves the booking made and the write
 * waiting with its error and backoff (the card says so) until it is back; an event the engineer
 * moved or deleted by hand is left alone and shown; our own events are not read back as busy; two
 * workers never write one row twice; an answer larger than an event may be is refused; connecting
 * a calendar queues the bookings made before it.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CALENDAR_ALLOW_PRIVATE = "true";
});

import { db } from "~/db/client.server";
import { adminUsers, calendarConnections, calendarEventWrites, consultationAvailability, consultationBookings, consultationTypes, emailOutbox, user } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { reassignBooking, updateBookingByAdmin } from "~/features/consultations/bookings/index.server";
import { createBooking, cancelBookingByToken, rescheduleBookingByToken } from "~/features/consultations/wizard/index.server";
import { saveEngineerProfile, EngineerProfileSchema, queueUpcomingCalendarWrites } from "~/features/consultations/engineers/index.server";
import { BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { londonInstant } from "~/utils/time";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestRadicale } from "../../../tests/setup/test-radicale";
import { calendarConnectionAction } from "./actions.server";
import { busyIntervalsFor } from "./busy-times.server";
import { connectCalendar, getCalendarConnection, refreshCalendarNow } from "./connections.server";
import { withCalendarChanges, writeDueCalendarEvents, writeRetryDelayMs } from "./event-writes.server";
import { CalendarWriteError, MAX_EVENT_BYTES, writeEvent } from "./write.server";

const { kind } = setupTestDatabase();

const radicale = new TestRadicale(["anna"]);
beforeAll(async () => {
  await radicale.start();
}, 30_000);
afterAll(async () => {
  await radicale.stop();
});

// Monday 7 January 2030, 10:00 UK (GMT); the consultations are on Wednesday 9 and Thursday 10.
const NOW = new Date("2030-01-07T10:00:00Z");
const WED = "2030-01-09";
const THU = "2030-01-10";
const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", projectType: "mixed", companyName: "Bloggs Ltd" });
const actor = { userId: "u-staff", email: "staff@example.com" };

/** Each test has fresh calendars, one per account (Radicale keeps its storage between tests). */
const calendar = "work";
beforeEach(async () => {
  await radicale.makeCalendar(calendar, "sam");
  await radicale.makeCalendar(calendar, "anna");
});
afterEach(async () => {
  await radicale.deleteCalendar(calendar, "sam");
  await radicale.deleteCalendar(calendar, "anna");
});

/** An engineer of `typeId` working 09:00-17:00 on weekdays, whose CalDAV account is Radicale's `davUser`. */
async function engineer(name: string, davUser: "sam" | "anna" | null, typeId: string): Promise<{ id: string; userId: string }> {
  const userId = `user-${name}`;
  const email = `${name.toLowerCase()}@meridian.example`;
  await db.insert(user).values({ id: userId, name, email, emailVerified: true });
  const [row] = await db.insert(adminUsers).values({ userId, name, email, role: "admin" }).returning();
  const weekdays = Object.fromEntries([1, 2, 3, 4, 5].map((d) => [`hours${d}`, "09:00-17:00"]));
  await saveEngineerProfile(actor, row.id, EngineerProfileSchema.parse({ takesConsultations: "on", typeIds: [typeId], daysOff: "", meetingRoomUrl: "", ...weekdays }));
  if (davUser) {
    const connected = await connectCalendar(actor, userId, { kind: "caldav", caldavUrl: radicale.url, caldavUsername: davUser, caldavPassword: radicale.password }, NOW);
    expect(connected.ok).toBe(true);
  }
  return { id: row.id, userId };
}

async function setup() {
  const [type] = await db.insert(consultationTypes).values({ name: "Site visit review", durationMinutes: 60 }).returning();
  const [wed] = await db.insert(consultationAvailability).values({ date: WED, startTime: "10:00", endTime: "12:00", maxBookings: 2 }).returning();
  const [thu] = await db.insert(consultationAvailability).values({ date: THU, startTime: "14:00", endTime: "16:00", maxBookings: 2 }).returning();
  return { type, wed, thu };
}

const book = (typeId: string, slotId: string) =>
  createBooking({ typeId, slotId, details }, { idempotencyKey: randomUUID(), now: NOW, clientIp: "198.51.100.7" });

/** The booking's event in `davUser`'s calendar (its VEVENT), or null when it is not there. */
async function eventIn(davUser: "sam" | "anna", bookingId: string): Promise<ICAL.Component | null> {
  const text = await radicale.getEvent(calendar, `booking-${bookingId}.ics`, davUser);
  if (!text) return null;
  return new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent");
}

const rows = () => db.select().from(calendarEventWrites);
const utc = (event: ICAL.Component) => (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString();

describe(`a booking in its engineer's own calendar (${kind}, Radicale)`, () => {
  it("is written TENTATIVE with the e-mailed UID, CONFIRMED once confirmed, moved with SEQUENCE+1, moved between calendars when reassigned, and removed when cancelled", async () => {
    const { type, wed, thu } = await setup();
    const sam = await engineer("Sam", "sam", type.id);
    const made = await book(type.id, wed.id);
    expect(made.booking.engineerId).toBe(sam.id);
    const id = made.booking.id;
    // Queued in the booking's own transaction, not yet written.
    expect(await rows()).toMatchObject([{ bookingId: id, action: "put", status: "TENTATIVE", sequence: 0, href: null }]);
    expect(await eventIn("sam", id)).toBeNull();

    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 1, removed: 0, handChanged: 0, failed: 0 });
    let event = (await eventIn("sam", id))!;
    expect(event.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.getFirstPropertyValue("sequence")).toBe(0);
    expect(utc(event)).toBe("2030-01-09T10:00:00.000Z");
    expect(event.getFirstPropertyValue("summary")).toBe("Site visit review: Jo Bloggs (Bloggs Ltd)");
    // No ORGANIZER or ATTENDEE: the calendar server must not send invitations of its own.
    expect(event.hasProperty("attendee")).toBe(false);
    // The UID is the one of the invitation e-mailed to the engineer.
    const [mail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.engineer_assigned")));
    const mailed = new ICAL.Component(ICAL.parse(mail.attachments![0].content)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("uid")).toBe(mailed.getFirstPropertyValue("uid"));
    expect(event.getFirstPropertyValue("uid")).toBe(`booking-${id}@localhost`);
    // Written: nothing waits, and the visitor's name is no longer kept in the queue.
    expect(await rows()).toMatchObject([{ nextAttemptAt: null, ics: null, attempts: 0, lastError: null }]);
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 0, removed: 0, handChanged: 0, failed: 0 });

    await updateBookingByAdmin(actor, id, { status: "confirmed" });
    await writeDueCalendarEvents(NOW);
    event = (await eventIn("sam", id))!;
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.getFirstPropertyValue("sequence")).toBe(1);

    // The visitor moves it to Thursday: pending again, the same UID, SEQUENCE one more.
    const moved = await rescheduleBookingByToken(made.manageToken!, thu.id, { now: NOW, clientIp: "198.51.100.7" });
    expect(moved.ok).toBe(true);
    await writeDueCalendarEvents(NOW);
    event = (await eventIn("sam", id))!;
    expect(utc(event)).toBe("2030-01-10T14:00:00.000Z");
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    expect(event.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.getFirstPropertyValue("uid")).toBe(`booking-${id}@localhost`);

    // Given to Anna: gone from Sam's calendar, in Anna's.
    const anna = await engineer("Anna", "anna", type.id);
    await reassignBooking(actor, id, anna.id);
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 1, removed: 1, handChanged: 0, failed: 0 });
    expect(await eventIn("sam", id)).toBeNull();
    event = (await eventIn("anna", id))!;
    expect(event.getFirstPropertyValue("sequence")).toBe(3);
    expect(utc(event)).toBe("2030-01-10T14:00:00.000Z");
    expect(await rows()).toHaveLength(1);

    // Cancelled by the visitor: removed, and nothing is kept.
    expect((await cancelBookingByToken(made.manageToken!, { now: NOW })).ok).toBe(true);
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 0, removed: 1, handChanged: 0, failed: 0 });
    expect(await eventIn("anna", id)).toBeNull();
    expect(await rows()).toEqual([]);
  });

  it("coalesces changes queued before a write into one write of the latest state", async () => {
    const { type, wed, thu } = await setup();
    await engineer("Sam", "sam", type.id);
    const made = await book(type.id, wed.id);
    await updateBookingByAdmin(actor, made.booking.id, { status: "confirmed" });
    await updateBookingByAdmin(actor, made.booking.id, { status: "confirmed", meetingNotes: "Bring the drawings" });
    expect(await rows()).toMatchObject([{ action: "put", status: "CONFIRMED", sequence: 1, version: 2 }]);
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 1, removed: 0, handChanged: 0, failed: 0 });
    expect((await eventIn("sam", made.booking.id))!.getFirstPropertyValue("status")).toBe("CONFIRMED");

    // Booked and cancelled before any write: nothing was ever written, nothing is left to do.
    const other = await book(type.id, thu.id);
    expect((await cancelBookingByToken(other.manageToken!, { now: NOW })).ok).toBe(true);
    expect((await rows()).map((r) => r.bookingId)).toEqual([made.booking.id]);
  });

  it("while the server is down the booking is made and the write waits with its reason and backoff; it is written once the server is back", async () => {
    const { type, wed } = await setup();
    const sam = await engineer("Sam", "sam", type.id);
    await radicale.halt();
    try {
      const made = await book(type.id, wed.id);
      const [stored] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, made.booking.id));
      expect(stored.status).toBe("pending");

      expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 0, removed: 0, handChanged: 0, failed: 1 });
      const [row] = await rows();
      expect(row).toMatchObject({ attempts: 1, lastError: "The server refused the connection." });
      expect(row.nextAttemptAt!.getTime()).toBe(NOW.getTime() + writeRetryDelayMs(1));
      const state = await getCalendarConnection(sam.userId, NOW);
      expect(state.connected && state.writes).toMatchObject({ waiting: 1, lastError: "The server refused the connection." });

      // Not tried again before its backoff; tried and failed again after it, waiting twice as long.
      expect(await writeDueCalendarEvents(new Date(NOW.getTime() + 10_000))).toMatchObject({ failed: 0 });
      const later = new Date(NOW.getTime() + writeRetryDelayMs(1));
      expect(await writeDueCalendarEvents(later)).toMatchObject({ failed: 1 });
      expect((await rows())[0].nextAttemptAt!.getTime()).toBe(later.getTime() + writeRetryDelayMs(2));
      expect(writeRetryDelayMs(2)).toBe(60_000);
      expect(writeRetryDelayMs(20)).toBe(3_600_000);

      await radicale.resume();
      expect(await writeDueCalendarEvents(new Date(later.getTime() + writeRetryDelayMs(2)))).toMatchObject({ written: 1 });
      expect((await eventIn("sam", made.booking.id))!.getFirstPropertyValue("status")).toBe("TENTATIVE");
      const after = await getCalendarConnection(sam.userId, NOW);
      expect(after.connected && after.writes).toMatchObject({ waiting: 0, lastError: null });
    } finally {
      // Running again whatever failed above (a second start would leave a server behind).
      await radicale.resume();
    }
  });

  it("leaves an event the engineer moved or deleted by hand as it is, and shows the difference", async () => {
    const { type, wed, thu } = await setup();
    const sam = await engineer("Sam", "sam", type.id);
    const moved = await book(type.id, wed.id);
    const deleted = await book(type.id, thu.id);
    await writeDueCalendarEvents(NOW);

    // Sam moves one to 15:00 in their calendar app and deletes the other.
    const file = `booking-${moved.booking.id}.ics`;
    const text = (await radicale.getEvent(calendar, file, "sam"))!;
    await radicale.putEvent(calendar, file, text.replace("DTSTART:20300109T100000Z", "DTSTART:20300109T150000Z").replace(/DTEND:20300109T110000Z|DURATION:PT1H/, (m) => (m.startsWith("DTEND") ? "DTEND:20300109T160000Z" : m)), "sam");
    await radicale.deleteEvent(calendar, `booking-${deleted.booking.id}.ics`, "sam");

    await updateBookingByAdmin(actor, moved.booking.id, { status: "confirmed" });
    await updateBookingByAdmin(actor, deleted.booking.id, { status: "confirmed" });
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 0, removed: 0, handChanged: 2, failed: 0 });
    // Not fought over: the moved event keeps Sam's time and status; the deleted one is not made again.
    const event = (await eventIn("sam", moved.booking.id))!;
    expect(utc(event)).toBe("2030-01-09T15:00:00.000Z");
    expect(event.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(await eventIn("sam", deleted.booking.id)).toBeNull();

    const state = await getCalendarConnection(sam.userId, NOW);
    expect(state.connected && state.writes).toMatchObject({
      waiting: 0,
      handChanged: expect.arrayContaining([
        { bookingId: moved.booking.id, name: "Jo Bloggs", consultationType: "Site visit review", owner: "Sam", calendarStart: "2030-01-09T15:00:00.000Z", bookingStart: "2030-01-09T10:00:00.000Z" },
        { bookingId: deleted.booking.id, name: "Jo Bloggs", consultationType: "Site visit review", owner: "Sam", calendarStart: null, bookingStart: "2030-01-10T14:00:00.000Z" },
      ]),
    });
    // The booking dialog shows it too.
    const [shown] = await withCalendarChanges([{ id: moved.booking.id }]);
    expect(shown.calendarChanges).toEqual([expect.objectContaining({ owner: "Sam", calendarStart: "2030-01-09T15:00:00.000Z", bookingStart: "2030-01-09T10:00:00.000Z" })]);
    // Later changes are not written over it either.
    await updateBookingByAdmin(actor, moved.booking.id, { status: "confirmed", meetingLink: "https://meet.example.com/new" });
    expect(await writeDueCalendarEvents(NOW)).toEqual({ written: 0, removed: 0, handChanged: 0, failed: 0 });
    expect(utc((await eventIn("sam", moved.booking.id))!)).toBe("2030-01-09T15:00:00.000Z");
  });

  it("does not read its own events back as busy times", async () => {
    const { type, wed } = await setup();
    const sam = await engineer("Sam", "sam", type.id);
    const made = await book(type.id, wed.id);
    await writeDueCalendarEvents(NOW);
    expect(await eventIn("sam", made.booking.id)).not.toBeNull();
    // An event of Sam's own the same day is busy; the booking's is not (the booking itself counts).
    await radicale.putEvent(calendar, "lunch.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VEVENT", "UID:lunch@example.com", "DTSTAMP:20300101T000000Z", "DTSTART:20300109T120000Z", "DTEND:20300109T130000Z", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n"), "sam");
    expect((await refreshCalendarNow(sam.userId, NOW)).ok).toBe(true);
    const read = (await busyIntervalsFor([sam.userId], { start: londonInstant(WED, "00:00"), end: londonInstant(WED, "23:59") })).get(sam.userId);
    expect(read).toMatchObject({ failing: false, busy: [{ start: new Date("2030-01-09T12:00:00Z"), end: new Date("2030-01-09T13:00:00Z") }] });
  });
});

describe(`the queue (${kind})`, () => {
  it("connecting a CalDAV calendar queues the engineer's upcoming bookings made before it", async () => {
    const { type, wed, thu } = await setup();
    const sam = await engineer("Sam", null, type.id);
    const pending = await book(type.id, wed.id);
    const cancelled = await book(type.id, thu.id);
    expect((await cancelBookingByToken(cancelled.manageToken!, { now: NOW })).ok).toBe(true);
    expect(await rows()).toEqual([]);
    const form = { kind: "caldav", caldavUrl: radicale.url, caldavUsername: "sam", caldavPassword: radicale.password };
    const reply = await calendarConnectionAction(actor, sam.userId, "calendar-connect", form, { onConnected: (userId) => queueUpcomingCalendarWrites(userId, NOW) });
    expect(reply).toMatchObject({ data: { ok: true, message: "Calendar connected" } });
    expect((await rows()).map((r) => r.bookingId)).toEqual([pending.booking.id]);
    await writeDueCalendarEvents(NOW);
    expect((await eventIn("sam", pending.booking.id))!.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(await eventIn("sam", cancelled.booking.id)).toBeNull();
  });

  it("two workers at once write each booking once", async () => {
    const { type, wed, thu } = await setup();
    await engineer("Sam", "sam", type.id);
    const first = await book(type.id, wed.id);
    const second = await book(type.id, thu.id);
    const runs = await Promise.all([writeDueCalendarEvents(NOW), writeDueCalendarEvents(NOW)]);
    expect(runs.reduce((sum, r) => sum + r.written, 0)).toBe(2);
    expect(runs.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    expect(await eventIn("sam", first.booking.id)).not.toBeNull();
    expect(await eventIn("sam", second.booking.id)).not.toBeNull();
  });

  it("refuses an answer larger than an event may be", async () => {
    const big = createServer((_, res) => res.writeHead(200, { "content-type": "text/calendar", etag: '"x"' }).end("X".repeat(MAX_EVENT_BYTES + 1)));
    await new Promise<void>((resolve) => big.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(big.address() as AddressInfo).port}/`;
      const write = { bookingId: randomUUID(), uid: "booking-1@localhost", action: "put" as const, ics: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", href: `${base}sam/work/booking-1.ics`, etag: '"y"', written: null };
      await expect(writeEvent({ kind: "caldav", serverUrl: base, username: "sam", password: "pw" }, write)).rejects.toEqual(new CalendarWriteError("The server sent more than 256 KB."));
    } finally {
      await new Promise((resolve) => big.close(resolve));
    }
  });
});

describe("an ICS subscription", () => {
  it("is read only: nothing is queued for its engineer's bookings", async () => {
    const { type, wed } = await setup();
    const [row] = await db.insert(user).values({ id: "user-Ics", name: "Ics", email: "ics@meridian.example", emailVerified: true }).returning();
    const [member] = await db.insert(adminUsers).values({ userId: row.id, name: "Ics", email: row.email, role: "admin" }).returning();
    const weekdays = Object.fromEntries([1, 2, 3, 4, 5].map((d) => [`hours${d}`, "09:00-17:00"]));
    await saveEngineerProfile(actor, member.id, EngineerProfileSchema.parse({ takesConsultations: "on", typeIds: [type.id], daysOff: "", meetingRoomUrl: "", ...weekdays }));
    await db.insert(calendarConnections).values({ userId: row.id, kind: "ics", icsUrlEncrypted: "sealed", displayHost: "calendar.example", lastSuccessAt: NOW });
    const made = await book(type.id, wed.id);
    expect(made.booking.engineerId).toBe(member.id);
    expect(await rows()).toEqual([]);
    const state = await getCalendarConnection(row.id, NOW);
    expect(state).toMatchObject({ connected: true, kind: "ics", writes: null });
  });
});
