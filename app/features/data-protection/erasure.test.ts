/**
 * Subject access and erasure against a seeded person with records of every kind, made
 * through the product's own code paths: an enquiry (with its mails), a spam submission, a deleted
 * enquiry (named in the audit log), staff notes, a past booking and a future one (confirmed by
 * staff, with mails). Another person's records must stay untouched.
 */
import { parse } from "csv-parse/sync";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookingManageTokens, consultationBookings, consultationTypes, emailOutbox, enquiries } from "~/db/schema";
import { createBooking } from "~/features/consultations/wizard/index.server";
import { holdsPlace, BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { updateBookingByAdmin } from "~/features/consultations/bookings/index.server";
import { addDays, londonToday } from "~/utils/time";
import { deleteEnquiry, updateEnquiry } from "~/features/enquiries/admin.server";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { submitEnquiry } from "~/features/enquiries/enquiries.server";
import { processOutboxBatch } from "~/features/jobs/worker.server";
import { createMailTransport } from "~/features/mail/transport.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { tablesContaining } from "../../../tests/setup/scan";
import { smtpForEachTest } from "../../../tests/setup/test-smtp";
import { ERASED } from "./anonymise.server";
import { erasePerson } from "./erasure.server";
import { findSubjectRecords } from "./subject-access.server";
import { subjectRecordsCsv, subjectRecordsJson } from "./subject-access-export.server";
import { addBooking, addEnquiry, addSlot } from "./test-factories";

setupTestDatabase();

const ADDRESS = "ada.lovelace@example.com";
const staff = { userId: "u-staff", email: "boss@staff.test" };

type Seeded = {
  enquiryId: string;
  spamId: string;
  deletedId: string;
  pastBookingId: string;
  futureBookingId: string;
  futureSlotId: string;
  bobEnquiryId: string;
  bobBookingId: string;
};

/** The person's records of every kind, and Bob's, through the product's code paths. */
async function seedPerson(): Promise<Seeded> {
  const now = new Date();
  const form = (name: string, email: string, message: string) => ({
    name,
    email,
    company: "Analytical Engines Ltd",
    projectType: "General Enquiry",
    message,
    formToken: issueFormToken(new Date(now.getTime() - 60_000)),
  });
  const submitted = await submitEnquiry(form("Ada Lovelace", "Ada.Lovelace@Example.com", "Please call me on +44 7700 900123 about a footbridge."), { clientIp: "203.0.113.7" });
  if (!submitted.ok || submitted.enquiryId === null) throw new Error("enquiry not stored");
  await updateEnquiry(staff, submitted.enquiryId, { internalNotes: "Ada prefers mornings", status: "in_review" });
  const spam = await addEnquiry({ name: "Ada Lovelace", email: "ADA.LOVELACE@EXAMPLE.COM", message: "=HYPERLINK(\"http://x\")", spamReason: "honeypot" });
  const toDelete = await addEnquiry({ name: "Ada Lovelace", email: ADDRESS, message: "Duplicate" });
  await deleteEnquiry(staff, toDelete.id);

  const [type] = await db.insert(consultationTypes).values({ name: "Initial Consultation", durationMinutes: 60 }).returning();
  const futureSlot = await addSlot(addDays(londonToday(now), 10), 2);
  const details = BookingDetailsSchema.parse({
    name: "Ada Lovelace",
    email: ADDRESS,
    phone: "+44 7700 900123",
    companyName: "Analytical Engines Ltd",
    projectType: "mixed",
    projectDescription: "A footbridge over the canal",
  });
  const { booking: future } = await createBooking({ typeId: type!.id, slotId: futureSlot.id, details }, { idempotencyKey: randomUUID(), clientIp: "203.0.113.9" });
  await updateBookingByAdmin(staff, future.id, { status: "confirmed", meetingLink: "https://meet.example/ada", meetingNotes: "Ada brings drawings" });
  const pastSlot = await addSlot(addDays(londonToday(now), -40), 2);
  const past = await addBooking(pastSlot.id, "completed", { email: "ada.lovelace@example.com " });

  const bob = await submitEnquiry(form("Bob Builder", "bob@builder.example", "A warehouse roof"), { clientIp: "203.0.113.8" });
  if (!bob.ok || bob.enquiryId === null) throw new Error("enquiry not stored");
  const bobBooking = await addBooking(futureSlot.id, "pending", { name: "Bob Builder", email: "bob@builder.example", phone: null, companyName: null, projectDescription: null, specialRequirements: null });

  return {
    enquiryId: submitted.enquiryId,
    spamId: spam.id,
    deletedId: toDelete.id,
    pastBookingId: past.id,
    futureBookingId: future.id,
    futureSlotId: futureSlot.id,
    bobEnquiryId: bob.enquiryId,
    bobBookingId: bobBooking.id,
  };
}

/** current_bookings equals the number of place-holding bookings, for every slot. */
async function expectCapacityInvariant() {
  const slots = await db.select().from(consultationAvailability);
  const bookings = await db.select().from(consultationBookings);
  for (const s of slots) {
    expect(s.currentBookings, `slot ${s.date} ${s.startTime}`).toBe(
      bookings.filter((b) => b.availabilityId === s.id && holdsPlace(b.status)).length,
    );
  }
}

const smtp = smtpForEachTest();

/** Sends everything due through the real SMTP server, as the job worker does. */
async function drainOutbox() {
  const transport = createMailTransport({ smtpUrl: smtp.url });
  try {
    for (;;) if ((await processOutboxBatch({ transport, limit: 50 })).claimed === 0) return;
  } finally {
    transport.close();
  }
}

describe("findSubjectRecords and the export", () => {
  it("finds every record about the person, whatever the case of the address, and nothing about anyone else", async () => {
    const s = await seedPerson();
    const records = await findSubjectRecords("  ADA.Lovelace@example.COM ");

    expect(records.email).toBe(ADDRESS);
    expect(records.enquiries.map((e) => e.id).sort()).toEqual([s.enquiryId, s.spamId].sort());
    expect(records.enquiries.find((e) => e.id === s.enquiryId)).toMatchObject({ internalNotes: "Ada prefers mornings", status: "in_review" });
    expect(records.bookings.map((b) => [b.id, b.holdsFuturePlace]).sort()).toEqual(
      [
        [s.futureBookingId, true],
        [s.pastBookingId, false],
      ].sort(),
    );
    expect(records.bookings.find((b) => b.id === s.futureBookingId)).toMatchObject({
      phone: "+44 7700 900123",
      meetingNotes: "Ada brings drawings",
      status: "confirmed",
    });
    // Enquiry acknowledgement + staff notification; booking confirmation + staff notification + confirmed.
    expect(records.emails.map((m) => m.kind).sort()).toEqual(
      ["booking.confirmation", "booking.confirmed", "booking.staff_notification", "enquiry.acknowledgement", "enquiry.notification"].sort(),
    );
    expect(records.emails.find((m) => m.kind === "booking.confirmation")!.attachments[0]!.content).toContain("ATTENDEE");
    // Notes on the enquiry, the deleted enquiry (named in its details), the booking's confirmation.
    expect(records.audit.map((a) => a.action).sort()).toEqual(["booking.status_changed", "enquiry.deleted", "enquiry.updated"]);
    expect(records.audit.find((a) => a.action === "enquiry.deleted")!.entityId).toBe(s.deletedId);

    const json = JSON.parse(subjectRecordsJson(records, new Date("2026-01-01T00:00:00Z")));
    expect(json.generatedAt).toBe("2026-01-01T00:00:00.000Z");
    expect(json.subject).toEqual({ email: ADDRESS });
    expect(Object.keys(json)).toEqual(["generatedAt", "subject", "enquiries", "bookings", "waitingList", "emails", "audit", "conversations", "webhooks"]);
    expect(JSON.stringify(json)).not.toMatch(/bob/i);
  });

  it("writes a CSV per kind with one row per record and formula-like cells neutralised", async () => {
    await seedPerson();
    const records = await findSubjectRecords(ADDRESS);
    const csv = (kind: "enquiries" | "bookings" | "emails" | "audit") =>
      parse(subjectRecordsCsv(records, kind), { bom: true, columns: true }) as Record<string, string>[];

    const enquiryRows = csv("enquiries");
    expect(enquiryRows).toHaveLength(2);
    expect(enquiryRows.map((r) => r.Message)).toContain("'=HYPERLINK(\"http://x\")");
    expect(csv("bookings").map((r) => r.Phone).sort()).toEqual(["'+44 20 7946 0000", "'+44 7700 900123"]);
    expect(csv("emails")).toHaveLength(5);
    expect(csv("audit").map((r) => r.Action).sort()).toEqual(["booking.status_changed", "enquiry.deleted", "enquiry.updated"]);
  });
});

describe("erasePerson", () => {
  it("refuses while a future booking holds a place unless staff agree to cancel it, and changes nothing", async () => {
    const s = await seedPerson();
    const before = await findSubjectRecords(ADDRESS);

    expect(await erasePerson(staff, { email: ADDRESS, cancelFutureBookings: false, expectedFutureBookings: 1 })).toMatchObject({
      ok: false,
      reason: "future_bookings",
      status: 409,
      futureBookings: 1,
    });
    expect(await erasePerson(staff, { email: ADDRESS, cancelFutureBookings: true, expectedFutureBookings: 0 })).toMatchObject({
      ok: false,
      reason: "changed",
      status: 409,
    });
    expect(await erasePerson(staff, { email: "nobody@example.com", cancelFutureBookings: true, expectedFutureBookings: 0 })).toMatchObject({
      ok: false,
      reason: "not_found",
      status: 404,
    });
    expect(await findSubjectRecords(ADDRESS)).toEqual(before);
    const [slot] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, s.futureSlotId));
    expect(slot!.currentBookings).toBe(2);
  });

  it("cancels the future booking (place freed, the person notified), anonymises everything else in one go, and leaves no trace of the address anywhere", async () => {
    const s = await seedPerson();
    expect(Object.keys(await tablesContaining(ADDRESS)).sort()).toEqual(["audit_log", "consultation_bookings", "email_outbox", "enquiries"]);

    const result = await erasePerson(staff, { email: "Ada.Lovelace@example.com", cancelFutureBookings: true, expectedFutureBookings: 1 });

    expect(result).toEqual({
      ok: true,
      counts: { enquiries: 2, bookings: 2, futureBookings: 1, waitingList: 0, emails: 5, pendingEmails: 5, auditEntries: 3 },
    });
    // The place is freed; capacity counts match the bookings everywhere.
    const [slot] = await db.select().from(consultationAvailability).where(eq(consultationAvailability.id, s.futureSlotId));
    expect(slot!.currentBookings).toBe(1);
    await expectCapacityInvariant();
    const [future] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, s.futureBookingId));
    expect(future).toMatchObject({ status: "cancelled", name: ERASED, email: ERASED, phone: null, meetingLink: null, meetingNotes: null });
    expect(await db.select().from(consultationBookingManageTokens).where(eq(consultationBookingManageTokens.bookingId, s.futureBookingId))).toEqual([]);
    expect(future!.anonymisedAt).toBeInstanceOf(Date);
    const [past] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, s.pastBookingId));
    expect(past).toMatchObject({ status: "completed", name: ERASED, consultationType: "Initial Consultation" });
    const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, s.enquiryId));
    expect(enquiry).toMatchObject({ name: ERASED, email: ERASED, company: null, message: ERASED, internalNotes: null, status: "in_review", projectType: "General Enquiry" });

    // Messages queued before the erasure are never sent; only the cancellation goes out, once.
    await drainOutbox();
    const toAda = smtp.received.filter((r) => r.envelopeTo.includes(ADDRESS));
    expect(toAda.map((r) => r.mail.subject)).toEqual([expect.stringMatching(/^Cancelled: consultation /)]);
    expect(toAda[0]!.mail.attachments[0]!.filename).toBe("cancelled-consultation.ics");
    expect(smtp.received.filter((r) => JSON.stringify(r.mail).toLowerCase().includes("lovelace"))).toHaveLength(1);
    // Bob's mail still goes.
    expect(smtp.received.some((r) => r.envelopeTo.includes("bob@builder.example"))).toBe(true);

    // No trace of the address, the name or the phone number in any table.
    expect(await tablesContaining(ADDRESS)).toEqual({});
    expect(await tablesContaining("Lovelace")).toEqual({});
    expect(await tablesContaining("7700 900123")).toEqual({});
    expect(await tablesContaining("Ada prefers")).toEqual({});
    expect(await findSubjectRecords(ADDRESS)).toMatchObject({ enquiries: [], bookings: [], emails: [], audit: [] });

    // Audited with counts only; Bob untouched.
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "data_subject.erased"));
    expect(entry).toMatchObject({ actorEmail: "boss@staff.test", entityType: "data_subject", entityId: null });
    expect(entry!.details).toEqual({ enquiries: 2, bookings: 2, futureBookings: 1, waitingList: 0, emails: 5, pendingEmails: 5, auditEntries: 3 });
    const [bob] = await db.select().from(enquiries).where(eq(enquiries.id, s.bobEnquiryId));
    expect(bob).toMatchObject({ name: "Bob Builder", email: "bob@builder.example", anonymisedAt: null });
    const [bobBooking] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, s.bobBookingId));
    expect(bobBooking).toMatchObject({ name: "Bob Builder", status: "pending" });
    expect((await db.select().from(emailOutbox)).some((m) => m.to === "bob@builder.example")).toBe(true);
  });

  it("erases a person whose bookings are all in the past without any cancellation", async () => {
    const pastSlot = await addSlot("2025-01-06", 1);
    const b = await addBooking(pastSlot.id, "no_show", { email: ADDRESS });
    expect(await erasePerson(staff, { email: ADDRESS, cancelFutureBookings: false, expectedFutureBookings: 0 })).toMatchObject({
      ok: true,
      counts: { bookings: 1, futureBookings: 0 },
    });
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, b.id));
    expect(row).toMatchObject({ status: "no_show", name: ERASED });
    await expectCapacityInvariant();
    expect(await tablesContaining(ADDRESS)).toEqual({});
  });
});
