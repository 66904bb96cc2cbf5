/**
 * Rows for the data-protection tests: enquiries, slots, bookings, e-mails and audit entries with
 * the dates a test needs. Test-only (imported by `*.test.ts` files).
 */
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, consultationAvailability, consultationBookings, emailOutbox, enquiries } from "~/db/schema";
import { sealMailBody, type MailBody } from "~/features/mail/outbox.server";
import { holdsPlace, type BookingStatus } from "~/features/consultations/core/index.server";

let slotCounter = 0;
const pad = (n: number) => String(n).padStart(2, "0");

/** An enquiry (defaults: a new, non-spam enquiry from Ada). */
export async function addEnquiry(values: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await db
    .insert(enquiries)
    .values({ name: "Ada Lovelace", email: "ada@client.example", projectType: "General Enquiry", message: "Hello there", ...values })
    .returning();
  return row!;
}

/** A slot on `date` (London) at a unique start time, with room for `maxBookings`. */
export async function addSlot(date: string, maxBookings = 2) {
  slotCounter += 1;
  const hour = 8 + (Math.floor(slotCounter / 60) % 12);
  const minute = String(slotCounter % 60).padStart(2, "0");
  const [row] = await db
    .insert(consultationAvailability)
    .values({ date, startTime: `${pad(hour)}:${minute}`, endTime: `${pad(hour + 1)}:${minute}`, maxBookings })
    .returning();
  return row!;
}

/** A booking in `slot` with `status`; a place-holding status takes a place in the slot. */
export async function addBooking(slotId: string, status: BookingStatus, values: Partial<typeof consultationBookings.$inferInsert> = {}) {
  const [row] = await db
    .insert(consultationBookings)
    .values({
      availabilityId: slotId,
      name: "Ada Lovelace",
      email: "ada@client.example",
      phone: "+44 20 7946 0000",
      companyName: "Analytical Engines Ltd",
      consultationType: "Initial Consultation",
      projectDescription: "A footbridge",
      specialRequirements: "Step-free access",
      status,
      ...values,
    })
    .returning();
  if (holdsPlace(status)) {
    await db
      .update(consultationAvailability)
      .set({ currentBookings: sql`${consultationAvailability.currentBookings} + 1` })
      .where(eq(consultationAvailability.id, slotId));
  }
  return row!;
}

/**
 * An outbox message (defaults: an acknowledgement to Ada, sent, so its body is already erased as
 * the worker leaves it). A message given `status: "pending"` holds `content` (default "Dear Ada
 * Lovelace"), sealed as `enqueueEmails` seals it.
 */
export async function addEmail(values: Partial<typeof emailOutbox.$inferInsert> & { content?: MailBody } = {}) {
  const { content = { html: "<p>Dear Ada Lovelace</p>", text: "Dear Ada Lovelace", attachments: null }, ...row } = values;
  const pending = row.status === "pending";
  const [stored] = await db
    .insert(emailOutbox)
    .values({
      kind: "enquiry.acknowledgement",
      to: "ada@client.example",
      subject: "We received your enquiry",
      status: "sent",
      sentAt: pending ? null : new Date(),
      body: pending ? await sealMailBody(content) : null,
      ...row,
    })
    .returning();
  return stored!;
}

/** An audit entry (defaults: a staff member's change to an enquiry). */
export async function addAudit(values: Partial<typeof auditLog.$inferInsert> = {}) {
  const [row] = await db
    .insert(auditLog)
    .values({ actorEmail: "boss@staff.test", action: "enquiry.updated", entityType: "enquiry", ...values })
    .returning();
  return row!;
}
