/**
 * Rescheduling: the visitor moves a booking from the manage link, invitations tell the truth, and
 * the reminder follows the booking's time and stored duration. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings, consultationTypes, emailOutbox } from "~/db/schema";
import { opened } from "~/features/mail/test-factories";
import { LIMITS } from "~/features/abuse/limits.server";
import * as manageBooking from "~/routes/public/manage-booking";
import { outcome, TEST_ORIGIN } from "../../../../tests/setup/admin-session";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { cancelBookingByToken, getBookingByToken, rescheduleBookingByToken } from "./booking-manage.server";
import { createBooking } from "./booking-create.server";
import { holdsPlace, BookingDetailsSchema } from "../core/index.server";
import { updateBookingByAdmin } from "../bookings/index.server";
import { queueDueReminders } from "../mail/index.server";
import { formatLongDate } from "~/utils/format";
import { addDays, londonToday } from "~/utils/time";

const { kind } = setupTestDatabase();

// Monday 7 January 2030, 10:00 UK (GMT).
const NOW = new Date("2030-01-07T10:00:00Z");
const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", companyName: "Bloggs Ltd" });
const staff = { userId: "u1", email: "staff@example.com" };
/** The visitor's address for reschedules (the limits per client are tested on their own). */
const IP = "203.0.113.7";

async function makeType(durationMinutes = 45) {
  const [t] = await db.insert(consultationTypes).values({ name: `Type ${randomUUID().slice(0, 6)}`, durationMinutes }).returning();
  return t;
}

let hour = 8;
async function makeSlot(values: Partial<typeof consultationAvailability.$inferInsert> = {}) {
  hour = hour >= 20 ? 8 : hour + 1;
  const start = `${String(hour).padStart(2, "0")}:00`;
  const end = `${String(hour + 1).padStart(2, "0")}:00`;
  const [s] = await db
    .insert(consultationAvailability)
    .values({ date: "2030-01-10", startTime: start, endTime: end, maxBookings: 1, ...values })
    .returning();
  return s;
}

let visitor = 0;
/** Books as a new visitor (own address and e-mail), so the abuse limits never interfere. */
const book = async (typeId: string, slotId: string) => {
  visitor += 1;
  const r = await createBooking(
    { typeId, slotId, details: { ...details, email: `jo${visitor}@example.com` } },
    { idempotencyKey: randomUUID(), now: NOW, clientIp: `10.9.${Math.floor(visitor / 200)}.${visitor % 200}` },
  );
  return { booking: r.booking, token: r.manageToken! };
};

/** Everything a reschedule could change, to prove a refusal changed nothing. */
async function snapshot() {
  return {
    slots: await db.select().from(consultationAvailability).orderBy(consultationAvailability.id),
    bookings: await db.select().from(consultationBookings).orderBy(consultationBookings.id),
    mail: (await db.select().from(emailOutbox)).length,
    audit: (await db.select().from(auditLog)).length,
  };
}

async function expectInvariant() {
  const slots = await db.select().from(consultationAvailability);
  const bookings = await db.select().from(consultationBookings);
  for (const s of slots) {
    expect(s.currentBookings, `slot ${s.date} ${s.startTime}`).toBe(bookings.filter((b) => b.availabilityId === s.id && holdsPlace(b.status)).length);
  }
}

const vevent = (content: string) => new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent("vevent")!;

