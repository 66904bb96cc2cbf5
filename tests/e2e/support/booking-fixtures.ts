/**
 * Slots the booking browser tests (tests/e2e/booking.spec.ts) rely on, written before the server
 * starts. They sit in the week starting two Mondays from now (London), at 17:30 and 18:00, times
 * the demo seed never uses, so they never collide with demo slots.
 */
import { addDays, currentWeekStart, londonTimeOfDay, londonToday } from "../../../app/utils/time";

/** The Monday of the week holding the fixture slots, for the wizard's `week` parameter. */
export function bookingFixtureWeek(now: Date = new Date()): string {
  return addDays(currentWeekStart(now), 14);
}

/** The fixture slots by role: dates are London `yyyy-mm-dd`, times `HH:MM`. */
export function bookingFixtures(now: Date = new Date()) {
  const week = bookingFixtureWeek(now);
  return {
    week,
    /** Ten places: the whole-wizard and no-JavaScript flows book here. */
    open: { date: addDays(week, 1), startTime: "18:00", maxBookings: 10 },
    /** One place: two browsers race for it. */
    lastPlace: { date: addDays(week, 2), startTime: "17:30", maxBookings: 1 },
    /** Already full (one place, one booking): shown disabled as Full. */
    full: { date: addDays(week, 3), startTime: "17:30", maxBookings: 1 },
    /** Two places: the manage-link cancellation books and cancels here. */
    cancel: { date: addDays(week, 4), startTime: "18:00", maxBookings: 2 },
    /** Reschedule (with and without JavaScript): booked here, then moved to `moveTo`. */
    moveFrom: { date: addDays(week, 2), startTime: "18:00", maxBookings: 4 },
    moveTo: { date: addDays(week, 1), startTime: "17:30", maxBookings: 4 },
    /** The staff calendar feed test books here (tests/e2e/calendar-feed.spec.ts). */
    feed: { date: addDays(week, 3), startTime: "18:00", maxBookings: 4 },
    /** Reloading step 4 and the success screen (tests/e2e/booking.spec.ts). */
    reload: { date: week, startTime: "18:00", maxBookings: 4 },
    /** The types' questions test books here (tests/e2e/consultation-questions.spec.ts), once per screen and language. */
    questions: { date: addDays(week, 4), startTime: "17:30", maxBookings: 6 },
  };
}

const plusHour = (t: string) => `${String(Number(t.slice(0, 2)) + 1).padStart(2, "0")}${t.slice(2)}`;

/** Writes the fixture slots (and the booking that fills the full one). */
export async function seedBookingFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { consultationAvailability, consultationBookings } = await import("../../../app/db/schema");
  const f = bookingFixtures();
  const rows = await db
    .insert(consultationAvailability)
    .values(
      [f.open, f.lastPlace, f.full, f.cancel, f.moveFrom, f.moveTo, f.feed, f.reload, f.questions].map((s) => ({
        date: s.date,
        startTime: `${s.startTime}:00`,
        endTime: `${plusHour(s.startTime)}:00`,
        maxBookings: s.maxBookings,
        currentBookings: s === f.full ? 1 : 0,
        isAvailable: true,
      })),
    )
    .returning();
  const full = rows.find((r) => r.date === f.full.date)!;
  await db.insert(consultationBookings).values({
    availabilityId: full.id,
    name: "Fixture Fullslot",
    email: "fullslot@example.com",
    consultationType: "Initial Project Consultation",
    status: "confirmed",
    reminderSentAt: new Date(),
  });
}

/**
 * A French visitor's confirmed booking starting about 20 hours after the server starts, not yet
 * reminded: the server's reminder task mails them within its first minute (the reminder's own
 * manage link, tests/e2e/booking.spec.ts). Booked straight into the database, so it has no manage
 * link of its own yet.
 */
export const REMINDER_VISITOR = { name: "Rémi Rappel", email: "remi.rappel@e2e-reminder.example" } as const;

/** Writes the booking `REMINDER_VISITOR` is reminded of (its one-place slot is full). */
export async function seedReminderFixture(now: Date = new Date()): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { consultationAvailability, consultationBookings } = await import("../../../app/db/schema");
  // 18 to 20 hours ahead, on a London hour that leaves room for a one-hour slot before midnight.
  const start = [20, 19, 18].map((h) => new Date(now.getTime() + h * 3_600_000)).find((t) => Number(londonTimeOfDay(t).slice(0, 2)) <= 22)!;
  const time = `${londonTimeOfDay(start).slice(0, 3)}07`;
  const [slot] = await db
    .insert(consultationAvailability)
    .values({ date: londonToday(start), startTime: `${time}:00`, endTime: `${plusHour(time)}:00`, maxBookings: 1, currentBookings: 1, isAvailable: true })
    .returning();
  await db.insert(consultationBookings).values({
    availabilityId: slot!.id,
    ...REMINDER_VISITOR,
    consultationType: "Initial Project Consultation",
    status: "confirmed",
    language: "fr",
  });
}
