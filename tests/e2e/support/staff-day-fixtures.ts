/**
 * Data the "staff day" browser test (tests/e2e/staff-day.spec.ts) relies on, written
 * before the server starts: per viewport, one enquiry still new 30 hours after it arrived
 * (overdue) and one pending consultation today at 07:45 UK time (a time the demo seed and the
 * booking fixtures never use). The same consultations are booked tomorrow too, so a test run that
 * passes midnight in London still finds them on its dashboard's Today.
 */
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings, enquiries } from "~/db/schema";
import { addDays, londonToday } from "~/utils/time";

/** The fixture people, by viewport width. */
export const STAFF_DAY = {
  390: { enquirer: "Olive Overdue-Phone", email: "olive@overdue.example", client: "Tariq Today-Phone" },
  1440: { enquirer: "Oscar Overdue-Desk", email: "oscar@overdue.example", client: "Tamsin Today-Desk" },
} as const;

export async function seedStaffDayFixtures(now: Date = new Date()): Promise<void> {
  const arrived = new Date(now.getTime() - 30 * 3_600_000);
  await db.insert(enquiries).values(
    Object.values(STAFF_DAY).map((p) => ({
      name: p.enquirer,
      email: p.email,
      company: "Overdue Structures",
      projectType: "General Enquiry",
      message: "We wrote yesterday about a cracked lintel and have not heard back.",
      status: "new" as const,
      priority: "medium" as const,
      createdAt: arrived,
      updatedAt: arrived,
      overdueReminderSentAt: new Date(arrived.getTime() + 20 * 3_600_000),
    })),
  );
  const today = londonToday(now);
  for (const date of [today, addDays(today, 1)]) {
    const [slot] = await db
      .insert(consultationAvailability)
      .values({ date, startTime: "07:45:00", endTime: "08:45:00", maxBookings: 2, currentBookings: 2 })
      .returning();
    await db.insert(consultationBookings).values(
      Object.values(STAFF_DAY).map((p) => ({
        availabilityId: slot!.id,
        name: p.client,
        email: `${p.client.split(" ")[0]!.toLowerCase()}@client.example`,
        consultationType: "Initial Project Consultation",
        durationMinutes: 60,
        status: "pending" as const,
        reminderSentAt: now,
      })),
    );
  }
}