describe("rescheduleBookingByToken", () => {
  it("moves exactly one place, back to pending without the meeting link, with a TENTATIVE update (same UID, higher SEQUENCE)", async () => {
    const type = await makeType();
    const from = await makeSlot({ maxBookings: 2 });
    const to = await makeSlot({ date: "2030-01-11", maxBookings: 2 });
    const { booking, token } = await book(type.id, from.id);
    await book(type.id, from.id);
    await updateBookingByAdmin(staff, booking.id, { status: "confirmed", meetingLink: "https://meet.example.com/abc" });
    const first = vevent((await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmation"))))[0].attachments![0].content);
    expect(first.getFirstPropertyValue("status")).toBe("TENTATIVE");
    await db.delete(emailOutbox);

    const result = await rescheduleBookingByToken(token, to.id, { now: NOW, clientIp: IP });
    expect(result.ok).toBe(true);
    const counts = Object.fromEntries((await db.select().from(consultationAvailability)).map((s) => [s.id, s.currentBookings]));
    expect(counts).toEqual({ [from.id]: 1, [to.id]: 1 });
    await expectInvariant();
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row).toMatchObject({ availabilityId: to.id, status: "pending", meetingLink: null, icsSequence: 2 });
    expect(await getBookingByToken(token)).toMatchObject({ date: "2030-01-11", status: "pending", durationMinutes: 45 });

    const mail = await opened(db.select().from(emailOutbox));
    const visitor = mail.find((m) => m.kind === "booking.visitor_rescheduled")!;
    expect(visitor.to).toMatch(/^jo\d+@example\.com$/);
    expect(visitor.text).toContain(`/book-consultation/manage/${token}`);
    expect(visitor.text).toContain(formatLongDate("2030-01-10"));
    expect(visitor.text).toContain(formatLongDate("2030-01-11"));
    const event = vevent(visitor.attachments![0].content);
    expect(event.getFirstPropertyValue("uid")).toBe(first.getFirstPropertyValue("uid"));
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    expect(event.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.getFirstPropertyValue("location")).toBeNull();
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe(`2030-01-11T${to.startTime}.000Z`);
    expect(mail.filter((m) => m.kind === "booking.staff_rescheduled")).toHaveLength(1);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "booking.rescheduled_by_visitor"));
    expect(audit.details).toMatchObject({ fromSlot: from.id, toSlot: to.id });
  });

  it("refuses cancelled, started, same-slot, full, past, inside-notice, outside-window, unavailable and unknown targets, changing nothing", async () => {
    const type = await makeType();
    const home = await makeSlot({ maxBookings: 3 });
    const open = await makeSlot({ date: "2030-01-14" });
    const { token } = await book(type.id, home.id);
    const { token: cancelledToken } = await book(type.id, home.id);
    await cancelBookingByToken(cancelledToken, { now: NOW });
    const full = await makeSlot({ date: "2030-01-11", maxBookings: 1, currentBookings: 1 });
    const past = await makeSlot({ date: "2030-01-06" });
    const soon = await makeSlot({ date: "2030-01-08", startTime: "08:00", endTime: "09:00" });
    const far = await makeSlot({ date: "2030-06-03" });
    const closed = await makeSlot({ date: "2030-01-11", isAvailable: false });
    const before = await snapshot();

    const cases: [Promise<Awaited<ReturnType<typeof rescheduleBookingByToken>>>, string, boolean][] = [
      [rescheduleBookingByToken(cancelledToken, open.id, { now: NOW, clientIp: IP }), "already_cancelled", false],
      [rescheduleBookingByToken(token, open.id, { now: new Date(`2030-01-10T${home.startTime}.000Z`), clientIp: IP }), "started", false],
      [rescheduleBookingByToken(token, home.id, { now: NOW, clientIp: IP }), "same_slot", false],
      [rescheduleBookingByToken(token, full.id, { now: NOW, clientIp: IP }), "slot_full", true],
      [rescheduleBookingByToken(token, past.id, { now: NOW, clientIp: IP }), "past_slot", true],
      [rescheduleBookingByToken(token, soon.id, { now: NOW, clientIp: IP }), "inside_notice", true],
      [rescheduleBookingByToken(token, far.id, { now: NOW, clientIp: IP }), "outside_window", true],
      [rescheduleBookingByToken(token, closed.id, { now: NOW, clientIp: IP }), "unavailable_slot", true],
      [rescheduleBookingByToken(token, randomUUID(), { now: NOW, clientIp: IP }), "unknown_slot", true],
      [rescheduleBookingByToken(token, "not-a-uuid", { now: NOW, clientIp: IP }), "unknown_slot", true],
      [rescheduleBookingByToken("wrong-token", open.id, { now: NOW, clientIp: IP }), "not_found", false],
    ];
    for (const [attempt, reason, slotProblem] of cases) {
      const result = await attempt;
      expect(result).toMatchObject({ ok: false, reason, slotProblem });
      expect(result.ok ? "" : result.message).toMatch(/\.$/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`30 visitors racing into a slot with 2 places: exactly 2 move (${kind})`, async () => {
    const type = await makeType();
    const target = await makeSlot({ date: "2030-01-15", maxBookings: 2 });
    const visitors = [];
    for (let i = 0; i < 3; i++) {
      const slot = await makeSlot({ date: "2030-01-14", maxBookings: 10 });
      for (let j = 0; j < 10; j++) visitors.push(await book(type.id, slot.id));
    }
    const results = await Promise.all(visitors.map((v, i) => rescheduleBookingByToken(v.token, target.id, { now: NOW, clientIp: `203.0.113.${i + 1}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "slot_full")).toBe(true);
    const [after] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, target.id));
    expect(after.currentBookings).toBe(2);
    expect(await db.select().from(consultationBookings).where(eq(consultationBookings.availabilityId, target.id))).toHaveLength(2);
    await expectInvariant();
  });

  it("makes the 24-hour reminder follow the new time: a queued one is withdrawn, the next goes before the new time", async () => {
    const type = await makeType();
    const from = await makeSlot({ date: "2030-01-10", startTime: "09:00", endTime: "10:00" });
    const to = await makeSlot({ date: "2030-01-12", startTime: "09:00", endTime: "10:00" });
    const { booking, token } = await book(type.id, from.id);
    expect(await queueDueReminders(new Date("2030-01-09T10:00:00Z"))).toBe(1);

    expect((await rescheduleBookingByToken(token, to.id, { now: new Date("2030-01-09T10:01:00Z"), clientIp: IP })).ok).toBe(true);
    const [old] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `reminder:${booking.id}:2030-01-10T09:00:00`)));
    expect(old.status).toBe("failed");
    expect(await queueDueReminders(new Date("2030-01-09T10:05:00Z"))).toBe(0);
    expect(await queueDueReminders(new Date("2030-01-11T10:00:00Z"))).toBe(1);
    const [next] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `reminder:${booking.id}:2030-01-12T09:00:00`)));
    expect(next.status).toBe("pending");
    expect(next.text).toContain(formatLongDate("2030-01-12"));
  });
});

describe("invitations and reminders tell the truth", () => {
  it("CONFIRMED once staff confirm; UID host from PUBLIC_URL without the port; organizer is the From address", async () => {
    const type = await makeType();
    const slot = await makeSlot();
    const { booking } = await book(type.id, slot.id);
    await updateBookingByAdmin(staff, booking.id, { status: "confirmed" });
    const [confirmed] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.confirmed")));
    const event = vevent(confirmed.attachments![0].content);
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.getFirstPropertyValue("uid")).toBe(`booking-${booking.id}@localhost`); // PUBLIC_URL http://localhost:3000
    expect(String(event.getFirstPropertyValue("organizer")).toLowerCase()).toBe("mailto:hello@meridian-engineering.example"); // MAIL_FROM
  });

  it("a reminder for a booking whose type was deleted uses the booking's stored duration", async () => {
    const type = await makeType(45);
    const slot = await makeSlot({ date: "2030-01-10", startTime: "09:00", endTime: "10:00" });
    const { booking } = await book(type.id, slot.id);
    expect(booking.durationMinutes).toBe(45);
    await db.delete(consultationTypes).where(eq(consultationTypes.id, type.id));
    expect(await queueDueReminders(new Date("2030-01-09T10:00:00Z"))).toBe(1);
    const [reminder] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.kind, "booking.reminder")));
    expect(reminder.text).toContain("45 minutes");
  });
});

describe("reschedule rate limits (the manage link is a public write path)", () => {
  it(`a booking moves at most ${LIMITS.reschedulePerBooking.max} times an hour; the refusal changes nothing; the next hour it moves again`, async () => {
    const type = await makeType();
    const a = await makeSlot({ date: "2030-01-14", maxBookings: 2 });
    const b = await makeSlot({ date: "2030-01-15", maxBookings: 2 });
    const { token } = await book(type.id, a.id);
    for (let i = 0; i < LIMITS.reschedulePerBooking.max; i++) {
      const r = await rescheduleBookingByToken(token, i % 2 === 0 ? b.id : a.id, { now: NOW, clientIp: `203.0.113.${i + 20}` });
      expect(r.ok).toBe(true);
    }
    const before = await snapshot();
    const next = LIMITS.reschedulePerBooking.max % 2 === 0 ? b.id : a.id;
    const refused = await rescheduleBookingByToken(token, next, { now: NOW, clientIp: "203.0.113.99" });
    expect(refused).toMatchObject({ ok: false, reason: "reschedule_booking_limit", slotProblem: false });
    expect(refused.ok ? "" : refused.message).toBe("This booking has been moved several times in the last hour. Please try again later or contact us directly.");
    expect(await snapshot()).toEqual(before);

    // The next hour's window lets it move again.
    const later = new Date(NOW.getTime() + 60 * 60_000);
    expect((await rescheduleBookingByToken(token, next, { now: later, clientIp: "203.0.113.99" })).ok).toBe(true);
  });

  it(`a client moves at most ${LIMITS.reschedulePerClient.max} bookings an hour; another client is not held back`, async () => {
    const type = await makeType();
    const max = LIMITS.reschedulePerClient.max;
    // Slots hold at most 10 places: spread the bookings over enough of them.
    const slots = async (date: string) => Promise.all(Array.from({ length: Math.ceil((max + 2) / 10) }, () => makeSlot({ date, maxBookings: 10 })));
    const froms = await slots("2030-01-14");
    const tos = await slots("2030-01-15");
    const tokens: string[] = [];
    for (let i = 0; i < max + 2; i++) tokens.push((await book(type.id, froms[i % froms.length]!.id)).token);
    const target = (i: number) => tos[i % tos.length]!.id;
    const sameNetwork = (i: number) => `2001:db8:5:6::${i + 1}`; // one IPv6 /64
    for (let i = 0; i < max; i++) {
      expect((await rescheduleBookingByToken(tokens[i]!, target(i), { now: NOW, clientIp: sameNetwork(i) })).ok).toBe(true);
    }
    const before = await snapshot();
    const refused = await rescheduleBookingByToken(tokens[max]!, target(max), { now: NOW, clientIp: sameNetwork(99) });
    expect(refused).toMatchObject({ ok: false, reason: "reschedule_client_limit" });
    expect(refused.ok ? "" : refused.message).toMatch(/^Too many bookings have been moved from your network/);
    expect(await snapshot()).toEqual(before);
    expect((await rescheduleBookingByToken(tokens[max + 1]!, target(max + 1), { now: NOW, clientIp: "198.51.100.4" })).ok).toBe(true);
    await expectInvariant();
  });

  it("the manage page answers a move over the limit with 429 and the message, changing nothing", async () => {
    const type = await makeType();
    const day = (n: number) => addDays(londonToday(new Date()), n);
    const a = await makeSlot({ date: day(4), maxBookings: 2 });
    const b = await makeSlot({ date: day(5), maxBookings: 2 });
    const { token } = await createBooking(
      { typeId: type.id, slotId: a.id, details },
      { idempotencyKey: randomUUID(), clientIp: "192.0.2.1" },
    ).then((r) => ({ token: r.manageToken! }));
    const post = (slotId: string, clientIp: string) =>
      outcome(() =>
        manageBooking.action({
          request: new Request(`${TEST_ORIGIN}/book-consultation/manage/${token}`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
            body: new URLSearchParams({ intent: "reschedule", slotId }).toString(),
          }),
          params: { token },
          context: { clientIp },
        } as never),
      );
    for (let i = 0; i < LIMITS.reschedulePerBooking.max; i++) {
      expect(await post(i % 2 === 0 ? b.id : a.id, `192.0.2.${i + 10}`)).toMatchObject({ status: 302 });
    }
    const before = await snapshot();
    const refused = await post(LIMITS.reschedulePerBooking.max % 2 === 0 ? b.id : a.id, "192.0.2.99");
    expect(refused.status).toBe(429);
    expect((refused.value as { data: unknown }).data).toMatchObject({ kind: "refused", reason: "This booking has been moved several times in the last hour. Please try again later or contact us directly." });
    expect(await snapshot()).toEqual(before);
  });
});
