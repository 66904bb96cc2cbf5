/**
 * What the engineers browser test (tests/e2e/engineers.spec.ts) relies on, written before the
 * server starts: a member of staff who does not take consultations yet, a consultation type only
 * they will take (last in the wizard, so other tests' first type is unchanged), and one slot for
 * it in the booking fixture week at a time no other fixture or demo slot uses. Other types stay
 * booked on slots and places alone, so no other browser test sees the engineer.
 */
import { addDays } from "../../../app/utils/time";
import { bookingFixtureWeek } from "./booking-fixtures";

/** The fixture's names, e-mail, type and slot (London date and `HH:MM`). */
export function engineerFixtures(now: Date = new Date()) {
  const week = bookingFixtureWeek(now);
  return {
    week,
    engineer: { name: "Eve Engineer", email: "eve.engineer@example.com" },
    typeName: "Site Engineer Call",
    slot: { date: addDays(week, 2), startTime: "12:15", endTime: "13:15", maxBookings: 2 },
  };
}

/** Writes the member of staff, the type and the slot. */
export async function seedEngineerFixtures(): Promise<void> {
  const { randomUUID } = await import("node:crypto");
  const { db } = await import("../../../app/db/client.server");
  const { account, adminUsers, consultationAvailability, consultationTypes, user } = await import("../../../app/db/schema");
  const f = engineerFixtures();
  const userId = randomUUID();
  await db.insert(user).values({ id: userId, name: f.engineer.name, email: f.engineer.email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  // A password already set (never used: nobody signs in as her), so the Users screen offers "Send
  // reset link" rather than a second "Resend invitation" other tests would have to tell apart.
  await db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: "not-a-usable-hash", createdAt: new Date(), updatedAt: new Date() });
  await db.insert(adminUsers).values({ userId, name: f.engineer.name, email: f.engineer.email, role: "admin" });
  await db.insert(consultationTypes).values({ name: f.typeName, description: "A call with the engineer who will visit your site.", durationMinutes: 15, sortOrder: 99 });
  await db.insert(consultationAvailability).values({
    date: f.slot.date,
    startTime: `${f.slot.startTime}:00`,
    endTime: `${f.slot.endTime}:00`,
    maxBookings: f.slot.maxBookings,
    isAvailable: true,
  });
}
