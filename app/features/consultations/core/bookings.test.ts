import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookingManageTokens, consultationBookings, consultationTypes, emailOutbox, auditLog } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { BookingError } from "./booking-errors.server";
import { cancelBookingByToken, getBookingByToken, createBooking } from "../wizard/index.server";
import { hashToken, holdsPlace } from "./booking-core.server";
import { updateBookingByAdmin } from "../bookings/index.server";
import { queueDueReminders } from "../mail/index.server";
import { BookingDetailsSchema } from "./schema";
import { getAvailableSlots } from "../availability/index.server";

const { kind } = setupTestDatabase();

// Monday 7 January 2030, 10:00 UK (GMT).
const NOW = new Date("2030-01-07T10:00:00Z");
const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", phone: "", projectType: "mixed" });
const staff = { userId: "u1", email: "staff@example.com" };

async function makeType(isActive = true) {
  const [t] = await db
    .insert(consultationTypes)
    .values({ name: `Type ${randomUUID().slice(0, 6)}`, durationMinutes: 45, isActive })
    .returning();
  return t;
}

async function makeSlot(values: Partial<typeof consultationAvailability.$inferInsert> = {}) {
  const [s] = await db
    .insert(consultationAvailability)
    .values({ date: "2030-01-10", startTime: "09:00", endTime: "10:00", maxBookings: 1, ...values })
    .returning();
  return s;
}

async function slotCount(id: string) {
  const [s] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, id));
  return s.currentBookings;
}

/** current_bookings equals the number of place-holding bookings, for every slot. */
async function expectInvariant() {
  const slots = await db.select().from(consultationAvailability);
  const bookings = await db.select().from(consultationBookings);
  for (const s of slots) {
    const holding = bookings.filter((b) => b.availabilityId === s.id && holdsPlace(b.status)).length;
    expect(s.currentBookings, `slot ${s.date} ${s.startTime}`).toBe(holding);
  }
}

let visitor = 0;
/** A booking by a new visitor each time (own e-mail and address, so no abuse limit applies). */
const book = (typeId: string, slotId: string, key = randomUUID(), now = NOW) => {
  visitor += 1;
  return createBooking(
    { typeId, slotId, details: { ...details, email: `jo${visitor}@example.com` } },
    { idempotencyKey: key, now, clientIp: `198.51.${Math.floor(visitor / 250)}.${visitor % 250}` },
  );
};

describe("available slots", () => {
  it("offers available slots of the window, hides past/notice/unavailable ones, shows full ones with 0", async () => {
    await makeSlot({ date: "2030-01-08", startTime: "09:00", endTime: "10:00" }); // 23 h away: inside notice
    const ok = await makeSlot({ date: "2030-01-08", startTime: "10:00", endTime: "11:00", maxBookings: 3, currentBookings: 1 });
    const full = await makeSlot({ date: "2030-01-09", startTime: "10:00", endTime: "11:00", maxBookings: 2, currentBookings: 2 });
    await makeSlot({ date: "2030-01-09", startTime: "12:00", endTime: "13:00", isAvailable: false });
    await makeSlot({ date: "2030-01-20", startTime: "12:00", endTime: "13:00" }); // outside the window
    const slots = await getAvailableSlots({ startDate: "2030-01-07", endDate: "2030-01-13", now: NOW });
    expect(slots.map((s) => [s.id, s.available_spots])).toEqual([
      [ok.id, 2],
      [full.id, 0],
    ]);
    expect(slots[0]).toMatchObject({ date: "2030-01-08", start_time: "10:00:00", end_time: "11:00:00" });
  });
});

