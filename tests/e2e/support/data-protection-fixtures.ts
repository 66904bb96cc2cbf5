/**
 * A person with records of every kind for the data-protection browser test
 * (tests/e2e/data-protection.spec.ts): a closed enquiry, a spam submission, a past completed
 * booking, an upcoming booking holding a place, a sent e-mail and an audit entry naming them.
 * Written before the server starts; slots at 19:00, a time no other fixture or the demo uses.
 */
import { addDays, currentWeekStart } from "../../../app/utils/time";

export const DATA_PROTECTION_PERSON = {
  name: "Grace Hopperfield",
  email: "grace.hopperfield@e2e-person.example",
} as const;

export async function seedDataProtectionFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { auditLog, consultationAvailability, consultationBookings, emailOutbox, enquiries } = await import("../../../app/db/schema");
  const { name, email } = DATA_PROTECTION_PERSON;
  const week = currentWeekStart(new Date());
  const [future, past] = await db
    .insert(consultationAvailability)
    .values([
      { date: addDays(week, 19), startTime: "19:00:00", endTime: "20:00:00", maxBookings: 2, currentBookings: 1 },
      { date: addDays(week, -21), startTime: "19:00:00", endTime: "20:00:00", maxBookings: 2, currentBookings: 1 },
    ])
    .returning();
  const booking = { name, email, phone: "+44 7700 900456", companyName: "Hopperfield Compilers", consultationType: "Initial Project Consultation" };
  await db.insert(consultationBookings).values([
    { ...booking, availabilityId: future!.id, status: "confirmed", reminderSentAt: new Date(), projectDescription: "A seismic retrofit" },
    { ...booking, availabilityId: past!.id, status: "completed", projectDescription: "A footbridge" },
  ]);
  const [enquiry] = await db
    .insert(enquiries)
    .values([
      { name, email: "Grace.Hopperfield@E2E-Person.example", company: "Hopperfield Compilers", projectType: "Commercial Engineering", message: "A mezzanine for our archive.", status: "closed" },
      { name, email, projectType: "Other", message: "=HYPERLINK(\"http://spam.example\")", spamReason: "honeypot" },
    ])
    .returning();
  await db.insert(emailOutbox).values({
    kind: "enquiry.acknowledgement",
    to: email,
    subject: "We received your enquiry",
    status: "sent",
    sentAt: new Date(),
  });
  await db.insert(auditLog).values({
    actorEmail: "admin@e2e.test",
    action: "enquiry.updated",
    entityType: "enquiry",
    entityId: enquiry!.id,
    details: { before: { status: "responded" }, after: { status: "closed" } },
  });
}
