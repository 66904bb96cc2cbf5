/**
 * The retention job with an injected clock: each boundary (a record exactly at its
 * period is kept, one millisecond older is removed), nothing early, nothing twice (a second run the
 * same day, or two workers racing), and the audit entry with counts only.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { analyticsConversions, analyticsDaily, auditLog, notFoundPaths, consultationAvailability, consultationBookings, emailOutbox, enquiries, jobRuns, siteSettings, webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { ERASED } from "./anonymise.server";
import { getRetentionPeriods, runDailyRetention, updateRetentionPeriods, type RetentionCounts } from "./retention.server";
import { addAudit, addBooking, addEmail, addEnquiry, addSlot } from "./test-factories";

setupTestDatabase();

const NOW = new Date("2026-06-15T10:00:00.000Z");
const DAY = 86_400_000;
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);
/** 24 calendar months before NOW. */
const RECORDS_CUTOFF = new Date("2024-06-15T10:00:00.000Z");

/** A day's run that found nothing to do; a test spreads what it expects done over it. */
const NOTHING_DONE: RetentionCounts = {
  spamDeleted: 0,
  enquiriesAnonymised: 0,
  bookingsAnonymised: 0,
  emailRecordsDeleted: 0,
  webhookDeliveriesDeleted: 0,
  analyticsDaysFolded: 0,
  analyticsDaysDeleted: 0,
  notFoundPathsDeleted: 0,
  waitingListDeleted: 0,
};

