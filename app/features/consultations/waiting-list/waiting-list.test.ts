import { randomUUID } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationTypes, emailOutbox, waitingListEntries, waitingListLeaveTokens, waitingListOffers } from "~/db/schema";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { erasePerson } from "~/features/data-protection/erasure.server";
import { runDailyRetention } from "~/features/data-protection/retention.server";
import { subjectRecordsCsv } from "~/features/data-protection/subject-access-export.server";
import { findSubjectRecords } from "~/features/data-protection/subject-access.server";
import { opened } from "~/features/mail/test-factories";
import type { Language } from "~/utils/i18n";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { createBooking, cancelBookingByToken } from "../wizard/index.server";
import { BookingDetailsSchema } from "../core/index.server";
import { joinWaitingList, leaveWaitingList } from "./entries.server";
import { OFFER_THROTTLE_MS, offerFreedTimes, offerTimeByHand } from "./offers.server";
import { dayPartOf, isoWeekday, suits } from "./windows";

setupTestDatabase();

// Monday 7 January 2030, 10:00 UK (GMT).
const NOW = new Date("2030-01-07T10:00:00Z");
const HOUR = 3_600_000;

async function makeType() {
  const [t] = await db.insert(consultationTypes).values({ name: `Type ${randomUUID().slice(0, 6)}`, durationMinutes: 45 }).returning();
  return t!;
}

