/**
 * Full evening times the waiting-list browser test (tests/e2e/waiting-list.spec.ts) waits for, one
 * per run (language and screen width): each a one-place slot at 19:30, a time the demo seed and
 * the other fixtures never use, in the week three Mondays from now, taken by a confirmed booking
 * that staff cancel during the test.
 */
import { addDays, currentWeekStart } from "../../../app/utils/time";

/** The Monday of the week holding the waiting-list slots. */
export function waitingListWeek(now: Date = new Date()): string {
  return addDays(currentWeekStart(now), 21);
}

/** The runs of the test, each with its own full slot (London date, 19:30) and the name of the booking holding it. */
export function waitingListFixtures(now: Date = new Date()) {
  const week = waitingListWeek(now);
  return (["en-390", "en-1440", "fr-390", "fr-1440"] as const).map((run, i) => ({
    run,
    date: addDays(week, i),
    startTime: "19:30",
    holder: `Waitlist Holder ${run}`,
  }));
}

/** Writes each run's slot and the booking that fills it. */
export async function seedWaitingListFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { consultationAvailability, consultationBookings } = await import("../../../app/db/schema");
  for (const f of waitingListFixtures()) {
    const [slot] = await db
      .insert(consultationAvailability)
      .values({ date: f.date, startTime: "19:30:00", endTime: "20:30:00", maxBookings: 1, currentBookings: 1 })
      .returning();
    await db.insert(consultationBookings).values({
      availabilityId: slot!.id,
      name: f.holder,
      email: `holder-${f.run}@e2e-waitlist.example`,
      consultationType: "Initial Project Consultation",
      status: "confirmed",
      reminderSentAt: new Date(),
    });
  }
}