const enquiry = async (id: string) => (await db.select().from(enquiries).where(eq(enquiries.id, id)))[0];
const booking = async (id: string) => (await db.select().from(consultationBookings).where(eq(consultationBookings.id, id)))[0];
const email = async (id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe("runDailyRetention", () => {
  it("deletes spam older than 30 days, not a millisecond earlier, and leaves real enquiries", async () => {
    const atBoundary = await addEnquiry({ spamReason: "honeypot", createdAt: ms(NOW, -30 * DAY) });
    const older = await addEnquiry({ spamReason: "too_fast", createdAt: ms(NOW, -30 * DAY - 1) });
    const oldRealOne = await addEnquiry({ createdAt: ms(NOW, -400 * DAY), updatedAt: ms(NOW, -400 * DAY) });

    const counts = await runDailyRetention(NOW);

    expect(counts).toMatchObject({ spamDeleted: 1, enquiriesAnonymised: 0 });
    expect(await enquiry(atBoundary.id)).toBeDefined();
    expect(await enquiry(older.id)).toBeUndefined();
    expect(await enquiry(oldRealOne.id)).toMatchObject({ name: "Ada Lovelace", anonymisedAt: null });
  });

  it("anonymises closed enquiries 24 months after their last change, keeping status and type, and scrubs their audit notes", async () => {
    const atBoundary = await addEnquiry({ status: "closed", updatedAt: RECORDS_CUTOFF });
    const older = await addEnquiry({
      status: "closed",
      company: "Analytical Engines Ltd",
      internalNotes: "Call Ada on her mobile",
      updatedAt: ms(RECORDS_CUTOFF, -1),
    });
    const openOld = await addEnquiry({ status: "responded", updatedAt: ms(RECORDS_CUTOFF, -DAY) });
    await addAudit({ entityId: older.id, details: { before: { internalNotes: null }, after: { internalNotes: "Call Ada on her mobile" } } });

    const counts = await runDailyRetention(NOW);

    expect(counts).toMatchObject({ enquiriesAnonymised: 1 });
    expect(await enquiry(atBoundary.id)).toMatchObject({ name: "Ada Lovelace", anonymisedAt: null });
    expect(await enquiry(openOld.id)).toMatchObject({ name: "Ada Lovelace", anonymisedAt: null });
    expect(await enquiry(older.id)).toMatchObject({
      name: ERASED,
      email: ERASED,
      company: null,
      message: ERASED,
      internalNotes: null,
      status: "closed",
      projectType: "General Enquiry",
      anonymisedAt: NOW,
    });
    const notes = await db.select().from(auditLog).where(eq(auditLog.entityId, older.id));
    expect(JSON.stringify(notes[0]!.details)).not.toContain("Ada");
  });

  it("anonymises finished and cancelled bookings 24 months after the slot and the last change, never a booking holding a future place", async () => {
    const oldSlot = await addSlot("2024-06-14", 5);
    const boundarySlot = await addSlot("2024-06-15", 5);
    const futureSlot = await addSlot("2026-07-01", 2);
    const old = (status: "completed" | "no_show" | "cancelled" | "pending") =>
      addBooking(oldSlot.id, status, { updatedAt: ms(RECORDS_CUTOFF, -1) });
    const completed = await old("completed");
    const noShow = await old("no_show");
    const cancelled = await old("cancelled");
    const stillPending = await old("pending");
    const changedAtBoundary = await addBooking(oldSlot.id, "completed", { updatedAt: RECORDS_CUTOFF });
    const slotOnCutoffDay = await addBooking(boundarySlot.id, "completed", { updatedAt: ms(RECORDS_CUTOFF, -DAY) });
    // Wrongly marked completed, but holds a place in a future slot: never touched.
    const future = await addBooking(futureSlot.id, "completed", { updatedAt: ms(RECORDS_CUTOFF, -DAY) });

    const counts = await runDailyRetention(NOW);

    expect(counts).toMatchObject({ bookingsAnonymised: 3 });
    for (const b of [completed, noShow, cancelled]) {
      expect(await booking(b.id)).toMatchObject({
        name: ERASED,
        email: ERASED,
        phone: null,
        companyName: null,
        projectDescription: null,
        specialRequirements: null,
        status: b.status,
        availabilityId: oldSlot.id,
        anonymisedAt: NOW,
      });
    }
    for (const b of [stillPending, changedAtBoundary, slotOnCutoffDay, future]) {
      expect(await booking(b.id)).toMatchObject({ name: "Ada Lovelace", anonymisedAt: null });
    }
    // Capacity counts are unchanged: 4 place-holding bookings in the old slot, 1 in the future one.
    const slots = await db.select().from(consultationAvailability);
    expect(Object.fromEntries(slots.map((s) => [s.id, s.currentBookings]))).toMatchObject({
      [oldSlot.id]: 4,
      [futureSlot.id]: 1,
    });
  });

  it("deletes e-mail records older than 24 months, sent or given up, and keeps newer and waiting ones", async () => {
    const recent = await addEmail({ sentAt: ms(NOW, -90 * DAY) });
    const ancient = await addEmail({ sentAt: ms(RECORDS_CUTOFF, -DAY), createdAt: ms(RECORDS_CUTOFF, -DAY) });
    const failedAncient = await addEmail({ status: "failed", sentAt: null, createdAt: ms(RECORDS_CUTOFF, -DAY) });
    const pendingAncient = await addEmail({ status: "pending", createdAt: ms(RECORDS_CUTOFF, -DAY) });

    const counts = await runDailyRetention(NOW);

    expect(counts).toMatchObject({ emailRecordsDeleted: 2 });
    expect(await email(recent.id)).toMatchObject({ subject: "We received your enquiry", status: "sent" });
    expect(await email(ancient.id)).toBeUndefined();
    expect(await email(failedAncient.id)).toBeUndefined();
    expect(await email(pendingAncient.id)).toMatchObject({ status: "pending" });
  });

  it("deletes webhook deliveries finished more than 90 days ago, with their log; keeps newer and waiting ones", async () => {
    const [endpoint] = await db.insert(webhookEndpoints).values({ url: "https://hooks.example.com/x", events: ["enquiry.created"], secretEncrypted: "x" }).returning();
    const delivery = (status: "pending" | "delivered" | "failed", finishedAt: Date | null) => ({ endpointId: endpoint!.id, eventType: "enquiry.created", status, finishedAt, createdAt: ms(NOW, -100 * DAY) });
    const rows = await db
      .insert(webhookDeliveries)
      .values([delivery("delivered", ms(NOW, -90 * DAY - 1)), delivery("failed", ms(NOW, -91 * DAY)), delivery("delivered", ms(NOW, -90 * DAY)), delivery("pending", null)])
      .returning();
    await db.insert(webhookAttempts).values({ deliveryId: rows[0]!.id, endpointId: endpoint!.id, attempt: 1, startedAt: ms(NOW, -91 * DAY), durationMs: 20, statusCode: 200 });

    expect(await runDailyRetention(NOW)).toMatchObject({ webhookDeliveriesDeleted: 2 });
    expect((await db.select().from(webhookDeliveries)).map((d) => d.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
    expect(await db.select().from(webhookAttempts)).toHaveLength(0);
  });

  it("runs once a day: a second run the same day does nothing, the next day finds nothing left to do", async () => {
    await addEnquiry({ spamReason: "honeypot", createdAt: ms(NOW, -31 * DAY) });
    await addEnquiry({ status: "closed", updatedAt: ms(RECORDS_CUTOFF, -1) });

    expect(await runDailyRetention(NOW)).toMatchObject({ spamDeleted: 1, enquiriesAnonymised: 1 });
    expect(await runDailyRetention(ms(NOW, 3 * 3_600_000))).toBeNull();
    expect(await runDailyRetention(ms(NOW, DAY))).toEqual(NOTHING_DONE);
    const runs = await db.select().from(jobRuns);
    expect(runs.map((r) => r.runOn).sort()).toEqual(["2026-06-15", "2026-06-16"]);
  });

  it("with two workers racing, exactly one applies the day's run and one audit entry records it, with counts and no personal data", async () => {
    await addEnquiry({ spamReason: "honeypot", createdAt: ms(NOW, -31 * DAY) });
    await addEnquiry({ status: "closed", updatedAt: ms(RECORDS_CUTOFF, -1) });

    const results = await Promise.all([runDailyRetention(NOW), runDailyRetention(NOW), runDailyRetention(NOW)]);

    expect(results.filter((r) => r !== null)).toEqual([{ ...NOTHING_DONE, spamDeleted: 1, enquiriesAnonymised: 1 }]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "retention.applied"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: null, entityType: "retention", entityId: "2026-06-15" });
    expect(entries[0]!.details).toEqual({
      ...NOTHING_DONE,
      spamDeleted: 1,
      enquiriesAnonymised: 1,
      periods: { spamDays: 30, recordsMonths: 24, emailBodyDays: 90, analyticsRawDays: 30, analyticsMonths: 25, waitingListDays: 30 },
    });
    expect(JSON.stringify(entries[0])).not.toMatch(/ada|@client/i);
  });

  it("deletes analytics totals and conversions of days more than 25 months ago, keeping the boundary day, and then the stored period", async () => {
    // 25 calendar months before NOW (2026-06-15) is 2024-05-15 (Europe/London).
    const daily = (day: string) => ({ day, dimension: "total", value: "", visitors: 3, pageviews: 5, visits: 4 });
    const conversion = (day: string) => ({ occurredAt: new Date(`${day}T12:00:00Z`), day, kind: "enquiry", detail: "General Enquiry" });
    await db.insert(analyticsDaily).values([daily("2024-05-14"), daily("2024-05-15"), daily("2025-01-01")]);
    await db.insert(analyticsConversions).values([conversion("2024-05-14"), conversion("2024-05-15")]);

    expect(await runDailyRetention(NOW)).toMatchObject({ analyticsDaysDeleted: 1 });
    expect((await db.select().from(analyticsDaily)).map((r) => r.day).sort()).toEqual(["2024-05-15", "2025-01-01"]);
    expect((await db.select().from(analyticsConversions)).map((r) => r.day)).toEqual(["2024-05-15"]);

    const actor = { userId: "u-1", email: "boss@staff.test" };
    await updateRetentionPeriods(actor, { spamDays: "30", recordsMonths: "24", emailBodyDays: "90", analyticsRawDays: "30", analyticsMonths: "13", waitingListDays: "30" });
    expect(await runDailyRetention(ms(NOW, DAY))).toMatchObject({ analyticsDaysDeleted: 2 });
    expect(await db.select().from(analyticsDaily)).toEqual([]);
    expect(await db.select().from(analyticsConversions)).toEqual([]);
  });

  it("deletes 404 log addresses last asked for more than the analytics period ago, keeping the boundary instant", async () => {
    // 25 calendar months before NOW is 2024-05-15T10:00Z.
    const row = (path: string, lastSeenAt: string) => ({ path, hits: 2, lastSeenAt: new Date(lastSeenAt), firstSeenAt: new Date("2024-01-01T00:00:00Z") });
    await db.insert(notFoundPaths).values([row("/old", "2024-05-15T09:59:59.999Z"), row("/boundary", "2024-05-15T10:00:00.000Z"), row("/recent", "2026-06-01T00:00:00Z")]);

    expect(await runDailyRetention(NOW)).toMatchObject({ notFoundPathsDeleted: 1 });
    expect((await db.select().from(notFoundPaths)).map((r) => r.path).sort()).toEqual(["/boundary", "/recent"]);
  });

  it("uses the periods stored in the settings", async () => {
    expect(await getRetentionPeriods()).toEqual({ spamDays: 30, recordsMonths: 24, emailBodyDays: 90, analyticsRawDays: 30, analyticsMonths: 25, waitingListDays: 30 });
    const actor = { userId: "u-1", email: "boss@staff.test" };
    expect(await updateRetentionPeriods(actor, { spamDays: "7", recordsMonths: "12", emailBodyDays: "30", analyticsRawDays: "14", analyticsMonths: "25", waitingListDays: "30" })).toMatchObject({ ok: true, changed: 4 });
    const spam = await addEnquiry({ spamReason: "honeypot", createdAt: ms(NOW, -8 * DAY) });
    const closed = await addEnquiry({ status: "closed", updatedAt: ms(NOW, -13 * 30 * DAY) });

    expect(await runDailyRetention(NOW)).toMatchObject({ spamDeleted: 1, enquiriesAnonymised: 1 });
    expect(await enquiry(spam.id)).toBeUndefined();
    expect(await enquiry(closed.id)).toMatchObject({ name: ERASED });
  });
});

describe("updateRetentionPeriods", () => {
  const actor = { userId: "u-1", email: "boss@staff.test" };

  it("stores valid periods and audits each change before and after; the same values again change nothing", async () => {
    const result = await updateRetentionPeriods(actor, { spamDays: "14", recordsMonths: "24", emailBodyDays: "60", analyticsRawDays: "30", analyticsMonths: "25", waitingListDays: "30" });
    expect(result).toEqual({ ok: true, periods: { spamDays: 14, recordsMonths: 24, emailBodyDays: 60, analyticsRawDays: 30, analyticsMonths: 25, waitingListDays: 30 }, changed: 2 });
    const [row] = await db.select().from(siteSettings);
    expect(row).toMatchObject({ retentionSpamDays: 14, retentionRecordsMonths: 24, retentionEmailBodyDays: 60, updatedBy: "boss@staff.test" });
    const entries = await db.select().from(auditLog);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ retentionSpamDays: { from: 30, to: 14 }, retentionEmailBodyDays: { from: 90, to: 60 } });

    expect(await updateRetentionPeriods(actor, { spamDays: "14", recordsMonths: "24", emailBodyDays: "60", analyticsRawDays: "30", analyticsMonths: "25", waitingListDays: "30" })).toMatchObject({ changed: 0 });
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });

  it("stores nothing and names each bad field", async () => {
    const result = await updateRetentionPeriods(actor, { spamDays: "0", recordsMonths: "2.5", emailBodyDays: "abc", analyticsRawDays: "400", analyticsMonths: "121", waitingListDays: "0" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors).sort()).toEqual(["analyticsMonths", "analyticsRawDays", "emailBodyDays", "recordsMonths", "spamDays", "waitingListDays"]);
    expect(await db.select().from(siteSettings)).toHaveLength(0);
    expect(await getRetentionPeriods()).toEqual({ spamDays: 30, recordsMonths: 24, emailBodyDays: 90, analyticsRawDays: 30, analyticsMonths: 25, waitingListDays: 30 });
  });

  it("keeps the other settings when the row already exists", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { companyName: "Harbour Structures" } });
    await updateRetentionPeriods(actor, { spamDays: "10", recordsMonths: "24", emailBodyDays: "90", analyticsRawDays: "30", analyticsMonths: "25", waitingListDays: "30" });
    const [row] = await db.select().from(siteSettings);
    expect(row).toMatchObject({ data: { companyName: "Harbour Structures" }, retentionSpamDays: 10 });
  });
});
