/**
 * Demo consultation data (`shared/spec/booking-and-admin.md` sections 2 and 3, issue "Data and
 * rules"): three consultation types, and slots on weekdays for the next six weeks at several
 * times with capacities 1 to 3, leaving out bank holidays in England and Wales as recurring slots
 * do (`isUkBankHoliday`), so the demo diary never offers Christmas Day. Some slots are already
 * full, with demo bookings (of their type's length) that fill them, so `current_bookings` equals
 * the number of place-holding bookings from the start. Dates are relative to the seeding day
 * (London), times are London wall-clock.
 */
import type { Transaction } from "~/db/client.server";
import { consultationAvailability, consultationBookings, consultationTypes } from "~/db/schema";
import { isUkBankHoliday } from "~/features/consultations/availability/index.server";
import { addDays, londonToday } from "~/utils/time";

/** The demo consultation types, in wizard order (the first is preselected). */
export const DEMO_CONSULTATION_TYPES = [
  {
    name: "Initial Project Consultation",
    durationMinutes: 30,
    description:
      "A free first conversation about your project: scope, site, constraints and how we could help. Ideal before you commission any design work.",
    sortOrder: 1,
  },
  {
    name: "Structural Design Review",
    durationMinutes: 60,
    description:
      "A senior structural engineer reviews your drawings or an existing building with you and sets out risks, options and next steps.",
    sortOrder: 2,
  },
  {
    name: "Humanitarian & Resilience Planning",
    durationMinutes: 60,
    description:
      "For NGOs, agencies and governments: disaster-resilient shelters, schools and infrastructure, from rapid assessment to long-term rebuilding.",
    sortOrder: 3,
  },
] as const;

/** Slot start times offered on each weekday (one hour each). */
const TIMES = ["09:00", "10:30", "13:00", "14:30", "16:00"] as const;

const DEMO_PEOPLE = [
  { name: "Sarah Whitfield", email: "sarah.whitfield@example.com", company: "Whitfield Developments" },
  { name: "Daniel Okafor", email: "daniel.okafor@example.org", company: "Shelter Relief International" },
  { name: "Priya Natarajan", email: "priya.n@example.com", company: "Natarajan Architects" },
  { name: "Tom Gallagher", email: "tom.gallagher@example.co.uk", company: null },
];

const plusHour = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, "0")}${time.slice(2)}`;

/** Inserts the demo types, slots and the bookings that fill some slots, in the caller's transaction. */
export async function seedConsultations(tx: Transaction, now: Date = new Date()): Promise<void> {
  const types = await tx
    .insert(consultationTypes)
    .values(DEMO_CONSULTATION_TYPES.map((t) => ({ ...t, isActive: true })))
    .returning();

  const today = londonToday(now);
  const slots: (typeof consultationAvailability.$inferInsert)[] = [];
  for (let day = 1; day <= 42; day++) {
    const date = addDays(today, day);
    const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (dow === 0 || dow === 6 || isUkBankHoliday(date)) continue;
    TIMES.forEach((time, i) => {
      // Leave some gaps so the grid looks like a real diary.
      if ((day + i) % 4 === 3) return;
      const maxBookings = ((day + i) % 3) + 1;
      // Roughly every fifth slot is already full.
      const full = (day + i * 2) % 5 === 0 && day > 2;
      slots.push({
        date,
        startTime: `${time}:00`,
        endTime: `${plusHour(time)}:00`,
        maxBookings,
        currentBookings: full ? maxBookings : 0,
        isAvailable: true,
      });
    });
  }
  const inserted = await tx.insert(consultationAvailability).values(slots).returning();

  const bookings: (typeof consultationBookings.$inferInsert)[] = [];
  let n = 0;
  for (const slot of inserted) {
    for (let k = 0; k < slot.currentBookings; k++, n++) {
      const person = DEMO_PEOPLE[n % DEMO_PEOPLE.length];
      const type = types[n % types.length];
      bookings.push({
        availabilityId: slot.id,
        name: person.name,
        email: person.email,
        companyName: person.company,
        consultationType: type.name,
        consultationTypeId: type.id,
        durationMinutes: type.durationMinutes,
        projectType: n % 3 === 1 ? "humanitarian" : n % 3 === 2 ? "mixed" : "commercial",
        projectDescription: "Demo booking: early-stage discussion of structural options.",
        timeline: "Next 3 to 6 months",
        budgetRange: "£50k to £250k",
        status: n % 2 === 0 ? "confirmed" : "pending",
        meetingLink: n % 2 === 0 ? "https://meet.example.com/meridian-demo" : null,
        // Demo bookings are never reminded: they use example addresses.
        reminderSentAt: now,
      });
    }
  }
  if (bookings.length > 0) await tx.insert(consultationBookings).values(bookings);
}
