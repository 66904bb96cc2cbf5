/**
 * A booking in its engineer's own calendar (ADR 42): the one call every booking change makes, in
 * its own transaction, so the booking's event follows it into the engineer's CalDAV calendar
 * through the queue of `~/features/calendars/event-writes.server`; and the engineer's upcoming
 * bookings queued when they connect a calendar.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { adminUsers, consultationAvailability, consultationBookings } from "~/db/schema";
import { queueEventWrites } from "~/features/calendars/event-writes.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { londonInstant, londonToday } from "~/utils/time";
import { holdsPlace, bookingUid, uidHostOf } from "../core/index.server";
import { engineerCalendarObject, bookingMailData, type BookingMailSettings } from "../mail/index.server";

/**
 * Queues, inside `tx` (after the booking change is written in it), what booking `bookingId`'s
 * event in its engineer's calendar should now be: while it holds a place and has an engineer, the
 * engineer's copy of the invitation (same UID and SEQUENCE as the e-mailed `.ics`), TENTATIVE
 * while pending and CONFIRMED after; otherwise in nobody's calendar. The old engineer's calendar
 * loses it when someone else takes it. `settings` are the booking mail's (read before the
 * transaction). Does nothing for an unknown id, or when the event cannot be built (logged); the
 * write itself happens later, on the job worker.
 */
export async function queueCalendarWrite(tx: Transaction, bookingId: string, settings: BookingMailSettings, now: Date = new Date()): Promise<void> {
  const [row] = await tx
    .select({ booking: consultationBookings, slot: consultationAvailability, ownerUserId: adminUsers.userId })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .leftJoin(adminUsers, eq(adminUsers.id, consultationBookings.engineerId))
    .where(eq(consultationBookings.id, bookingId));
  if (!row) return;
  const { booking, slot, ownerUserId } = row;
  const uid = bookingUid(booking.id, uidHostOf(env.PUBLIC_URL));
  if (!ownerUserId || !holdsPlace(booking.status)) return queueEventWrites(tx, booking.id, uid, null, now);
  const mail = bookingMailData(booking, slot);
  const status = booking.status === "pending" ? "TENTATIVE" : "CONFIRMED";
  const start = londonInstant(mail.date, mail.startTime);
  let ics: string;
  try {
    ics = engineerCalendarObject(mail, settings, status, booking.icsSequence);
  } catch (error) {
    // As for the e-mailed invitation: a booking change never fails because its event cannot be built.
    logger.error({ err: error, bookingId }, "calendar event could not be built; not written to the engineer's calendar");
    return;
  }
  await queueEventWrites(
    tx,
    booking.id,
    uid,
    {
      ownerUserId,
      ics,
      start,
      end: new Date(start.getTime() + mail.durationMinutes * 60_000),
      status,
      sequence: booking.icsSequence,
    },
    now,
  );
}

/**
 * Queues every upcoming booking (pending or confirmed, from the London day of `now`) of the
 * engineer whose better-auth user is `userId`, in one transaction: called once their calendar is
 * connected, so a newly connected CalDAV calendar gets the bookings made before it. Nothing is
 * queued for an ICS subscription, a member who takes no bookings or one already written.
 */
export async function queueUpcomingCalendarWrites(userId: string, now: Date = new Date()): Promise<void> {
  const upcoming = await db
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .innerJoin(adminUsers, eq(adminUsers.id, consultationBookings.engineerId))
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(and(eq(adminUsers.userId, userId), inArray(consultationBookings.status, ["pending", "confirmed"]), gte(consultationAvailability.date, londonToday(now))));
  if (upcoming.length === 0) return;
  // Read before the transaction: PGlite runs one statement stream at a time.
  const settings = await getMailSettings();
  await db.transaction(async (tx) => {
    for (const { id } of upcoming) await queueCalendarWrite(tx, id, settings, now);
  });
}