async function makeSlot(date: string, startTime: string, values: Partial<typeof consultationAvailability.$inferInsert> = {}) {
  const [s] = await db
    .insert(consultationAvailability)
    .values({ date, startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, "0")}:00`, maxBookings: 1, ...values })
    .returning();
  return s!;
}

/** A join form as a visitor posts it: Thursdays and Fridays, mornings, 10 to 18 January 2030. */
function joinForm(typeId: string, person: { name?: string; email: string }, extra: Record<string, unknown> = {}, now = NOW) {
  return {
    name: person.name ?? "Ama Owusu",
    email: person.email,
    typeId,
    dateFrom: "2030-01-10",
    dateTo: "2030-01-18",
    weekdays: ["4", "5"],
    dayParts: ["morning"],
    timeZone: "Africa/Accra",
    formToken: issueFormToken(new Date(now.getTime() - 20_000)),
    website: "",
    ...extra,
  };
}

const join = (form: Record<string, unknown>, { ip = "203.0.113.9", language = "en" as Language, now = NOW } = {}) =>
  joinWaitingList(form, { clientIp: ip, language, now });

async function joined(typeId: string, email: string, now = NOW, language: "en" | "fr" = "en") {
  const result = await join(joinForm(typeId, { email }, {}, now), { language, now });
  if (!result.ok) throw new Error(`join refused: ${JSON.stringify(result)}`);
  return result.entry;
}

const offersTo = async (email: string) =>
  opened(db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "waiting_list.offer"))));

/** The raw leave token of the last mail to `email` of `kind`. */
async function leaveToken(email: string, kind: string) {
  const [mail] = (await opened(db.select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind))))).slice(-1);
  return /waiting-list\/leave\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

describe("the window", () => {
  it("suits a slot on a chosen weekday, in a chosen part of the day, inside the dates", () => {
    const window = { dateFrom: "2030-01-10", dateTo: "2030-01-18", weekdays: [4, 5], dayParts: ["morning", "evening"] };
    expect(isoWeekday("2030-01-10")).toBe(4);
    expect(isoWeekday("2030-01-13")).toBe(7);
    expect(dayPartOf("11:59:00")).toBe("morning");
    expect(dayPartOf("12:00:00")).toBe("afternoon");
    expect(dayPartOf("17:00")).toBe("evening");
    expect(suits(window, { date: "2030-01-10", start_time: "09:00:00" })).toBe(true);
    expect(suits(window, { date: "2030-01-11", start_time: "18:30:00" })).toBe(true);
    expect(suits(window, { date: "2030-01-10", start_time: "14:00:00" })).toBe(false); // afternoon
    expect(suits(window, { date: "2030-01-14", start_time: "09:00:00" })).toBe(false); // a Monday
    expect(suits(window, { date: "2030-01-24", start_time: "09:00:00" })).toBe(false); // after the dates
    expect(suits(window, { date: "2030-01-03", start_time: "09:00:00" })).toBe(false); // before them
  });
});

describe("joining", () => {
  it("stores the entry and mails a receipt with a leave link, in the visitor's language", async () => {
    const type = await makeType();
    const entry = await joined(type.id, "ama@example.com", NOW, "fr");
    expect(entry).toMatchObject({ weekdays: [4, 5], dayParts: ["morning"], language: "fr", timeZone: "Africa/Accra" });
    const [mail] = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.to, "ama@example.com")));
    expect(mail!.kind).toBe("waiting_list.joined");
    expect(mail!.subject).toContain("Vous êtes sur la liste d’attente");
    expect(mail!.text).toMatch(/\/fr\/book-consultation\/waiting-list\/leave\//);
  });

  it("refuses missing choices, dates outside the booking window and the form check, storing nothing", async () => {
    const type = await makeType();
    const bad = await join(joinForm(type.id, { email: "x@example.com" }, { weekdays: undefined, dayParts: [], dateTo: "2030-01-09" }), { language: "fr" });
    expect(bad.ok).toBe(false);
    if (!bad.ok && "fieldErrors" in bad) {
      expect(bad.fieldErrors.weekdays).toEqual(["Veuillez choisir au moins un jour"]);
      expect(bad.fieldErrors.dayParts).toEqual(["Veuillez choisir au moins un moment de la journée"]);
      expect(bad.fieldErrors.dateTo).toBeDefined();
    }
    const far = await join(joinForm(type.id, { email: "x@example.com" }, { dateTo: "2031-01-01" }));
    expect(far.ok === false && "fieldErrors" in far && far.fieldErrors.dateTo?.[0]).toMatch(/^Please choose dates between/);
    const bot = await join(joinForm(type.id, { email: "x@example.com" }, { website: "http://spam.example" }));
    expect(bot).toMatchObject({ ok: false, code: "form_check", status: 400 });
    const fast = await join(joinForm(type.id, { email: "x@example.com" }, { formToken: issueFormToken(NOW) }));
    expect(fast).toMatchObject({ ok: false, code: "form_too_fast" });
    expect(await db.select().from(waitingListEntries)).toHaveLength(0);
  });

  it("keeps the booking's abuse limits: three live entries per address, and the client's hourly limit", async () => {
    const type = await makeType();
    for (let i = 0; i < 3; i++) await joined(type.id, "many@example.com");
    expect(await join(joinForm(type.id, { email: "MANY@example.com" }))).toMatchObject({ ok: false, code: "email_limit", status: 429 });
    // The client's limit (BOOKING_LIMIT_PER_CLIENT, 5 by default) counts only joins that were stored.
    for (let i = 0; i < 2; i++) await joined(type.id, `other${i}@example.com`);
    const over = await join(joinForm(type.id, { email: "sixth@example.com" }));
    expect(over).toMatchObject({ ok: false, code: "client_limit", status: 429 });
    expect(await join(joinForm(type.id, { email: "sixth@example.com" }), { ip: "198.51.100.7" })).toMatchObject({ ok: true });
  });
});

describe("offering freed times", () => {
  it("mails everyone whose window holds a free time, in the order they joined, never twice about the same time", async () => {
    const type = await makeType();
    const slot = await makeSlot("2030-01-10", "09:00");
    const first = await joined(type.id, "first@example.com", new Date(NOW.getTime() - 2 * HOUR));
    await joined(type.id, "second@example.com", new Date(NOW.getTime() - HOUR));
    expect(await offerFreedTimes(NOW)).toBe(2);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "waiting_list.offer")).orderBy(emailOutbox.createdAt);
    expect(mails.map((m) => m.to)).toEqual(["first@example.com", "second@example.com"]);
    const [offer] = await offersTo("first@example.com");
    expect(offer!.subject).toBe("A time is free: Thursday, 10 January 2030 at 09:00 UK time (GMT)");
    expect(offer!.text).toContain(`/book-consultation?step=3&type=${type.id}&week=2030-01-07&slot=${slot.id}`);
    expect(offer!.text).toContain("the first person to book it gets it");
    expect(offer!.text).toMatch(/\/book-consultation\/waiting-list\/leave\/[A-Za-z0-9_-]{43}/);

    // Past the throttle, the same time is not offered again.
    const later = new Date(NOW.getTime() + OFFER_THROTTLE_MS + 60_000);
    expect(await offerFreedTimes(later)).toBe(0);
    expect(await offersTo("first@example.com")).toHaveLength(1);
    expect(await db.select().from(waitingListOffers).where(eq(waitingListOffers.entryId, first.id))).toHaveLength(1);
  });

  it("two instances running the task at once mail each entry once", async () => {
    const type = await makeType();
    await makeSlot("2030-01-10", "09:00");
    for (let i = 0; i < 5; i++) await joined(type.id, `race${i}@example.com`, new Date(NOW.getTime() - (5 - i) * 60_000));
    const [a, b] = await Promise.all([offerFreedTimes(NOW), offerFreedTimes(NOW)]);
    expect(a + b).toBe(5);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "waiting_list.offer"))).toHaveLength(5);
    expect(await db.select().from(waitingListOffers)).toHaveLength(5);
  });

  it("offers a time freed by a cancellation, and none outside the window or while full", async () => {
    const type = await makeType();
    const slot = await makeSlot("2030-01-11", "10:00");
    await makeSlot("2030-01-11", "14:00"); // afternoon: outside the window
    await makeSlot("2030-01-14", "10:00"); // a Monday: outside the window
    const details = BookingDetailsSchema.parse({ name: "Jo Bloggs", email: "jo@example.com", phone: "" });
    const made = await createBooking({ typeId: type.id, slotId: slot.id, details }, { idempotencyKey: randomUUID(), clientIp: "192.0.2.1", now: NOW });
    await joined(type.id, "waiting@example.com");
    expect(await offerFreedTimes(NOW)).toBe(0);

    await cancelBookingByToken(made.manageToken!, { now: NOW });
    expect(await offerFreedTimes(new Date(NOW.getTime() + 60_000))).toBe(1);
    const [offer] = await offersTo("waiting@example.com");
    expect(offer!.text).toContain(`slot=${slot.id}`);
  });

  it("someone who books the type is taken off its list in the same transaction, and offered nothing more", async () => {
    const type = await makeType();
    const other = await makeType();
    const slot = await makeSlot("2030-01-10", "09:00");
    await makeSlot("2030-01-11", "10:00");
    await joined(type.id, "Booker@Example.com");
    await joined(other.id, "booker@example.com");
    const details = BookingDetailsSchema.parse({ name: "Ama Owusu", email: "booker@example.com", phone: "" });
    await createBooking({ typeId: type.id, slotId: slot.id, details }, { idempotencyKey: randomUUID(), clientIp: "192.0.2.2", now: NOW });

    const left = await db.select({ typeId: waitingListEntries.consultationTypeId }).from(waitingListEntries).where(sql`lower(${waitingListEntries.email}) = 'booker@example.com'`);
    expect(left).toEqual([{ typeId: other.id }]);
    await offerFreedTimes(NOW);
    expect((await offersTo("Booker@Example.com")).length).toBe(0);
  });

  it("mails one entry at most once per throttle period, then the next free time", async () => {
    const type = await makeType();
    const a = await makeSlot("2030-01-10", "09:00");
    const b = await makeSlot("2030-01-10", "10:00");
    await joined(type.id, "throttle@example.com");
    expect(await offerFreedTimes(NOW)).toBe(1);
    expect(await offerFreedTimes(new Date(NOW.getTime() + HOUR))).toBe(0);
    expect(await offerFreedTimes(new Date(NOW.getTime() + OFFER_THROTTLE_MS + 1000))).toBe(1);
    const mails = await offersTo("throttle@example.com");
    expect(mails.map((m) => /slot=([0-9a-f-]+)/.exec(m.text)![1])).toEqual([a.id, b.id]);
  });

  it("lets staff offer a free time by hand, once per time", async () => {
    const type = await makeType();
    const slot = await makeSlot("2030-01-17", "11:00");
    const entry = await joined(type.id, "hand@example.com");
    const actor = { userId: randomUUID(), email: "staff@example.com" };
    // The worker's throttle does not hold staff back.
    await db.update(waitingListEntries).set({ lastOfferedAt: NOW }).where(eq(waitingListEntries.id, entry.id));
    expect(await offerTimeByHand(actor, { entryId: entry.id, slotId: slot.id }, NOW)).toEqual({ ok: true });
    expect(await offerTimeByHand(actor, { entryId: entry.id, slotId: slot.id }, NOW)).toMatchObject({ ok: false, status: 409 });
    expect(await offerTimeByHand(actor, { entryId: randomUUID(), slotId: slot.id }, NOW)).toMatchObject({ ok: false, status: 404 });
    expect(await offersTo("hand@example.com")).toHaveLength(1);
  });
});

describe("leaving, expiry", () => {
  it("a leave link works once: the entry, its offers and every link are gone", async () => {
    const type = await makeType();
    await makeSlot("2030-01-10", "09:00");
    const entry = await joined(type.id, "leave@example.com");
    await offerFreedTimes(NOW);
    const token = await leaveToken("leave@example.com", "waiting_list.offer");
    expect(await db.select().from(waitingListLeaveTokens).where(eq(waitingListLeaveTokens.entryId, entry.id))).toHaveLength(2);
    expect(await leaveWaitingList(token)).toBe(true);
    expect(await leaveWaitingList(token)).toBe(false);
    expect(await leaveWaitingList(await leaveToken("leave@example.com", "waiting_list.joined"))).toBe(false);
    expect(await db.select().from(waitingListEntries)).toHaveLength(0);
    expect(await db.select().from(waitingListLeaveTokens)).toHaveLength(0);
    expect(await db.select().from(waitingListOffers)).toHaveLength(0);
  });

  it("an entry past the list's period is offered nothing and the retention run deletes it", async () => {
    const type = await makeType();
    await makeSlot("2030-01-10", "09:00");
    await joined(type.id, "old@example.com", new Date(NOW.getTime() - 31 * 24 * HOUR));
    await joined(type.id, "new@example.com", new Date(NOW.getTime() - 29 * 24 * HOUR));
    expect(await offerFreedTimes(NOW)).toBe(1);
    expect((await db.select().from(emailOutbox).where(like(emailOutbox.kind, "waiting_list.offer"))).map((m) => m.to)).toEqual(["new@example.com"]);
    const counts = await runDailyRetention(NOW);
    expect(counts?.waitingListDeleted).toBe(1);
    expect((await db.select().from(waitingListEntries)).map((e) => e.email)).toEqual(["new@example.com"]);
  });
});

describe("data protection", () => {
  it("the subject-access export lists an entry with the times offered; erasure deletes it and its links", async () => {
    const type = await makeType();
    await makeSlot("2030-01-10", "09:00");
    await joined(type.id, "Subject@Example.com");
    await joined(type.id, "someone.else@example.com");
    await offerFreedTimes(NOW);
    const records = await findSubjectRecords("subject@example.com", { now: NOW });
    expect(records.waitingList).toEqual([
      expect.objectContaining({ email: "Subject@Example.com", consultationType: type.name, weekdays: [4, 5], offers: [expect.objectContaining({ slotDate: "2030-01-10", slotStartTime: "09:00" })] }),
    ]);
    expect(subjectRecordsCsv(records, "waitingList")).toContain("2030-01-10 09:00");
    expect(records.emails.map((m) => m.kind).sort()).toEqual(["waiting_list.joined", "waiting_list.offer"]);

    const erased = await erasePerson(null, { email: "subject@example.com", cancelFutureBookings: false, expectedFutureBookings: 0 }, { now: NOW });
    expect(erased).toMatchObject({ ok: true, counts: { waitingList: 1 } });
    expect((await db.select().from(waitingListEntries)).map((e) => e.email)).toEqual(["someone.else@example.com"]);
    expect(await db.select().from(waitingListLeaveTokens)).toHaveLength(2);
  });
});
