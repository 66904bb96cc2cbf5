import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings } from "~/db/schema";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { bookingUpdateSchema, getBooking, listBookings } from "../bookings/index.server";
import { issueFieldErrors, submissionObject } from "~/utils/forms";
import { closeDatesSchema, editSlotSchema, recurringSlotsSchema, singleSlotSchema, TIME_OPTIONS } from "./admin-schema";
import { closeDateRange, createRecurringSlots, isUkBankHoliday, recurringDates } from "./availability-ranges.server";
import { createSlot, deleteSlot, getConsultationStats, listUpcomingSlots, SlotRuleError, updateSlot } from "./availability.server";

setupTestDatabase();

const actor = { userId: "user-1", email: "staff@example.test" };
const TODAY = "2026-11-21"; // a Saturday
const NOW = new Date("2026-11-21T12:00:00Z");

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return submissionObject(fd, ["daysOfWeek"]);
};

async function addBooking(availabilityId: string, extra: Partial<typeof consultationBookings.$inferInsert> = {}) {
  const [row] = await db
    .insert(consultationBookings)
    .values({ availabilityId, name: "Ada Lovelace", email: "ada@example.test", consultationType: "Structural Review", ...extra })
    .returning();
  return row;
}

describe("slot form validation", () => {
  it("offers the 21 half-hour times from 09:00 to 19:00", () => {
    expect(TIME_OPTIONS).toHaveLength(21);
    expect(TIME_OPTIONS[0]).toBe("09:00");
    expect(TIME_OPTIONS[1]).toBe("09:30");
    expect(TIME_OPTIONS[20]).toBe("19:00");
  });

  it("accepts a valid single slot and defaults max bookings to 1", () => {
    const r = singleSlotSchema(TODAY).safeParse(form([["date", "2026-11-23"], ["startTime", "10:00"], ["endTime", "10:30"], ["maxBookings", ""]]));
    expect(r.success && r.data).toEqual({ date: "2026-11-23", startTime: "10:00", endTime: "10:30", maxBookings: 1 });
  });

  it("refuses past dates, missing fields, off-grid times, end not after start, and max outside 1..10", () => {
    const schema = singleSlotSchema(TODAY);
    const errs = (entries: [string, string][]) => {
      const r = schema.safeParse(form(entries));
      return r.success ? {} : issueFieldErrors(r.error.issues);
    };
    expect(errs([["date", "2026-11-20"], ["startTime", "10:00"], ["endTime", "11:00"]]).date).toEqual(["Date cannot be in the past"]);
    expect(errs([["date", ""], ["startTime", "10:00"], ["endTime", "11:00"]]).date?.[0]).toBe("Date is required");
    expect(errs([["date", TODAY], ["startTime", "10:15"], ["endTime", "11:00"]]).startTime).toBeDefined();
    expect(errs([["date", TODAY], ["startTime", "08:30"], ["endTime", "11:00"]]).startTime).toBeDefined();
    expect(errs([["date", TODAY], ["startTime", "11:00"], ["endTime", "11:00"]]).endTime).toEqual(["End time must be after start time"]);
    expect(errs([["date", TODAY], ["startTime", "11:00"], ["endTime", "10:00"]]).endTime).toEqual(["End time must be after start time"]);
    expect(errs([["date", TODAY], ["startTime", "10:00"], ["endTime", "11:00"], ["maxBookings", "0"]]).maxBookings).toBeDefined();
    expect(errs([["date", TODAY], ["startTime", "10:00"], ["endTime", "11:00"], ["maxBookings", "11"]]).maxBookings).toBeDefined();
    expect(errs([["date", TODAY], ["startTime", "10:00"], ["endTime", "11:00"], ["maxBookings", "10"]])).toEqual({});
  });

  it("validates the recurring form: a weekday, end date not before start, end after start", () => {
    const schema = recurringSlotsSchema(TODAY);
    const base: [string, string][] = [["startDate", "2026-12-01"], ["endDate", "2026-12-31"], ["startTime", "09:00"], ["endTime", "10:00"]];
    const none = schema.safeParse(form(base));
    expect(none.success ? {} : issueFieldErrors(none.error.issues)).toHaveProperty("daysOfWeek", ["Select at least one day of the week"]);
    const ok = schema.safeParse(form([...base, ["daysOfWeek", "friday"], ["daysOfWeek", "monday"], ["skipBankHolidays", "on"]]));
    expect(ok.success && ok.data.daysOfWeek).toEqual(["monday", "friday"]);
    expect(ok.success && ok.data.skipBankHolidays).toBe(true);
    const backwards = schema.safeParse(form([["startDate", "2026-12-10"], ["endDate", "2026-12-09"], ["startTime", "09:00"], ["endTime", "10:00"], ["daysOfWeek", "monday"]]));
    expect(backwards.success ? {} : issueFieldErrors(backwards.error.issues)).toHaveProperty("endDate", ["End date cannot be before the start date"]);
    const noDuration = schema.safeParse(form([...base.slice(0, 2), ["startTime", "12:00"], ["endTime", "09:00"], ["daysOfWeek", "monday"]]));
    expect(noDuration.success ? {} : issueFieldErrors(noDuration.error.issues)).toHaveProperty("endTime");
    const bogusDay = schema.safeParse(form([...base, ["daysOfWeek", "funday"]]));
    expect(bogusDay.success).toBe(false);
  });

  it("validates the edit, close and booking update forms", () => {
    const id = "5b0f8a3e-2c1d-4a4b-9f00-000000000001";
    const edit = editSlotSchema(TODAY).safeParse(form([["id", id], ["date", TODAY], ["startTime", "09:00"], ["endTime", "09:30"], ["maxBookings", "3"]]));
    expect(edit.success && edit.data.isAvailable).toBe(false);
    expect(closeDatesSchema.safeParse({ startDate: "2026-12-02", endDate: "2026-12-01" }).success).toBe(false);
    const upd = bookingUpdateSchema.safeParse({ id, status: "confirmed", meetingLink: "", meetingNotes: "  " });
    expect(upd.success && upd.data).toEqual({ id, status: "confirmed", meetingLink: null, meetingNotes: null });
    expect(bookingUpdateSchema.safeParse({ id, status: "confirmed", meetingLink: "not a link" }).success).toBe(false);
    expect(bookingUpdateSchema.safeParse({ id, status: "confirmed", meetingLink: "javascript:alert(1)" }).success).toBe(false);
    expect(bookingUpdateSchema.safeParse({ id, status: "done" }).success).toBe(false);
  });
});

