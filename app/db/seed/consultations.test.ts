import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings, consultationTypes } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { seedConsultations } from "./consultations";

setupTestDatabase();

describe("demo availability", () => {
  it("leaves out bank holidays in England and Wales, as recurring slots do", async () => {
    // Seeded on Monday 14 December 2026: the six weeks hold Christmas Day (Friday), the Boxing Day
    // substitute (Monday 28 December) and New Year's Day (Friday 1 January 2027).
    await db.transaction((tx) => seedConsultations(tx, new Date("2026-12-14T09:00:00Z")));
    const dates = new Set((await db.select({ date: consultationAvailability.date }).from(consultationAvailability)).map((r) => r.date));
    for (const holiday of ["2026-12-25", "2026-12-28", "2027-01-01"]) expect(dates.has(holiday), holiday).toBe(false);
    // The working days around them are still offered.
    for (const day of ["2026-12-24", "2026-12-29", "2026-12-31", "2027-01-04"]) expect(dates.has(day), day).toBe(true);
  });
});

describe("demo bookings", () => {
  it("carry their type's length, so a 30-minute consultation does not fill its hour-long slot", async () => {
    await db.transaction((tx) => seedConsultations(tx, new Date("2026-12-14T09:00:00Z")));
    const lengths = new Map((await db.select().from(consultationTypes)).map((t) => [t.id, t.durationMinutes]));
    const bookings = await db.select().from(consultationBookings);
    expect(bookings.length).toBeGreaterThan(0);
    for (const b of bookings) expect(b.durationMinutes).toBe(lengths.get(b.consultationTypeId!));
  });
});