describe("createBooking", () => {
  it("stores a pending booking, takes a place, hashes the token and queues the mail", async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 2 });
    const result = await book(type.id, slot.id);
    expect(result.created).toBe(true);
    expect(result.booking).toMatchObject({ status: "pending", consultationType: type.name, phone: null, projectType: "mixed" });
    expect(result.manageToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const links = await db.select().from(consultationBookingManageTokens);
    expect(links).toEqual([expect.objectContaining({ bookingId: result.booking.id, tokenHash: hashToken(result.manageToken!) })]);
    expect(JSON.stringify(links)).not.toContain(result.manageToken);
    expect(await slotCount(slot.id)).toBe(1);

    const mail = await opened(db.select().from(emailOutbox));
    const confirmation = mail.find((m) => m.kind === "booking.confirmation")!;
    expect(confirmation.to).toBe(result.booking.email);
    expect(confirmation.text).toContain(`/book-consultation/manage/${result.manageToken}`);
    expect(confirmation.text).toContain("09:00 UK time (GMT)");
    const ics = new ICAL.Component(ICAL.parse(confirmation.attachments![0].content));
    expect(ics.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(new ICAL.Event(ics.getFirstSubcomponent("vevent")!).startDate.toJSDate().toISOString()).toBe("2030-01-10T09:00:00.000Z");
    expect(mail.filter((m) => m.kind === "booking.staff_notification")).toHaveLength(1);
    expect(await getBookingByToken(result.manageToken!)).toMatchObject({ status: "pending", date: "2030-01-10" });
  });

  it("makes one booking for a repeated idempotency key, even when the slot is full by then", async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 1 });
    const key = randomUUID();
    const [a, b] = await Promise.all([book(type.id, slot.id, key), book(type.id, slot.id, key)]);
    const c = await book(type.id, slot.id, key);
    expect(new Set([a.booking.id, b.booking.id, c.booking.id]).size).toBe(1);
    expect([a.created, b.created, c.created].filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(consultationBookings)).toHaveLength(1);
    expect(await db.select().from(emailOutbox)).toHaveLength(2);
    expect(await slotCount(slot.id)).toBe(1);
  });

  it("refuses full, past, inside-notice, unavailable and unknown slots and inactive types, storing nothing", async () => {
    const type = await makeType();
    // Each booking starts only when its turn comes, so no refusal is left unhandled meanwhile.
    const cases: [() => Promise<unknown>, string][] = [
      [async () => book(type.id, (await makeSlot({ startTime: "11:00", endTime: "12:00", maxBookings: 1, currentBookings: 1 })).id), "slot_full"],
      [async () => book(type.id, (await makeSlot({ date: "2030-01-06" })).id), "past_slot"],
      [async () => book(type.id, (await makeSlot({ date: "2030-01-08", startTime: "08:00", endTime: "09:00" })).id), "inside_notice"],
      [async () => book(type.id, (await makeSlot({ startTime: "13:00", endTime: "14:00", isAvailable: false })).id), "unavailable_slot"],
      [async () => book(type.id, randomUUID()), "unknown_slot"],
      [async () => book((await makeType(false)).id, (await makeSlot({ startTime: "15:00", endTime: "16:00" })).id), "inactive_type"],
      [async () => book(randomUUID(), (await makeSlot({ startTime: "16:00", endTime: "17:00" })).id), "unknown_type"],
    ];
    for (const [attempt, code] of cases) {
      const error = await attempt().then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(BookingError);
      expect((error as BookingError).code).toBe(code);
      expect((error as BookingError).status).toBeGreaterThanOrEqual(400);
      expect((error as BookingError).status).toBeLessThan(500);
    }
    expect(await db.select().from(consultationBookings)).toHaveLength(0);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
    expect((await db.select().from(consultationAvailability)).map((s) => s.currentBookings).sort()).toEqual([0, 0, 0, 0, 0, 1]);
  });

  it("rejects a bad e-mail and oversized fields in the details schema", () => {
    expect(BookingDetailsSchema.safeParse({ name: "A", email: "not-an-email" }).success).toBe(false);
    expect(BookingDetailsSchema.safeParse({ name: "x".repeat(121), email: "a@b.co" }).success).toBe(false);
    expect(BookingDetailsSchema.safeParse({ name: "A", email: "a@b.co", projectDescription: "x".repeat(4001) }).success).toBe(false);
    expect(BookingDetailsSchema.safeParse({ name: "A", email: "a@b.co", projectType: "other" }).success).toBe(false);
    expect(BookingDetailsSchema.parse({ name: " A ", email: "a@b.co", companyName: "  ", timeline: "" })).toMatchObject({
      name: "A",
      companyName: null,
      timeline: null,
      projectType: null,
    });
  });

  it(`never overbooks: 50 simultaneous bookings for 3 places make exactly 3 (${kind})`, async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 3 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => book(type.id, slot.id)));
    const made = results.filter((r) => r.status === "fulfilled");
    expect(made).toHaveLength(3);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as BookingError).code).toBe("slot_full");
    }
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(consultationBookings)
      .where(eq(consultationBookings.availabilityId, slot.id));
    expect(count).toBe(3);
    expect(await slotCount(slot.id)).toBe(3);
  });
});

describe("cancelBookingByToken", () => {
  it("cancels once, frees the place and mails a METHOD:CANCEL with a higher SEQUENCE", async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 1 });
    const { manageToken } = await book(type.id, slot.id);
    const result = await cancelBookingByToken(manageToken!, { now: NOW });
    expect(result.ok).toBe(true);
    expect(await slotCount(slot.id)).toBe(0);
    const [cancel] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.cancellation")));
    const ics = new ICAL.Component(ICAL.parse(cancel.attachments![0].content));
    expect(ics.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(ics.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(1);
    expect(await cancelBookingByToken(manageToken!, { now: NOW })).toEqual({ ok: false, reason: "already_cancelled" });
    expect(await cancelBookingByToken("wrong-token", { now: NOW })).toEqual({ ok: false, reason: "not_found" });
    expect(await db.select().from(auditLog)).toHaveLength(1);
    // The freed place can be booked again.
    expect((await book(type.id, slot.id)).created).toBe(true);
    await expectInvariant();
  });
});

