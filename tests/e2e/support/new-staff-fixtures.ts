/**
 * Data the "new member of staff" browser test (tests/e2e/new-staff.spec.ts) relies on, written
 * before the server starts: per viewport, a pending 45-minute consultation two days from now in a
 * one-hour slot at 06:30 UK time (a time the demo seed and the other fixtures never use), so its
 * own end (07:15) differs from its slot's (07:30).
 */
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { addDays, londonToday } from "~/utils/time";

/** The fixture clients, by viewport width. */
export const NEW_STAFF = {
  390: { client: "Fay Fortyfive-Phone", email: "fay.phone@fortyfive.example" },
  1440: { client: "Finn Fortyfive-Desk", email: "finn.desk@fortyfive.example" },
} as const;

/** The fixture slot: London date two days after `now`, 06:30 to 07:30; the bookings last 45 minutes. */
export const newStaffSlot = (now: Date = new Date()) => ({ date: addDays(londonToday(now), 2), startTime: "06:30", endTime: "07:30" });

export async function seedNewStaffFixtures(now: Date = new Date()): Promise<void> {
  const s = newStaffSlot(now);
  const [slot] = await db
    .insert(consultationAvailability)
    .values({ date: s.date, startTime: `${s.startTime}:00`, endTime: `${s.endTime}:00`, maxBookings: 2, currentBookings: 2 })
    .returning();
  await db.insert(consultationBookings).values(
    Object.values(NEW_STAFF).map((p) => ({
      availabilityId: slot!.id,
      name: p.client,
      email: p.email,
      consultationType: "Short Structural Check",
      durationMinutes: 45,
      status: "pending" as const,
      reminderSentAt: now,
    })),
  );
}
