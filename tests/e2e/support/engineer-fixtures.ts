/**
 * What the engineers browser test (tests/e2e/engineers.spec.ts) relies on, written before the
 * server starts: a member of staff who does not take consultations yet, a consultation type only
 * they will take (last in the wizard, so other tests' first type is unchanged), and one slot for
 * it in the booking fixture week at a time no other fixture or demo slot uses. Other types stay
 * booked on slots and places alone, so no other browser test sees the engineer.
 *
 * The engineer-calendar browser test (tests/e2e/engineer-calendar.spec.ts) has an engineer of its
 * own, already taking a type of its own (after Eve's in the wizard) on Thursday of the fixture
 * week in two short ranges, with a slot in each; their calendar is not connected yet.
 *
 * The calendar-writes browser test (tests/e2e/calendar-writes.spec.ts) has Wren Writer, taking a
 * type of their own (last in the wizard) in one short range on the fixture week's Friday, with one
 * slot; their CalDAV calendar is connected by the test.
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

/**
 * The engineer-calendar fixture: Dan Diary takes "Diary Check Call" (15 minutes) on the fixture
 * week's Thursday from 11:45 to 12:00 and from 19:15 to 19:30 (London), with a slot at each start.
 */
export function diaryEngineerFixtures(now: Date = new Date()) {
  const week = bookingFixtureWeek(now);
  const date = addDays(week, 3);
  return {
    week,
    engineer: { name: "Dan Diary", email: "dan.diary@example.com" },
    typeName: "Diary Check Call",
    /** The slot the calendar event will cover, and the one that stays free. */
    covered: { date, startTime: "11:45", endTime: "12:00" },
    stays: { date, startTime: "19:15", endTime: "19:30" },
  };
}

/** The calendar-writes fixture: Wren Writer takes "Diary Write Call" (15 minutes) on the fixture week's Friday from 11:15 to 11:30 (London), with a slot then. */
export function writerEngineerFixtures(now: Date = new Date()) {
  const week = bookingFixtureWeek(now);
  return {
    week,
    engineer: { name: "Wren Writer", email: "wren.writer@example.com" },
    typeName: "Diary Write Call",
    slot: { date: addDays(week, 4), startTime: "11:15", endTime: "11:30" },
  };
}

/** Writes the members of staff, the types, the slots and Dan Diary's and Wren Writer's engineer settings. */
export async function seedEngineerFixtures(): Promise<void> {
  const { randomUUID } = await import("node:crypto");
  const { db } = await import("../../../app/db/client.server");
  const { account, adminUsers, consultationAvailability, consultationTypes, engineerConsultationTypes, engineers, engineerWorkingHours, user } = await import(
    "../../../app/db/schema"
  );
  const staff = async (person: { name: string; email: string }) => {
    const userId = randomUUID();
    await db.insert(user).values({ id: userId, name: person.name, email: person.email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
    // A password already set (never used: nobody signs in as them), so the Users screen offers
    // "Send reset link" rather than a second "Resend invitation" other tests would have to tell apart.
    await db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: "not-a-usable-hash", createdAt: new Date(), updatedAt: new Date() });
    const [row] = await db.insert(adminUsers).values({ userId, name: person.name, email: person.email, role: "admin" }).returning();
    return row;
  };
  const f = engineerFixtures();
  await staff(f.engineer);
  await db.insert(consultationTypes).values({ name: f.typeName, description: "A call with the engineer who will visit your site.", durationMinutes: 15, sortOrder: 99 });
  await db.insert(consultationAvailability).values({
    date: f.slot.date,
    startTime: `${f.slot.startTime}:00`,
    endTime: `${f.slot.endTime}:00`,
    maxBookings: f.slot.maxBookings,
    isAvailable: true,
  });

  const d = diaryEngineerFixtures();
  const dan = await staff(d.engineer);
  const [type] = await db
    .insert(consultationTypes)
    .values({ name: d.typeName, description: "A short call to check the engineer's diary.", durationMinutes: 15, sortOrder: 100 })
    .returning();
  await db.insert(engineers).values({ adminUserId: dan.id, takesConsultations: true });
  await db.insert(engineerConsultationTypes).values({ adminUserId: dan.id, consultationTypeId: type.id });
  await db.insert(engineerWorkingHours).values(
    [d.covered, d.stays].map((s) => ({ adminUserId: dan.id, weekday: 4, startTime: `${s.startTime}:00`, endTime: `${s.endTime}:00` })),
  );
  await db
    .insert(consultationAvailability)
    .values([d.covered, d.stays].map((s) => ({ date: s.date, startTime: `${s.startTime}:00`, endTime: `${s.endTime}:00`, maxBookings: 1, isAvailable: true })));

  const w = writerEngineerFixtures();
  const wren = await staff(w.engineer);
  const [writeType] = await db
    .insert(consultationTypes)
    .values({ name: w.typeName, description: "A short call written into the engineer's own calendar.", durationMinutes: 15, sortOrder: 101 })
    .returning();
  await db.insert(engineers).values({ adminUserId: wren.id, takesConsultations: true });
  await db.insert(engineerConsultationTypes).values({ adminUserId: wren.id, consultationTypeId: writeType.id });
  await db.insert(engineerWorkingHours).values({ adminUserId: wren.id, weekday: 5, startTime: `${w.slot.startTime}:00`, endTime: `${w.slot.endTime}:00` });
  await db.insert(consultationAvailability).values({ date: w.slot.date, startTime: `${w.slot.startTime}:00`, endTime: `${w.slot.endTime}:00`, maxBookings: 1, isAvailable: true });
}