describe("updateBookingByAdmin", () => {
  it("keeps current_bookings equal to place-holding bookings through cancel, reschedule and un-cancel", async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 2 });
    const a = (await book(type.id, slot.id)).booking;
    const b = (await book(type.id, slot.id)).booking;
    expect(await slotCount(slot.id)).toBe(2);

    await updateBookingByAdmin(staff, a.id, { status: "cancelled" });
    expect(await slotCount(slot.id)).toBe(1);
    await updateBookingByAdmin(staff, b.id, { status: "rescheduled" });
    expect(await slotCount(slot.id)).toBe(0);
    await updateBookingByAdmin(staff, a.id, { status: "pending" });
    expect(await slotCount(slot.id)).toBe(1);
    await updateBookingByAdmin(staff, a.id, { status: "no_show" });
    await updateBookingByAdmin(staff, a.id, { status: "completed" });
    expect(await slotCount(slot.id)).toBe(1);
    await expectInvariant();

    // Fill the slot again, then try to restore the rescheduled one: no place left.
    await book(type.id, slot.id);
    const error = await updateBookingByAdmin(staff, b.id, { status: "confirmed" }).catch((e: unknown) => e);
    expect((error as BookingError).code).toBe("slot_full");
    expect((await db.select().from(consultationBookings).where(eq(consultationBookings.id, b.id)))[0].status).toBe("rescheduled");
    await expectInvariant();
    expect((await db.select().from(auditLog)).length).toBe(5);
  });

  it("mails the visitor when confirmed with the link, cancelled and rescheduled, raising SEQUENCE", async () => {
    const type = await makeType();
    const slot = await makeSlot({ maxBookings: 3 });
    const a = (await book(type.id, slot.id)).booking;
    await db.delete(emailOutbox);

    await updateBookingByAdmin(staff, a.id, { status: "confirmed", meetingLink: "https://meet.example.com/x", meetingNotes: "Bring drawings" });
    await updateBookingByAdmin(staff, a.id, { status: "confirmed", meetingNotes: "Only notes changed" }); // no mail
    await updateBookingByAdmin(staff, a.id, { status: "rescheduled" });
    await updateBookingByAdmin(staff, a.id, { status: "pending" });
    await updateBookingByAdmin(staff, a.id, { status: "cancelled" });
    const mail = await opened(db.select().from(emailOutbox).orderBy(emailOutbox.createdAt));
    expect(mail.map((m) => m.kind).sort()).toEqual(["booking.cancellation", "booking.confirmed", "booking.rescheduled"]);
    const confirmed = mail.find((m) => m.kind === "booking.confirmed")!;
    expect(confirmed.text).toContain("https://meet.example.com/x");
    const event = new ICAL.Component(ICAL.parse(confirmed.attachments![0].content)).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(event.getFirstPropertyValue("location")).toBe("https://meet.example.com/x");
    const cancelled = new ICAL.Component(ICAL.parse(mail.find((m) => m.kind === "booking.cancellation")!.attachments![0].content));
    expect(cancelled.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(3);
    await expectInvariant();
  });
});

describe("the visitor's manage links after staff confirm", () => {
  /** The manage token in a message's text (`/book-consultation/manage/<token>`). */
  const manageTokenIn = (text: string) => /\/book-consultation\/manage\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

  it("the confirmation by staff carries a manage link of its own; the booking's first link keeps working", async () => {
    const type = await makeType();
    const slot = await makeSlot();
    const made = await book(type.id, slot.id);
    await updateBookingByAdmin(staff, made.booking.id, { status: "confirmed", meetingLink: "https://meet.example.com/j/42" });
    const [confirmed] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmed")));
    const token = manageTokenIn(confirmed!.text);
    expect(token).not.toBeNull();
    expect(token).not.toBe(made.manageToken);
    expect(confirmed!.html).toContain(`>Manage your booking</a>`);
    expect(confirmed!.html).toContain(">Join meeting</a>");
    // Both links open the booking: confirmed, with its meeting link, ending at its own length (45 minutes).
    for (const t of [token!, made.manageToken!]) {
      expect(await getBookingByToken(t)).toMatchObject({ id: made.booking.id, status: "confirmed", meetingLink: "https://meet.example.com/j/42", startTime: "09:00:00", endTime: "09:45:00" });
    }
    // Only the hashes are stored.
    expect(JSON.stringify(await db.select().from(consultationBookingManageTokens))).not.toContain(token!);
  });

  it("without a meeting link the manage link is the message's button; the manage view shows no link unless confirmed", async () => {
    const type = await makeType();
    const slot = await makeSlot();
    const made = await book(type.id, slot.id);
    await db.update(consultationBookings).set({ meetingLink: "https://meet.example.com/early" });
    // Pending with a link set: the visitor does not see it yet.
    expect((await getBookingByToken(made.manageToken!))?.meetingLink).toBeNull();
    await updateBookingByAdmin(staff, made.booking.id, { status: "confirmed", meetingLink: "" });
    const [confirmed] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmed")));
    expect(confirmed!.text).toMatch(/Manage your booking: http:\/\/localhost:3000\/book-consultation\/manage\/[A-Za-z0-9_-]{40,}/);
    expect(confirmed!.text).not.toContain("Join meeting");
    expect((await getBookingByToken(made.manageToken!))?.meetingLink).toBeNull();
    await updateBookingByAdmin(staff, made.booking.id, { status: "completed", meetingLink: "https://meet.example.com/late" });
    expect((await getBookingByToken(made.manageToken!))?.meetingLink).toBeNull();
  });
});

