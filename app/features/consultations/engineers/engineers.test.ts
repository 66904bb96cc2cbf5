/**
 * Engineers in the booking: the slots offered follow their hours, days off, calendars, bookings
 * and caps; a booking is given to one of them by the round robin under their row locks (fifty
 * racers never give one engineer two overlapping consultations); a move and a cancellation follow
 * them; staff reassign; each engineer hears of it with their copy of the invitation.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, consultationAvailability, consultationBookings, consultationTypes, emailOutbox, user } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { SiteSettingsSchema } from "~/features/settings/schema";
import { updateSiteSettings } from "~/features/settings/settings-admin.server";
import { londonInstant } from "~/utils/time";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { reassignBooking, updateBookingByAdmin, withReassignOptions, getBooking } from "../bookings/index.server";
import { createBooking, cancelBookingByToken, rescheduleBookingByToken } from "../wizard/index.server";
import { type BookingError, BookingDetailsSchema } from "../core/index.server";
import { getEngineerProfile, saveEngineerProfile } from "./engineer-profiles.server";
import { EngineerProfileSchema } from "./engineer-schema";
import { getAvailableSlots } from "../availability/index.server";

const busyTimes = vi.hoisted(() => ({ map: new Map<string, { busy: Array<{ start: Date; end: Date }>; failing: boolean }>() }));
vi.mock("~/features/calendars/busy-times.server", () => ({
  busyIntervalsFor: async (ids: string[]) => new Map([...busyTimes.map].filter(([id]) => ids.includes(id))),
}));

const { kind } = setupTestDatabase();

// Monday 7 January 2030, 10:00 UK (GMT).
const NOW = new Date("2030-01-07T10:00:00Z");
const WED = "2030-01-09";
const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", projectType: "mixed" });
const actor = { userId: "u-staff", email: "staff@example.com" };

beforeEach(() => busyTimes.map.clear());

/** A member of staff; their sign-in account's id (which calendars are keyed by) is `user-<name>`. */
async function member(name: string): Promise<string> {
  const id = `user-${name}`;
  const email = `${name.toLowerCase()}@meridian.example`;
  await db.insert(user).values({ id, name, email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  const [row] = await db.insert(adminUsers).values({ userId: id, name, email, role: "admin" }).returning();
  return row.id;
}

async function engineer(name: string, typeIds: string[], form: Record<string, string> = {}): Promise<string> {
  const id = await member(name);
  const weekdays = Object.fromEntries([1, 2, 3, 4, 5].map((d) => [`hours${d}`, "09:00-17:00"]));
  const input = EngineerProfileSchema.parse({ takesConsultations: "on", typeIds, daysOff: "", meetingRoomUrl: "", ...weekdays, ...form });
  await saveEngineerProfile(actor, id, input);
  return id;
}

async function makeType(values: Partial<typeof consultationTypes.$inferInsert> = {}) {
  const [t] = await db.insert(consultationTypes).values({ name: `Type ${randomUUID().slice(0, 6)}`, durationMinutes: 60, ...values }).returning();
  return t;
}

async function makeSlot(startTime: string, values: Partial<typeof consultationAvailability.$inferInsert> = {}) {
  const [h, m] = startTime.split(":").map(Number);
  const endTime = `${String(h + 2).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
  const [s] = await db.insert(consultationAvailability).values({ date: WED, startTime, endTime, maxBookings: 3, ...values }).returning();
  return s;
}

let visitor = 0;
const book = (typeId: string, slotId: string, now = NOW) => {
  visitor += 1;
  return createBooking(
    { typeId, slotId, details: { ...details, email: `jo${visitor}@example.com` } },
    { idempotencyKey: randomUUID(), now, clientIp: `198.51.${Math.floor(visitor / 250)}.${visitor % 250}` },
  );
};

const offered = async (typeId: string, durationMinutes = 60, now = NOW, bookingId?: string) =>
  (await getAvailableSlots({ startDate: "2030-01-07", endDate: "2030-01-13", now, wanted: { typeId, durationMinutes, bookingId } })).map((s) => [
    s.start_time.slice(0, 5),
    s.available_spots,
  ]);

const vevent = (content: string) => new ICAL.Component(ICAL.parse(content));

describe("slots offered once engineers exist", () => {
  it("without engineers, offers the slots' places as before; with them, only times an eligible engineer is free (types nobody takes as before)", async () => {
    const type = await makeType();
    const other = await makeType();
    await makeSlot("08:00");
    await makeSlot("10:00");
    await makeSlot("16:30");
    expect(await offered(type.id)).toEqual([["08:00", 3], ["10:00", 3], ["16:30", 3]]);

    await engineer("Ada", [type.id]);
    await engineer("Brunel", [type.id], { hours3: "12:00-17:00" });
    await engineer("Telford", [other.id]); // takes another type only
    // 08:00 is before anybody's hours; 16:30 runs past 17:00; at 10:00 only Ada works.
    expect(await offered(type.id)).toEqual([["10:00", 1]]);
    // A type nobody takes is still booked on slots and places alone.
    const untaken = await makeType();
    expect(await offered(untaken.id)).toEqual([["08:00", 3], ["10:00", 3], ["16:30", 3]]);
    busyTimes.map.set("user-Ada", {
      busy: [{ start: londonInstant(WED, "10:30"), end: londonInstant(WED, "11:00") }],
      failing: false,
    });
    expect(await offered(type.id)).toEqual([]);
  });

  it("a failing calendar offers nothing of its engineer; a closed bank holiday opens only when staff open it", async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id], { hours1: "09:00-17:00" });
    // Monday 6 May 2030 is the early May bank holiday.
    const now = new Date("2030-04-29T08:00:00Z");
    const [slot] = await db.insert(consultationAvailability).values({ date: "2030-05-06", startTime: "10:00", endTime: "11:00", maxBookings: 1 }).returning();
    const may = async () =>
      (await getAvailableSlots({ startDate: "2030-05-06", endDate: "2030-05-12", now, wanted: { typeId: type.id, durationMinutes: 60 } })).map((s) => s.id);
    expect(await may()).toEqual([]);
    await expect(book(type.id, slot.id, now)).rejects.toMatchObject({ code: "unavailable_slot" });
    const result = await updateSiteSettings(actor, { ...SiteSettingsSchema.parse({}), openedBankHolidays: "2030-05-06" });
    expect(result.ok).toBe(true);
    expect(await may()).toEqual([slot.id]);
    busyTimes.map.set("user-Ada", { busy: [], failing: true });
    expect(await may()).toEqual([]);
    busyTimes.map.clear();
    expect((await book(type.id, slot.id, now)).booking.engineerId).toBe(ada);
  });

  it("a range of days off takes out every day in it, both ends included, and Your account shows it again as a range", async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id], { daysOff: "2030-01-08 to 2030-01-09\n2030-01-11" });
    for (const date of ["2030-01-07", "2030-01-08", "2030-01-09", "2030-01-10", "2030-01-11"]) await makeSlot("10:00", { date });
    const week = async () =>
      (await getAvailableSlots({ startDate: "2030-01-07", endDate: "2030-01-13", now: new Date("2030-01-06T08:00:00Z"), wanted: { typeId: type.id, durationMinutes: 60 } })).map((s) => s.date);
    expect(await week()).toEqual(["2030-01-07", "2030-01-10"]);
    expect((await getEngineerProfile(ada, NOW)).daysOff).toEqual([
      { from: "2030-01-08", to: "2030-01-09" },
      { from: "2030-01-11", to: "2030-01-11" },
    ]);
    // A range that began before today still shows while it lasts; one already over does not.
    expect((await getEngineerProfile(ada, new Date("2030-01-09T12:00:00Z"))).daysOff).toHaveLength(2);
    expect((await getEngineerProfile(ada, new Date("2030-01-10T12:00:00Z"))).daysOff).toEqual([{ from: "2030-01-11", to: "2030-01-11" }]);
  });

  it("keeps buffers, the daily cap, and the type's notice and horizon", async () => {
    const type = await makeType({ bufferBeforeMinutes: 30, bufferAfterMinutes: 30, maxPerEngineerPerDay: 2, minimumNoticeHours: 60 });
    await engineer("Ada", [type.id]);
    const nine = await makeSlot("09:30", { maxBookings: 1 });
    await makeSlot("10:30", { maxBookings: 1 });
    await makeSlot("11:00", { maxBookings: 1 });
    await makeSlot("14:00", { maxBookings: 1 });
    await makeSlot("16:00", { maxBookings: 1 });
    // The type's 60 h notice: Wednesday 10:00 UK is 48 h away; Thursday is not in the test week.
    expect(await offered(type.id)).toEqual([]);
    await db.update(consultationTypes).set({ minimumNoticeHours: 12 }).where(eq(consultationTypes.id, type.id));
    // 16:00 + 60 min + 30 min after runs past 17:00.
    expect(await offered(type.id)).toEqual([["09:30", 1], ["10:30", 1], ["11:00", 1], ["14:00", 1]]);
    await book(type.id, nine.id);
    // 09:30-10:30 booked: 10:30 falls inside its 30 minutes after; 11:00 keeps them (the larger of
    // the two facing buffers, not their sum).
    expect(await offered(type.id)).toEqual([["09:30", 0], ["11:00", 1], ["14:00", 1]]);
    await db.update(consultationTypes).set({ maxPerEngineerPerDay: 1 }).where(eq(consultationTypes.id, type.id));
    expect(await offered(type.id)).toEqual([["09:30", 0]]);
    await db.update(consultationTypes).set({ horizonDays: 1, maxPerEngineerPerDay: null }).where(eq(consultationTypes.id, type.id));
    expect(await offered(type.id)).toEqual([]);
  });
});

describe("assignment", () => {
  it("gives each booking a free engineer by the round robin, caps places by engineers and tells the engineer with their .ics", async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id]);
    const brunel = await engineer("Brunel", [type.id]);
    const early = await makeSlot("14:00", { date: "2030-01-08" });
    const slot = await makeSlot("10:00");
    const first = await book(type.id, early.id); // Tuesday: one of them
    const second = await book(type.id, slot.id); // the other (fewest this week)
    expect(new Set([first.booking.engineerId, second.booking.engineerId])).toEqual(new Set([ada, brunel]));
    const third = await book(type.id, slot.id); // the first one: free at 10:00 on Wednesday
    expect(third.booking.engineerId).toBe(first.booking.engineerId);
    // A place is left at 10:00 but both engineers are taken: refused, and the time is no longer
    // offered; Tuesday 14:00 still has its other engineer.
    await expect(book(type.id, slot.id)).rejects.toMatchObject({ code: "no_engineer" });
    expect(await offered(type.id)).toEqual([["14:00", 1]]);

    const mail = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.engineer_assigned")));
    expect(mail).toHaveLength(3);
    const ics = vevent(mail.find((m) => m.to === "ada@meridian.example")!.attachments![0].content);
    expect(ics.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(String(ics.getFirstSubcomponent("vevent")!.getFirstPropertyValue("organizer")).toLowerCase()).toBe("mailto:ada@meridian.example");
  });

  it(`fifty racers never give one engineer two overlapping consultations (${kind})`, async () => {
    const type = await makeType();
    const ids = [await engineer("Ada", [type.id]), await engineer("Brunel", [type.id]), await engineer("Telford", [type.id])];
    const slots = [await makeSlot("10:00", { maxBookings: 10 }), await makeSlot("10:30", { maxBookings: 10 }), await makeSlot("11:00", { maxBookings: 10 })];
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => book(type.id, slots[i % 3].id)));
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as BookingError).code ?? String(r.reason)] : []));
    expect(refusals.filter((why) => why !== "slot_full" && why !== "no_engineer")).toEqual([]);
    const rows = await db
      .select({ engineerId: consultationBookings.engineerId, start: consultationAvailability.startTime })
      .from(consultationBookings)
      .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId));
    // 60-minute meetings at 10:00, 10:30, 11:00: each engineer can hold 10:00 and 11:00, or 10:30.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(6);
    for (const id of ids) {
      const mine = rows.filter((r) => r.engineerId === id).map((r) => londonInstant(WED, r.start).getTime()).sort();
      for (let i = 1; i < mine.length; i++) expect(mine[i] - mine[i - 1]).toBeGreaterThanOrEqual(60 * 60_000);
    }
    expect(rows.every((r) => r.engineerId)).toBe(true);
  });
});

describe("moves, cancellations and staff", () => {
  it("a move offers only times with a free engineer, keeps the engineer when free, and cancelling frees them", async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id]);
    const ten = await makeSlot("10:00", { maxBookings: 1 });
    const half = await makeSlot("10:30", { maxBookings: 1 });
    const two = await makeSlot("14:00", { maxBookings: 1 });
    const mine = await book(type.id, ten.id);
    // Its own time does not hold its engineer back while it looks for another.
    expect(await offered(type.id, 60, NOW, mine.booking.id)).toEqual([["10:00", 0], ["10:30", 1], ["14:00", 1]]);
    const other = await book(type.id, two.id);
    expect(await offered(type.id, 60, NOW, mine.booking.id)).toEqual([["10:00", 0], ["10:30", 1], ["14:00", 0]]);

    const refused = await rescheduleBookingByToken(other.manageToken!, half.id, { now: NOW, clientIp: "203.0.113.9" });
    expect(refused).toMatchObject({ ok: false, reason: "no_engineer" });
    const moved = await rescheduleBookingByToken(mine.manageToken!, half.id, { now: NOW, clientIp: "203.0.113.9" });
    expect(moved.ok).toBe(true);
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, mine.booking.id));
    expect(row).toMatchObject({ engineerId: ada, availabilityId: half.id });

    const cancelled = await cancelBookingByToken(other.manageToken!, { now: NOW });
    expect(cancelled.ok).toBe(true);
    const cancel = (await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.engineer_cancelled"))))[0];
    const ics = vevent(cancel.attachments![0].content);
    expect(ics.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(ics.getFirstSubcomponent("vevent")!.getFirstPropertyValue("uid")).toBe(`booking-${other.booking.id}@localhost`);
    // 10:00 would overlap the moved booking (10:30-11:30); 14:00 is free again.
    expect(await offered(type.id)).toEqual([["10:30", 0], ["14:00", 1]]);
  });

  it("staff confirm (the meeting link is made) and reassign to someone free; both engineers are told", async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id]);
    const brunel = await engineer("Brunel", [type.id], { meetingRoomUrl: "https://teams.example.com/l/brunel" });
    const slot = await makeSlot("10:00");
    const made = await book(type.id, slot.id);
    const first = made.booking.engineerId!;
    const confirmed = await updateBookingByAdmin(actor, made.booking.id, { status: "confirmed", meetingLink: "" });
    expect(confirmed.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    const other = first === ada ? brunel : ada;

    await updateSiteSettings(actor, { ...SiteSettingsSchema.parse({}), meetingLinks: "personal_room" });
    const moved = await reassignBooking(actor, made.booking.id, other);
    expect(moved.engineerId).toBe(other);
    const kinds = (await db.select().from(emailOutbox)).map((m) => `${m.kind}:${m.to}`);
    expect(kinds).toContain(`booking.engineer_cancelled:${first === ada ? "ada" : "brunel"}@meridian.example`);
    expect(kinds).toContain(`booking.engineer_assigned:${other === ada ? "ada" : "brunel"}@meridian.example`);
    if (other === brunel) expect(moved.meetingLink).toBe("https://teams.example.com/l/brunel");

    // Nobody else is free once the other holds 10:00 too.
    const second = await book(type.id, slot.id);
    expect(second.booking.engineerId).toBe(first);
    await expect(reassignBooking(actor, second.booking.id, other)).rejects.toMatchObject({ code: "no_engineer" });
  });

  it("the reassign picker lists only the engineers free at the booking's time, and giving it to anyone else is refused", async () => {
    const type = await makeType({ maxPerEngineerPerDay: 1 });
    const other = await makeType();
    const ada = await engineer("Ada", [type.id]);
    const brunel = await engineer("Brunel", [type.id]);
    const cole = await engineer("Cole", [other.id]); // another type only
    await engineer("Dee", [type.id], { hours3: "12:00-17:00" }); // not working at 10:00
    await engineer("Eve", [type.id], { daysOff: WED }); // a day off
    const fay = await engineer("Fay", [type.id]); // busy in her calendar
    const gus = await engineer("Gus", [type.id]); // a booking overlapping
    const hal = await engineer("Hal", [type.id]); // at the daily cap
    busyTimes.map.set("user-Fay", { busy: [{ start: londonInstant(WED, "10:45"), end: londonInstant(WED, "11:15") }], failing: false });
    const ten = await makeSlot("10:00");
    const hold = async (slotId: string, engineerId: string) => {
      const [row] = await db
        .insert(consultationBookings)
        .values({ availabilityId: slotId, name: "Held", email: `held-${randomUUID().slice(0, 6)}@example.com`, consultationType: type.name, consultationTypeId: type.id, durationMinutes: 60, status: "confirmed", engineerId })
        .returning();
      return row;
    };
    const booking = await hold(ten.id, ada);
    await hold((await makeSlot("10:30")).id, gus);
    await hold((await makeSlot("15:00")).id, hal);
    const cancelled = await hold((await makeSlot("10:15")).id, brunel);
    await db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, cancelled.id));

    const names = async (id: string) => {
      const [view] = await withReassignOptions([(await getBooking(id))!]);
      return view.reassignTo.map((e) => e.name);
    };
    // Ada holds it; of the others only Brunel is free (his cancelled booking holds nothing).
    expect(await names(booking.id)).toEqual(["Brunel"]);
    // A booking that holds no place is given to nobody.
    expect(await names(cancelled.id)).toEqual([]);

    // Anyone not listed is refused with the reason, and nothing changes.
    for (const [id, message] of [
      [cole, /does not take this consultation type/],
      [fay, /no longer free at this booking's time/],
      [gus, /no longer free at this booking's time/],
      [hal, /no longer free at this booking's time/],
    ] as const) {
      await expect(reassignBooking(actor, booking.id, id)).rejects.toMatchObject({ code: "no_engineer", status: 409, message: expect.stringMatching(message) });
    }
    expect((await getBooking(booking.id))!.engineerId).toBe(ada);

    // Given to Brunel, Ada is free to take it back and Brunel is no longer listed.
    expect((await reassignBooking(actor, booking.id, brunel)).engineerId).toBe(brunel);
    expect(await names(booking.id)).toEqual(["Ada"]);
  });

  it(`two staff giving two bookings at one time to the one free engineer: one is refused (${kind})`, async () => {
    const type = await makeType();
    const ada = await engineer("Ada", [type.id]);
    const brunel = await engineer("Brunel", [type.id]);
    const slot = await makeSlot("10:00");
    const first = await book(type.id, slot.id);
    const second = await book(type.id, slot.id);
    expect(new Set([first.booking.engineerId, second.booking.engineerId])).toEqual(new Set([ada, brunel]));
    const cole = await engineer("Cole", [type.id]);
    const results = await Promise.allSettled([reassignBooking(actor, first.booking.id, cole), reassignBooking(actor, second.booking.id, cole)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "no_engineer", status: 409 });
    const rows = await db.select({ engineerId: consultationBookings.engineerId }).from(consultationBookings);
    expect(rows.filter((r) => r.engineerId === cole)).toHaveLength(1);
  });
});
