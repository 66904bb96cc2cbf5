/**
 * The one projection of a consultation booking with its slot (`consultation_bookings` joined to
 * `consultation_availability`), shared by the staff list, the subject-access export and the staff
 * calendar feed. Callers add their own `where`, `orderBy` and `limit`.
 *
 * Slot `date` (`yyyy-mm-dd`) and `startTime`/`endTime` (`HH:MM:SS`) are Europe/London wall-clock;
 * `createdAt`, `updatedAt` and `reminderSentAt` are instants. The manage token's hash and the
 * idempotency key are never read here.
 */
import { eq, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationAvailability as a, consultationBookings as b } from "~/db/schema";
import { bookingDurationMinutes } from "../mail/index.server";
import { londonInstant, londonTimeOfDay } from "~/utils/time";

/**
 * What the visitor gave and staff added, as stored: the booking's own details, which the person it
 * is about is shown in their subject-access export, in that export's order.
 */
const bookingDetailColumns = {
  name: b.name,
  email: b.email,
  phone: b.phone,
  companyName: b.companyName,
  consultationType: b.consultationType,
  projectType: b.projectType,
  projectDescription: b.projectDescription,
  timeline: b.timeline,
  budgetRange: b.budgetRange,
  howHeardAboutUs: b.howHeardAboutUs,
  specialRequirements: b.specialRequirements,
  /** The type's questions as asked and answered (a snapshot; empty for a type without questions). */
  answers: b.answers,
  status: b.status,
  meetingLink: b.meetingLink,
  meetingNotes: b.meetingNotes,
};

/** The columns read: every booking field a person or a calendar may see, and the slot's date and times. */
export const bookingWithSlotColumns = {
  id: b.id,
  availabilityId: b.availabilityId,
  /** The type's id (null once the type is deleted), for the engineers' rules. */
  consultationTypeId: b.consultationTypeId,
  /** The engineer who takes it and their name (null while no engineer is set up, or once their account is deleted). */
  engineerId: b.engineerId,
  engineerName: sql<string | null>`(select u.name from admin_users u where u.id = ${b.engineerId})`,
  ...bookingDetailColumns,
  /** Stored length in minutes; null only for rows older than the column. */
  durationMinutes: b.durationMinutes,
  /** The language the visitor booked in ("en", "fr"...); their messages are in it. */
  language: b.language,
  /** SEQUENCE of the last invitation mailed. */
  icsSequence: b.icsSequence,
  reminderSentAt: b.reminderSentAt,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
  date: a.date,
  startTime: a.startTime,
  endTime: a.endTime,
};

/**
 * `select <bookingWithSlotColumns> from consultation_bookings join consultation_availability`,
 * through `executor` (a transaction to read under it), as a dynamic query to refine.
 */
export function selectBookingsWithSlot(executor: Database | Transaction = db) {
  return executor.select(bookingWithSlotColumns).from(b).innerJoin(a, eq(a.id, b.availabilityId)).$dynamic();
}

/** One row of `selectBookingsWithSlot`. */
export type BookingWithSlotRow = Awaited<ReturnType<typeof selectBookingsWithSlot>>[number];

/** A booking's details as `bookingDetailColumns` reads them. */
export type BookingDetails = Pick<BookingWithSlotRow, keyof typeof bookingDetailColumns>;

/** The details of `row` (the fields of `bookingDetailColumns`, in its order) and nothing else. */
export function bookingDetails(row: BookingWithSlotRow): BookingDetails {
  return Object.fromEntries(Object.keys(bookingDetailColumns).map((key) => [key, row[key as keyof BookingDetails]])) as BookingDetails;
}

/**
 * When a booking ends, as London wall-clock `HH:MM:SS`: its start plus its own length (the stored
 * `duration_minutes`, or the slot's length for a row older than that column). A 45-minute booking
 * in a 10:30-11:30 slot ends at 11:15, as its e-mails and calendar invitation say; the slot's
 * `end_time` is only the latest it may end.
 */
export function bookingEndTime(row: { date: string; startTime: string; endTime: string; durationMinutes: number | null }): string {
  const start = londonInstant(row.date, row.startTime).getTime();
  return londonTimeOfDay(new Date(start + bookingDurationMinutes(row.durationMinutes, row) * 60_000));
}
