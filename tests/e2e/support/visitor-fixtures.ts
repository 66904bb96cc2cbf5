/**
 * Data the visitor journeys (tests/e2e/visitor) rely on, written before the server starts: slots
 * of their own in the booking fixtures' week at 17:00, a time no other fixture or the demo seed
 * uses (book at `from`, reschedule to `to`; `keyboard` for the keyboard-only bookings, `early`
 * for the presses made before the page's scripts, each with room for every run), and a staff
 * account whose password the forgot-password journey resets.
 */
import { addDays } from "../../../app/utils/time";
import { bookingFixtureWeek } from "./booking-fixtures";

/** The visitor journeys' slots (London dates and times) and staff account. */
export function visitorFixtures(now: Date = new Date()) {
  const week = bookingFixtureWeek(now);
  return {
    week,
    from: { date: addDays(week, 1), startTime: "17:00" },
    to: { date: addDays(week, 3), startTime: "17:00" },
    keyboard: { date: week, startTime: "17:00" },
    early: { date: addDays(week, 4), startTime: "17:00" },
    staff: { email: "visitor.reset@e2e.test", name: "Vera Visitor", password: "visitor-fixture-password-1" },
  };
}

export async function seedVisitorFixtures(): Promise<void> {
  const { db } = await import("../../../app/db/client.server");
  const { consultationAvailability } = await import("../../../app/db/schema");
  const { createStaffAccount } = await import("../../../app/features/auth/accounts.server");
  const f = visitorFixtures();
  await db.insert(consultationAvailability).values([
    ...[f.from, f.to].map((slot) => ({ date: slot.date, startTime: `${slot.startTime}:00`, endTime: "18:00:00", maxBookings: 4, currentBookings: 0, isAvailable: true })),
    ...[f.keyboard, f.early].map((slot) => ({ date: slot.date, startTime: `${slot.startTime}:00`, endTime: "18:00:00", maxBookings: 10, currentBookings: 0, isAvailable: true })),
  ]);
  await createStaffAccount(db, { ...f.staff, role: "editor" });
}