describe("bank holidays and recurring dates", () => {
  it("knows England and Wales bank holidays including substitute days", () => {
    expect(isUkBankHoliday("2026-12-25")).toBe(true);
    expect(isUkBankHoliday("2026-12-28")).toBe(true); // Boxing Day falls on a Saturday
    expect(isUkBankHoliday("2026-12-29")).toBe(false);
    expect(isUkBankHoliday("2026-03-15")).toBe(false); // Mother's Day is an observance
  });

  it("picks only the chosen weekdays and leaves bank holidays out when asked", () => {
    const input = { startDate: "2026-12-21", endDate: "2027-01-03", daysOfWeek: ["monday", "friday"] as const };
    expect(recurringDates({ ...input, skipBankHolidays: false }).dates).toEqual(["2026-12-21", "2026-12-25", "2026-12-28", "2027-01-01"]);
    const skipped = recurringDates({ ...input, skipBankHolidays: true });
    expect(skipped.dates).toEqual(["2026-12-21"]);
    expect(skipped.bankHolidays).toEqual(["2026-12-25", "2026-12-28", "2027-01-01"]);
  });
});

describe("availability changes", () => {
  it("creates a single available slot, refuses a duplicate start, lists upcoming in order, and audits", async () => {
    await createSlot(actor, { date: "2026-11-24", startTime: "14:00", endTime: "15:00", maxBookings: 2 });
    await createSlot(actor, { date: "2026-11-23", startTime: "10:00", endTime: "11:00", maxBookings: 1 });
    await db.insert(consultationAvailability).values({ date: "2026-11-20", startTime: "10:00", endTime: "11:00" });
    await expect(createSlot(actor, { date: "2026-11-23", startTime: "10:00", endTime: "10:30", maxBookings: 1 })).rejects.toThrow(
      "Another slot already starts at that date and time.",
    );
    const slots = await listUpcomingSlots(NOW);
    expect(slots.map((s) => [s.date, s.startTime, s.endTime, s.isAvailable, s.maxBookings])).toEqual([
      ["2026-11-23", "10:00", "11:00", true, 1],
      ["2026-11-24", "14:00", "15:00", true, 2],
    ]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "slot.created"));
    expect(audits).toHaveLength(2);
    expect(audits[0].actorEmail).toBe("staff@example.test");
  });

  it("creates recurring slots, skipping duplicates and bank holidays", async () => {
    await createSlot(actor, { date: "2026-12-21", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    const mondaysAndFridays: Omit<Parameters<typeof createRecurringSlots>[1], "skipBankHolidays"> = {
      startDate: "2026-12-14",
      endDate: "2026-12-31",
      daysOfWeek: ["monday", "friday"],
      startTime: "09:00",
      endTime: "10:00",
      maxBookings: 3,
    };
    const result = await createRecurringSlots(actor, { ...mondaysAndFridays, skipBankHolidays: true });
    // Mondays 14, 21 (exists), 28 (substitute holiday); Fridays 18, 25 (Christmas).
    expect(result).toEqual({ created: 2, skipped: 1, skippedBankHolidays: 2 });
    const dates = (await listUpcomingSlots(NOW)).map((s) => `${s.date} ${s.maxBookings}`);
    expect(dates).toEqual(["2026-12-14 3", "2026-12-18 3", "2026-12-21 1"]);
    const again = await createRecurringSlots(actor, { ...mondaysAndFridays, skipBankHolidays: false });
    expect(again).toEqual({ created: 2, skipped: 3, skippedBankHolidays: 0 });
  });

  it("closes a date range: every available slot in it becomes unavailable", async () => {
    await createSlot(actor, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    await createSlot(actor, { date: "2026-12-02", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    await createSlot(actor, { date: "2026-12-03", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    expect(await closeDateRange(actor, { startDate: "2026-12-01", endDate: "2026-12-02" })).toBe(2);
    const slots = await listUpcomingSlots(NOW);
    expect(slots.map((s) => s.isAvailable)).toEqual([false, false, true]);
    expect(await closeDateRange(actor, { startDate: "2026-12-01", endDate: "2026-12-02" })).toBe(0);
  });

  it("edits a slot, but never below its current bookings nor moves a booked slot", async () => {
    const slot = await createSlot(actor, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 3 });
    const free = await createSlot(actor, { date: "2026-12-02", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    const moved = await updateSlot(actor, free.id, { date: "2026-12-04", startTime: "11:00", endTime: "12:30", maxBookings: 4, isAvailable: false });
    expect(moved).toMatchObject({ date: "2026-12-04", startTime: "11:00", endTime: "12:30", maxBookings: 4, isAvailable: false });

    await addBooking(slot.id);
    await addBooking(slot.id, { email: "grace@example.test" });
    await db.update(consultationAvailability).set({ currentBookings: 2 }).where(eq(consultationAvailability.id, slot.id));

    const err = await updateSlot(actor, slot.id, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 1, isAvailable: true }).catch((e) => e);
    expect(err).toBeInstanceOf(SlotRuleError);
    expect(err.message).toBe("This slot already has 2 bookings; maximum bookings cannot be lower than that.");
    await expect(
      updateSlot(actor, slot.id, { date: "2026-12-05", startTime: "09:00", endTime: "10:00", maxBookings: 3, isAvailable: true }),
    ).rejects.toThrow(/its date and times cannot change/);
    await expect(
      updateSlot(actor, slot.id, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 2, isAvailable: false }),
    ).resolves.toMatchObject({ maxBookings: 2, isAvailable: false, currentBookings: 2 });
    await expect(
      updateSlot(actor, free.id, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 1, isAvailable: true }),
    ).rejects.toThrow("Another slot already starts at that date and time.");
    const [row] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, slot.id));
    expect(row.maxBookings).toBe(2);
  });

  it("refuses to delete a slot while any booking references it, and deletes a free one", async () => {
    const slot = await createSlot(actor, { date: "2026-12-01", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    await addBooking(slot.id, { status: "cancelled" });
    await expect(deleteSlot(actor, slot.id)).rejects.toThrow(/still has 1 booking \(including cancelled ones\), so it cannot be deleted/);
    expect((await listUpcomingSlots(NOW)).map((s) => [s.bookingCount, s.currentBookings])).toEqual([[1, 0]]);

    const free = await createSlot(actor, { date: "2026-12-02", startTime: "09:00", endTime: "10:00", maxBookings: 1 });
    await deleteSlot(actor, free.id);
    expect((await listUpcomingSlots(NOW)).map((s) => s.id)).toEqual([slot.id]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "slot.deleted"));
    expect(entry.entityId).toBe(free.id);
  });
});

describe("stats and booking lists", () => {
  it("counts totals by status and this London week's bookings by slot date", async () => {
    const thisWeek = await createSlot(actor, { date: "2026-11-22", startTime: "09:00", endTime: "10:00", maxBookings: 10 }); // Sunday
    const nextWeek = await createSlot(actor, { date: "2026-11-23", startTime: "09:00", endTime: "10:00", maxBookings: 10 }); // Monday
    const [past] = await db.insert(consultationAvailability).values({ date: "2026-11-16", startTime: "09:00", endTime: "10:00", maxBookings: 10 }).returning(); // this week's Monday
    await addBooking(thisWeek.id, { status: "pending" });
    await addBooking(thisWeek.id, { status: "confirmed" });
    await addBooking(thisWeek.id, { status: "cancelled" });
    await addBooking(past.id, { status: "completed" });
    await addBooking(nextWeek.id, { status: "pending" });
    expect(await getConsultationStats(NOW)).toEqual({
      total_bookings: 5,
      pending_bookings: 2,
      confirmed_bookings: 1,
      completed_bookings: 1,
      this_week_bookings: 3,
    });
  });

  it("lists bookings newest first with slot times, searching name, email or type in any case, filtering status", async () => {
    const slot = await createSlot(actor, { date: "2026-12-01", startTime: "13:30", endTime: "14:30", maxBookings: 10 });
    const first = await addBooking(slot.id, { name: "Ada Lovelace", email: "ada@example.test", consultationType: "Structural Review", createdAt: new Date("2026-11-01T10:00:00Z") });
    await addBooking(slot.id, { name: "Grace Hopper", email: "grace@navy.test", consultationType: "Disaster Resilience", status: "confirmed", createdAt: new Date("2026-11-02T10:00:00Z") });
    await addBooking(slot.id, { name: "100% Sure", email: "percent@example.test", consultationType: "Other", createdAt: new Date("2026-11-03T10:00:00Z") });

    const all = await listBookings({});
    expect(all.total).toBe(3);
    expect(all.bookings.map((x) => x.name)).toEqual(["100% Sure", "Grace Hopper", "Ada Lovelace"]);
    expect(all.bookings[0]).toMatchObject({ date: "2026-12-01", startTime: "13:30", endTime: "14:30" });

    expect((await listBookings({ q: "LOVELACE" })).bookings.map((x) => x.name)).toEqual(["Ada Lovelace"]);
    expect((await listBookings({ q: "navy.TEST" })).bookings.map((x) => x.name)).toEqual(["Grace Hopper"]);
    expect((await listBookings({ q: "resilience" })).bookings.map((x) => x.name)).toEqual(["Grace Hopper"]);
    expect((await listBookings({ q: "%" })).bookings.map((x) => x.name)).toEqual(["100% Sure"]);
    expect((await listBookings({ status: "confirmed" })).total).toBe(1);
    expect((await listBookings({ status: "all" })).total).toBe(3);
    expect((await listBookings({ q: "ada", status: "confirmed" })).total).toBe(0);

    const one = await getBooking(first.id);
    expect(one).toMatchObject({ name: "Ada Lovelace", date: "2026-12-01", startTime: "13:30", status: "pending" });
    expect(await getBooking("00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(await getBooking("nope")).toBeNull();
  });
});