describe("reminders", () => {
  it("queues one reminder per booking starting within 24 hours, exactly once, never after cancellation", async () => {
    const type = await makeType();
    const soon = await makeSlot({ date: "2030-01-10", startTime: "09:00", endTime: "10:00", maxBookings: 3 });
    const later = await makeSlot({ date: "2030-01-12", startTime: "09:00", endTime: "10:00" });
    const bookedA = await book(type.id, soon.id);
    const a = bookedA.booking;
    const cancelled = await book(type.id, soon.id);
    await book(type.id, later.id);
    await cancelBookingByToken(cancelled.manageToken!, { now: NOW });

    const at = new Date("2030-01-09T10:00:00Z"); // 23 h before the 10th at 09:00
    expect(await queueDueReminders(at)).toBe(1);
    expect(await queueDueReminders(at)).toBe(0);
    expect(await queueDueReminders(new Date("2030-01-09T11:00:00Z"))).toBe(0);
    const reminders = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.reminder")));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].dedupeKey).toBe(`reminder:${a.id}:2030-01-10T09:00:00`);
    expect(reminders[0].text).toContain("09:00 UK time (GMT)");
    expect(reminders[0].text).toContain("reschedule or cancel the booking from the link below");
    expect(reminders[0].text).not.toContain("confirmation e-mail");
    // Its own manage link opens this booking; the confirmation's link still works too.
    const link = /\/book-consultation\/manage\/([A-Za-z0-9_-]+)/.exec(reminders[0].text)?.[1];
    expect(link).toBeTruthy();
    expect(link).not.toBe(bookedA.manageToken);
    expect(await getBookingByToken(link!)).toMatchObject({ id: a.id, status: "pending" });
    expect(await getBookingByToken(bookedA.manageToken!)).toMatchObject({ id: a.id, status: "pending" });
  });

  it("withdraws a queued reminder when the booking is cancelled before it is sent", async () => {
    const type = await makeType();
    const slot = await makeSlot({ date: "2030-01-10" });
    const { manageToken, booking } = await book(type.id, slot.id);
    expect(await queueDueReminders(new Date("2030-01-09T10:00:00Z"))).toBe(1);
    await cancelBookingByToken(manageToken!, { now: new Date("2030-01-09T10:05:00Z") });
    const [reminder] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `reminder:${booking.id}:2030-01-10T09:00:00`)));
    expect(reminder.status).toBe("failed");
  });
});

describe("invitations the calendar library refuses", () => {
  it("books and mails the confirmation without the .ics when the stored address is refused by ics", async () => {
    const type = await makeType();
    const slot = await makeSlot();
    const legacy = { ...details, email: "jo@example-.com" }; // accepted by z.email(), refused by ics
    const { created, booking } = await createBooking({ typeId: type.id, slotId: slot.id, details: legacy }, { idempotencyKey: randomUUID(), now: NOW, clientIp: "203.0.113.1" });
    expect(created).toBe(true);
    expect(await slotCount(slot.id)).toBe(1);
    const [confirmation] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmation")));
    expect(confirmation).toMatchObject({ to: "jo@example-.com", attachments: [] });

    const updated = await updateBookingByAdmin(staff, booking.id, { status: "confirmed", meetingLink: "https://Meet.example.com/j/1" });
    expect(updated.status).toBe("confirmed");
    const [confirmed] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmed")));
    expect(confirmed!.attachments).toEqual([]);
    expect(confirmed!.text).toContain("https://Meet.example.com/j/1");
    await expectInvariant();
  });
});
