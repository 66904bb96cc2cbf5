/**
 * The 24-hour reminder (`docs/design.md` section 6): every pending or confirmed booking starting
 * within the next 24 hours gets one reminder, exactly once, and never after a cancellation; a
 * booking the visitor moves is reminded again for its new time. Its length is the booking's stored
 * duration, so a deleted consultation type changes nothing. Run periodically by the job worker
 * (`app/features/jobs/tasks.server.ts`) on every instance: rows are claimed with `FOR UPDATE SKIP
 * LOCKED` and the message carries the dedupe key `reminder:{id}:{date}T{start}`.
 */
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { issueManageToken } from "../core/index.server";
import { bookingMailData } from "./booking-mail.server";
import { reminderEmail } from "./booking-visitor-mail.server";
import { addDays, londonInstant, londonToday } from "~/utils/time";

/** How long before the start a reminder is due. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * Queues the reminders due at `now` (bookings starting in `(now, now + 24 h]`, status pending or
 * confirmed, not yet reminded): in one transaction, sets `reminder_sent_at`, issues each booking a
 * new manage link (its earlier ones keep working) and enqueues each message. Returns how many
 * bookings were reminded.
 */
export async function queueDueReminders(now: Date = new Date()): Promise<number> {
  const site = await getMailSettings();
  const today = londonToday(now);
  const horizon = addDays(today, 2);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ booking: consultationBookings, slot: consultationAvailability })
      .from(consultationBookings)
      .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
      .where(
        and(
          inArray(consultationBookings.status, ["pending", "confirmed"]),
          isNull(consultationBookings.reminderSentAt),
          gte(consultationAvailability.date, today),
          lte(consultationAvailability.date, horizon),
        ),
      )
      .for("update", { of: consultationBookings, skipLocked: true });
    const due = rows.filter(({ slot }) => {
      const start = londonInstant(slot.date, slot.startTime).getTime();
      return start > now.getTime() && start - now.getTime() <= REMINDER_LEAD_MS;
    });
    if (due.length === 0) return 0;
    await tx
      .update(consultationBookings)
      .set({ reminderSentAt: now })
      .where(inArray(consultationBookings.id, due.map((r) => r.booking.id)));
    // Manage tokens are kept only as hashes, so each reminder carries a fresh one.
    const messages = [];
    for (const { booking, slot } of due) messages.push(reminderEmail(bookingMailData(booking, slot), site, await issueManageToken(tx, booking.id)));
    await enqueueEmails(tx, messages);
    return due.length;
  });
}
