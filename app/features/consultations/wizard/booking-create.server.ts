/**
 * A visitor books a consultation (`docs/design.md` section 6): `submitBooking` checks the wizard's
 * Confirm Booking post (the details, the chosen ids and the contact form's bot check) and
 * `createBooking` stores it without ever overbooking (the invariant of `booking-core.server.ts`).
 *
 * Abuse limits (`docs/design.md` section 7) are checked inside the booking's
 * transaction, after the slot's own rules: at most `ACTIVE_BOOKINGS_PER_EMAIL` active future
 * bookings per e-mail address, `LIMITS.bookingPerClient` bookings per client (IPv4 address or IPv6
 * /64) per hour and `LIMITS.bookingGlobal` bookings per hour in all. A booking that trips one is
 * refused with a `BookingError`: the transaction rolls back, so no place is held, nothing is
 * stored, no mail is queued and the refused attempt does not count.
 */
import { isUniqueViolation } from "~/db/sql";
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { z } from "zod";
import { consultationAvailability, consultationBookings, consultationTypes, type BookingAnswer } from "~/db/schema";
import { checkFormGuard } from "~/features/abuse/form-guard.server";
import { ACTIVE_BOOKINGS_PER_EMAIL, clientKey, exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { bookingEventData, recordWebhookEvent } from "~/features/webhooks/events.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import { bookingMailData, staffNotificationEmails, confirmationEmail, engineerNotices } from "../mail/index.server";
import { issueManageToken, slotRefusal, type BookingRow, BookingError, bookingErrorMessage, type BookingErrorCode, DETAIL_FIELDS, bookingDetailsSchema, confirmSchema, type BookingDetails } from "../core/index.server";
import { assignEngineer, planAssignment } from "../availability/index.server";
import { queueCalendarWrite } from "../engineers/index.server";
import { checkAnswers } from "../questions/index.server";
import { leaveOnBooking } from "../waiting-list/index.server";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { mergeFieldErrors, parseSubmission, refusedFields, submissionObject, type FailedSubmission, type Submission, type SubmissionInput } from "~/utils/forms";
import { logger } from "~/utils/logger.server";
import { londonToday } from "~/utils/time";

/**
 * What a visitor asks for: the chosen type and slot ids and the validated details; the language
 * they booked in (their e-mails' and manage link's; English when absent) and their IANA time
 * zone when their browser gave one.
 */
export type CreateBookingInput = {
  typeId: string;
  slotId: string;
  details: BookingDetails;
  /** The type's questions as asked and answered (`checkAnswers`); none when absent. */
  answers?: BookingAnswer[];
  language?: Language;
  timeZone?: string | null;
};

/**
 * The details step of a booking of the type `typeId` as posted (step 3's review and Confirm
 * Booking): the visitor's details (`bookingDetailsSchema`) and the answers to the type's questions
 * (`checkAnswers`; none for a `typeId` that is not a uuid, which the ids' own check refuses), with
 * every field error of both and messages in `language`.
 */
export async function checkDetails(
  input: SubmissionInput,
  typeId: unknown,
  language: Language,
): Promise<Submission<{ details: BookingDetails; answers: BookingAnswer[] }>> {
  const details = parseSubmission(bookingDetailsSchema(language), input, { echo: DETAIL_FIELDS });
  const answers: Submission<BookingAnswer[]> = z.uuid().safeParse(typeId).success ? await checkAnswers(String(typeId), input, language) : { ok: true, values: [] };
  if (details.ok && answers.ok) return { ok: true, values: { details: details.values, answers: answers.values } };
  return refusedFields(
    mergeFieldErrors(details.fieldErrors, answers.fieldErrors),
    { ...(details.ok ? {} : details.values), ...(answers.ok ? {} : answers.values) },
    details.message ?? answers.message,
  );
}

/**
 * The outcome of a Confirm Booking post: the booking (as `createBooking` returns it), the details'
 * field errors (HTTP 400), or a refusal with its code, message and HTTP `status` ("invalid" for
 * missing or tampered ids, else a `BookingErrorCode`). `slotProblem` sends the visitor back to
 * choose a time; `idempotencyKey` is the posted key when nothing was stored under it, so pressing
 * Confirm Booking again reuses it.
 */
export type SubmitBookingResult =
  | { ok: true; booking: BookingRow; created: boolean; manageToken: string | null }
  | FailedSubmission
  | {
      ok: false;
      code: BookingErrorCode | "invalid";
      message: string;
      slotProblem: boolean;
      status: number;
      idempotencyKey?: string;
    };

/**
 * The wizard's Confirm Booking post, as the contact form's `submitEnquiry` handles an enquiry:
 * validates the details and the answers to the type's questions with `checkDetails` and the type, slot, idempotency key and time
 * zone with `confirmSchema`, checks the form guard (honeypot and signed render token: a refusal is
 * `form_check`, or `form_too_fast` for a form sent too soon after it was drawn), then books with
 * `createBooking` (its rules and abuse limits; `clientIp` is the visitor's address) in `language`,
 * the wizard page's, which also words every refusal. Every broken rule is returned, never thrown;
 * other errors (the database) are thrown.
 */
export async function submitBooking(
  input: SubmissionInput,
  {
    clientIp,
    now = new Date(),
    settings,
    language = DEFAULT_LANGUAGE,
  }: { clientIp: string; now?: Date; settings?: SiteSettings; language?: Language },
): Promise<SubmitBookingResult> {
  const details = await checkDetails(input, submissionObject(input).typeId, language);
  if (!details.ok) return details;
  const ids = parseSubmission(confirmSchema(language), input);
  if (!ids.ok) return { ok: false, code: "invalid", message: ids.message, slotProblem: false, status: 400 };
  const { typeId, slotId, idempotencyKey, timeZone } = ids.values;
  try {
    const guard = checkFormGuard(submissionObject(input), now);
    if (guard) {
      logger.warn({ reason: guard }, "booking refused by the form check");
      throw new BookingError(guard === "too_fast" ? "form_too_fast" : "form_check");
    }
    const made = await createBooking({ typeId, slotId, ...details.values, language, timeZone }, { idempotencyKey, clientIp, now, settings });
    return { ok: true, ...made };
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    const message = language === DEFAULT_LANGUAGE ? error.message : bookingErrorMessage(error.code, language);
    return { ok: false, code: error.code, message, slotProblem: error.isSlotProblem, status: error.status, idempotencyKey };
  }
}

/**
 * Creates a pending booking in ONE transaction: locks the slot row,
 * re-checks that the type is active and the slot exists, is available, not past, outside the
 * minimum notice, inside the booking window and not full; once engineers are set up, locks the
 * type's engineers and assigns a free one (`assignEngineer`: round robin; "no_engineer" when
 * nobody is free, and tells them by e-mail); inserts the booking with a random manage token (hash stored),
 * increments `current_bookings`, and queues the visitor's confirmation (with `.ics` and manage
 * link), the staff notifications, the `booking.created` webhook event and the event in the
 * engineer's own calendar (`queueCalendarWrite`).
 *
 * A repeated `idempotencyKey` returns the first booking and creates nothing (`created: false`,
 * `manageToken: null`). Throws `BookingError` for every rule broken (nothing is stored), the abuse
 * limits of the module docstring included (`clientIp` is the visitor's address).
 */
export async function createBooking(
  input: CreateBookingInput,
  {
    idempotencyKey,
    clientIp,
    now = new Date(),
    settings,
  }: { idempotencyKey: string; clientIp: string; now?: Date; settings?: SiteSettings },
): Promise<{ booking: BookingRow; created: boolean; manageToken: string | null }> {
  // Read before the transaction: PGlite runs one statement stream at a time.
  const site = settings ?? (await getMailSettings());
  const existingByKey = async (executor: Database | Transaction) => {
    const [row] = await executor
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.idempotencyKey, idempotencyKey));
    return row ?? null;
  };
  const first = await existingByKey(db);
  if (first) return { booking: first, created: false, manageToken: null };
  // Who may take it and their calendars, read before the transaction (see `planAssignment`).
  const [planned] = await db.select({ date: consultationAvailability.date }).from(consultationAvailability).where(eq(consultationAvailability.id, input.slotId));
  const plan = planned ? await planAssignment({ typeId: input.typeId, durationMinutes: 0 }, planned.date, site.openedBankHolidays) : null;

  try {
    return await db.transaction(async (tx) => {
      const [slot] = await tx
        .select()
        .from(consultationAvailability)
        .where(eq(consultationAvailability.id, input.slotId))
        .for("update");
      // Checked again under the slot lock: a double submit waits here for the first one.
      const again = await existingByKey(tx);
      if (again) return { booking: again, created: false, manageToken: null };

      const [type] = await tx.select().from(consultationTypes).where(eq(consultationTypes.id, input.typeId));
      if (!type) throw new BookingError("unknown_type");
      if (!type.isActive) throw new BookingError("inactive_type");
      const refusal = slotRefusal(slot, now, site);
      if (refusal) throw new BookingError(refusal);
      await enforceAbuseLimits(tx, { email: input.details.email, clientIp, now });
      let engineerId: string | null = null;
      if (plan) {
        // The slot moved to another day since the plan was read (it had no booking then).
        if (slot.date !== planned.date) throw new BookingError("unavailable_slot");
        engineerId = await assignEngineer(tx, slot, plan, { now });
      }

      const d = input.details;
      const [booking] = await tx
        .insert(consultationBookings)
        .values({
          availabilityId: slot.id,
          name: d.name,
          email: d.email,
          phone: d.phone,
          companyName: d.companyName,
          consultationType: type.name,
          consultationTypeId: type.id,
          durationMinutes: type.durationMinutes,
          projectType: d.projectType,
          projectDescription: d.projectDescription,
          timeline: d.timeline,
          budgetRange: d.budgetRange,
          howHeardAboutUs: null,
          specialRequirements: d.specialRequirements,
          status: "pending",
          engineerId,
          idempotencyKey,
          icsSequence: 0,
          language: input.language ?? DEFAULT_LANGUAGE,
          timeZone: input.timeZone ?? null,
          answers: input.answers ?? [],
        })
        .returning();
      await tx
        .update(consultationAvailability)
        .set({ currentBookings: sql`${consultationAvailability.currentBookings} + 1`, updatedAt: now })
        .where(eq(consultationAvailability.id, slot.id));

      const token = await issueManageToken(tx, booking.id);
      const mail = bookingMailData(booking, slot);
      const engineer = await engineerNotices(tx, mail, site, { from: null, to: engineerId, status: "TENTATIVE", sequence: booking.icsSequence });
      await enqueueEmails(tx, [confirmationEmail(mail, site, token), ...staffNotificationEmails(mail, site), ...engineer]);
      await queueCalendarWrite(tx, booking.id, site, now);
      // Booked: the visitor is no longer waiting for a time of this type.
      await leaveOnBooking(tx, type.id, d.email);
      await recordWebhookEvent(tx, "booking.created", bookingEventData(booking, slot), now);
      return { booking, created: true, manageToken: token };
    });
  } catch (error) {
    // Two submits with one key racing on different slots: the unique index decides; return the winner.
    if (isUniqueViolation(error)) {
      const winner = await existingByKey(db);
      if (winner) return { booking: winner, created: false, manageToken: null };
    }
    throw error;
  }
}

/**
 * Throws `BookingError` "email_limit", "client_limit" or "global_limit" when this booking would
 * go over one (see the module docstring). The per-address count runs under an advisory lock on
 * the lowercased address, so simultaneous bookings for one address cannot all slip under the cap.
 * "Future" is from the London calendar date of `now`.
 */
async function enforceAbuseLimits(tx: Transaction, { email, clientIp, now }: { email: string; clientIp: string; now: Date }) {
  const address = email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-email:${address}`}))`);
  const [active] = await tx
    .select({ n: count() })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(
      and(
        sql`lower(${consultationBookings.email}) = ${address}`,
        inArray(consultationBookings.status, ["pending", "confirmed"]),
        gte(consultationAvailability.date, londonToday(now)),
      ),
    );
  if (Number(active?.n ?? 0) >= ACTIVE_BOOKINGS_PER_EMAIL) throw new BookingError("email_limit");
  if (await exceedsLimit(tx, `booking:client:${clientKey(clientIp)}`, LIMITS.bookingPerClient, now)) {
    throw new BookingError("client_limit");
  }
  if (await exceedsLimit(tx, "booking:all", LIMITS.bookingGlobal, now)) throw new BookingError("global_limit");
}
