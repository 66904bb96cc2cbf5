/**
 * Exact matching: subject access and erasure match a person's address exactly (trimmed,
 * case-insensitive), never by substring. Two people whose addresses contain one another
 * (`ann@example.org` and `victim.ann@example.org`, and `ann@example.org.uk`) each get records
 * of every kind through the product's own code paths (a waiting-list entry among them); searching,
 * exporting or erasing either one must never show or touch the other's, in both directions, and
 * erasing one leaves nothing of their waiting-list entry.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, consultationBookings, consultationTypes, emailOutbox, enquiries, waitingListEntries, waitingListLeaveTokens } from "~/db/schema";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import { createBooking } from "~/features/consultations/wizard/index.server";
import { joinWaitingList } from "~/features/consultations/waiting-list/index.server";
import { BookingDetailsSchema } from "~/features/consultations/core/index.server";
import { addDays, londonToday } from "~/utils/time";
import { deleteEnquiry, updateEnquiry } from "~/features/enquiries/admin.server";
import { submitEnquiry } from "~/features/enquiries/enquiries.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { erasePerson } from "./erasure.server";
import { findSubjectRecords } from "./subject-access.server";
import { exportSubjectRecords } from "./subject-access-export.server";
import { summariseSubjectRecords } from "./subject-access-summary.server";
import { addSlot } from "./test-factories";

setupTestDatabase();

const staff = { userId: "u-staff", email: "boss@staff.test" };
const SHORT = "ann@example.org";
const PREFIXED = "victim.ann@example.org";
const SUFFIXED = "ann@example.org.uk";

type Person = { address: string; enquiryIds: string[]; bookingId: string; waitingListId: string };

/**
 * An enquiry (with its mails and a staff note), a deleted enquiry, a booking and then a place on
 * the same type's waiting list (with its receipt and leave link) for `address`.
 */
async function seed(address: string, typeId: string, slotId: string): Promise<Person> {
  const form = (message: string) => ({
    name: `Person ${address}`,
    email: address,
    company: "Example Ltd",
    projectType: "General Enquiry",
    message,
    formToken: issueFormToken(new Date(Date.now() - 60_000)),
  });
  const kept = await submitEnquiry(form(`Enquiry from ${address}`), { clientIp: "203.0.113.7" });
  const deleted = await submitEnquiry(form(`Duplicate from ${address}`), { clientIp: "203.0.113.7" });
  if (!kept.ok || !deleted.ok || kept.enquiryId === null || deleted.enquiryId === null) throw new Error("enquiry not stored");
  await updateEnquiry(staff, kept.enquiryId, { internalNotes: `Call ${address}`, status: "in_review" });
  await deleteEnquiry(staff, deleted.enquiryId);
  const details = BookingDetailsSchema.parse({ name: `Person ${address}`, email: address, projectType: "mixed" });
  const { booking } = await createBooking({ typeId, slotId, details }, { idempotencyKey: randomUUID(), clientIp: "203.0.113.9" });
  const today = londonToday(new Date());
  const waiting = await joinWaitingList(
    {
      name: `Person ${address}`,
      email: address,
      typeId,
      dateFrom: addDays(today, 7),
      dateTo: addDays(today, 9),
      weekdays: ["1", "2", "3", "4", "5"],
      dayParts: ["morning"],
      timeZone: "Europe/London",
      formToken: issueFormToken(new Date(Date.now() - 60_000)),
      website: "",
    },
    { clientIp: "203.0.113.9", language: "en" },
  );
  if (!waiting.ok) throw new Error(`waiting list refused: ${JSON.stringify(waiting)}`);
  return { address, enquiryIds: [kept.enquiryId, deleted.enquiryId], bookingId: booking.id, waitingListId: waiting.entry.id };
}

/** Everything stored about `person`, to compare before and after another person's erasure. */
async function snapshot(person: Person) {
  const enquiryRows = await db.select().from(enquiries).where(inArray(enquiries.id, person.enquiryIds));
  const [booking] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, person.bookingId));
  const mails = (await db.select().from(emailOutbox)).filter((m) => m.to === person.address || m.replyTo === person.address);
  const audit = (await db.select().from(auditLog)).filter(
    (a) => person.enquiryIds.includes(a.entityId ?? "") || a.entityId === person.bookingId,
  );
  const waiting = await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, person.waitingListId));
  const leaveLinks = await db.select().from(waitingListLeaveTokens).where(eq(waitingListLeaveTokens.entryId, person.waitingListId));
  return { enquiryRows, booking, mails, audit, waiting, leaveLinks };
}

/** Seeds both people; `a` first, so ids are not in any helpful order. */
async function seedPair(a: string, b: string): Promise<[Person, Person]> {
  const [type] = await db.insert(consultationTypes).values({ name: "Initial Consultation", durationMinutes: 60 }).returning();
  const slot = await addSlot(addDays(londonToday(new Date()), 7), 4);
  const first = await seed(a, type!.id, slot.id);
  const second = await seed(b, type!.id, slot.id);
  return [first, second];
}

const PAIRS: [string, string][] = [
  [SHORT, PREFIXED],
  [PREFIXED, SHORT],
  [SHORT, SUFFIXED],
  [SUFFIXED, SHORT],
];

describe.each(PAIRS)("subject %s beside %s", (subjectAddress, otherAddress) => {
  it("search and export show only the subject's records, in the same kinds and numbers as the other person's", async () => {
    const [subject, other] = await seedPair(subjectAddress, otherAddress);
    // An earlier export of the other person is audited with their address.
    await exportSubjectRecords(staff, { email: otherAddress, format: "json" });

    const records = await findSubjectRecords(` ${subjectAddress.toUpperCase()} `);
    expect(records.enquiries.map((e) => e.id)).toEqual([subject.enquiryIds[0]]);
    expect(records.bookings.map((b) => b.id)).toEqual([subject.bookingId]);
    expect(records.waitingList.map((w) => w.id)).toEqual([subject.waitingListId]);
    // Acknowledgement + staff notification of both enquiries (one since deleted); booking confirmation + staff notification; the waiting list's receipt.
    expect(records.emails.map((m) => m.kind).sort()).toEqual(
      ["booking.confirmation", "booking.staff_notification", "waiting_list.joined", ...Array(2).fill(["enquiry.acknowledgement", "enquiry.notification"]).flat()].sort(),
    );
    expect(records.emails.every((m) => m.to === subjectAddress || m.replyTo === subjectAddress)).toBe(true);
    expect(records.audit.map((a) => a.entityId).sort()).toEqual([...subject.enquiryIds].sort());
    // The staff screen's summary lists the same records.
    const summary = summariseSubjectRecords(records);
    expect(summary.preview).toMatchObject({ enquiries: 1, bookings: 1, emails: 7, auditEntries: 2, waitingList: 1 });

    // The download never names the other person or holds any of their ids.
    const file = await exportSubjectRecords(staff, { email: subjectAddress, format: "json" });
    const exported = JSON.parse(file.body) as Record<string, { id: string; entityId?: string; to?: string; replyTo?: string }[]>;
    const ids = [...exported.enquiries!, ...exported.bookings!, ...exported.waitingList!].map((r) => r.id);
    expect(ids.sort()).toEqual([subject.enquiryIds[0], subject.bookingId, subject.waitingListId].sort());
    for (const otherId of [...other.enquiryIds, other.bookingId, other.waitingListId]) expect(file.body).not.toContain(otherId);
    expect(file.body).not.toContain(`"Person ${otherAddress}"`);
    expect(exported.emails!.map((m) => m.to ?? "").concat(exported.emails!.map((m) => m.replyTo ?? ""))).not.toContain(otherAddress);
  });

  it("erasure anonymises the subject and leaves every record of the other person exactly as it was", async () => {
    const [subject, other] = await seedPair(subjectAddress, otherAddress);
    const otherBefore = await snapshot(other);
    expect(otherBefore.mails).toHaveLength(7);
    expect(otherBefore.waiting).toHaveLength(1);
    expect(otherBefore.leaveLinks).toHaveLength(1);

    const result = await erasePerson(staff, { email: subjectAddress, cancelFutureBookings: true, expectedFutureBookings: 1 });

    expect(result).toEqual({
      ok: true,
      counts: { enquiries: 1, bookings: 1, futureBookings: 1, emails: 7, pendingEmails: 7, auditEntries: 2, waitingList: 1 },
    });
    expect(await snapshot(other)).toEqual(otherBefore);
    // Nothing of the subject's waiting-list entry is left: no entry with their address, nor its leave link.
    expect(await db.select().from(waitingListEntries).where(sql`lower(${waitingListEntries.email}) = ${subjectAddress}`)).toEqual([]);
    expect(await db.select().from(waitingListEntries).where(eq(waitingListEntries.id, subject.waitingListId))).toEqual([]);
    expect(await db.select().from(waitingListLeaveTokens).where(eq(waitingListLeaveTokens.entryId, subject.waitingListId))).toEqual([]);
    const [erased] = await db.select().from(enquiries).where(eq(enquiries.id, subject.enquiryIds[0]!));
    expect(erased).toMatchObject({ email: "[erased]", internalNotes: null });
    // The other person is still found in full.
    const still = await findSubjectRecords(otherAddress);
    expect(still).toMatchObject({ enquiries: [{ id: other.enquiryIds[0] }], bookings: [{ id: other.bookingId }] });
    expect(still.emails).toHaveLength(7);
    expect(still.waitingList.map((w) => w.id)).toEqual([other.waitingListId]);
  });
});
