/**
 * The booking domain (`shared/spec/booking-and-admin.md` sections 3, 4 and 7 "Book" / "Update
 * booking"; `shared/DESIGN.md` section 6): creating a booking without ever overbooking, the
 * visitor's cancellation by manage token, and the status changes staff make.
 *
 * Invariant kept in every transaction here: a slot's `current_bookings` equals the number of its
 * bookings whose status holds a place (`holdsPlace`). Every change locks the rows it reads
 * (`SELECT ... FOR UPDATE`), so simultaneous requests cannot overbook. Mail is queued in the same
 * transaction through the outbox, so a mail failure never loses or blocks a booking.
 *
 * Abuse limits (issue 9 item 1, `shared/DESIGN.md` section 7) are checked inside the booking's
 * transaction, after the slot's own rules: at most `ACTIVE_BOOKINGS_PER_EMAIL` active future
 * bookings per e-mail address, `LIMITS.bookingPerClient` bookings per client (IPv4 address or IPv6
 * /64) per hour and `LIMITS.bookingGlobal` bookings per hour in all. A booking that trips one is
 * refused with a `BookingError`: the transaction rolls back, so no place is held, nothing is
 * stored, no mail is queued and the refused attempt does not count.
 */
import { isUniqueViolation } from "~/db/sql";
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gte, inArray, like, sql, type SQL } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import {
  BOOKING_STATUSES,
  consultationAvailability,
  consultationBookingManageTokens,
  consultationBookings,
  consultationTypes,
  emailOutbox,
} from "~/db/schema";
import { recordBookingConfirmed } from "~/features/analytics/conversions.server";
import { ACTIVE_BOOKINGS_PER_EMAIL, clientKey, exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import {
  bookingMailData,
  cancellationEmail,
  confirmationEmail,
  confirmedEmail,
  rescheduledEmail,
  staffNotificationEmails,
  staffRescheduleNotificationEmails,
  visitorRescheduleEmail,
} from "./booking-mail.server";
import { bookingEndTime } from "./booking-rows.server";
import type { BookingDetails } from "./schema";
import { isOutsideNotice, lastBrowsableWeekStart, WEEK_DAYS } from "./booking-window";
import { addDays, londonInstant, londonToday } from "~/utils/time";

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Statuses that hold a place in their slot; cancelled and rescheduled free it (spec section 4). */
export const PLACE_HOLDING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed", "completed", "no_show"];

/** True when a booking in `status` counts towards its slot's `current_bookings`. */
export function holdsPlace(status: BookingStatus): boolean {
  return PLACE_HOLDING_STATUSES.includes(status);
}

/** Why a booking could not be made or changed; `status` is the HTTP status a route should answer. */
export type BookingErrorCode =
  | "unknown_slot"
  | "past_slot"
  | "inside_notice"
  | "unavailable_slot"
  | "outside_window"
  | "slot_full"
  | "unknown_type"
  | "inactive_type"
  | "not_found"
  | "form_check"
  | "form_too_fast"
  | "client_limit"
  | "email_limit"
  | "global_limit";

const ERROR_INFO: Record<BookingErrorCode, { status: number; message: string }> = {
  unknown_slot: { status: 404, message: "That time is not offered. Please choose another time." },
  past_slot: { status: 409, message: "That time has already passed. Please choose another time." },
  inside_notice: { status: 409, message: "That time is now too soon to book. Please choose a later time." },
  unavailable_slot: { status: 409, message: "That time is no longer available. Please choose another time." },
  outside_window: { status: 409, message: "That time is too far ahead to book. Please choose an earlier time." },
  slot_full: {
    status: 409,
    message: "Sorry, that time has just been fully booked by someone else. Please choose another time.",
  },
  unknown_type: { status: 422, message: "That consultation type is not offered. Please choose another type." },
  inactive_type: {
    status: 422,
    message: "That consultation type is no longer offered. Please choose another type.",
  },
  not_found: { status: 404, message: "Booking not found." },
  form_check: {
    status: 400,
    message: "We could not confirm this booking. Please wait a moment and try again, or contact us directly.",
  },
  // A person who types fast (or lets the browser fill the form) trips the bot check's minimum time.
  form_too_fast: {
    status: 400,
    message:
      "Your booking was sent a little too quickly for our spam check, so it has not been made yet. Your details are kept: please check them below and press Confirm Booking again.",
  },
  client_limit: {
    status: 429,
    message: "Too many bookings have been made from your network in the last hour. Please try again later or contact us directly.",
  },
  email_limit: {
    status: 409,
    message: `This e-mail address already has ${ACTIVE_BOOKINGS_PER_EMAIL} upcoming consultations booked. Please cancel one from its confirmation e-mail, or contact us directly.`,
  },
  global_limit: {
    status: 503,
    message: "We are receiving an unusually high number of bookings. Please try again in a little while or contact us directly.",
  },
};

/** A rule broken by a booking request; `code` says which, `status` is the HTTP answer (4xx). */
export class BookingError extends Error {
  readonly code: BookingErrorCode;
  readonly status: number;
  constructor(code: BookingErrorCode, message?: string) {
    super(message ?? ERROR_INFO[code].message);
    this.name = "BookingError";
    this.code = code;
    this.status = ERROR_INFO[code].status;
  }
  /** True for errors about the chosen time: the visitor goes back to step 2 with fresh slots. */
  get isSlotProblem(): boolean {
    return isSlotProblem(this.code);
  }
}

const SLOT_PROBLEMS: readonly BookingErrorCode[] = ["unknown_slot", "past_slot", "inside_notice", "unavailable_slot", "outside_window", "slot_full"];

/** True for codes about the chosen time: the visitor is shown fresh slots to choose again. */
export function isSlotProblem(code: string): boolean {
  return (SLOT_PROBLEMS as readonly string[]).includes(code);
}

type SlotRow = typeof consultationAvailability.$inferSelect;

/**
 * Why `slot` cannot take a new booking at `now`, or null when it can (spec sections 2 and 3;
 * DESIGN section 6): it must exist, be available, not have started, start outside the minimum
 * notice, lie within the booking window (`bookingWeeksAhead` weeks counting the current one) and
 * have a place left. Call it on a slot row locked `FOR UPDATE`.
 */
function slotRefusal(slot: SlotRow | undefined, now: Date, site: SiteSettings): BookingErrorCode | null {
  if (!slot) return "unknown_slot";
  if (!slot.isAvailable) return "unavailable_slot";
  if (londonInstant(slot.date, slot.startTime).getTime() <= now.getTime()) return "past_slot";
  if (!isOutsideNotice(slot.date, slot.startTime, now, site.minimumNoticeHours)) return "inside_notice";
  if (slot.date > addDays(lastBrowsableWeekStart(now, site.bookingWeeksAhead), WEEK_DAYS - 1)) return "outside_window";
  if (slot.currentBookings >= slot.maxBookings) return "slot_full";
  return null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SHA-256 (hex) of a manage token; only the hash is stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a new manage link for `bookingId` inside the caller's transaction: a random 32-byte token
 * (base64url), of which only the hash is stored (`consultation_booking_manage_tokens`). Returns the
 * raw token, to be mailed; the booking's earlier links keep working.
 */
async function issueManageToken(tx: Transaction, bookingId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(consultationBookingManageTokens).values({ tokenHash: hashToken(token), bookingId });
  return token;
}

/** SQL: the booking is the one `token` (any of its manage links) opens. */
function openedBy(token: string) {
  return inArray(
    consultationBookings.id,
    db
      .select({ id: consultationBookingManageTokens.bookingId })
      .from(consultationBookingManageTokens)
      .where(eq(consultationBookingManageTokens.tokenHash, hashToken(token))),
  );
}

/** True when `token` is one of the manage links of `bookingId`. */
export async function isManageTokenOf(bookingId: string, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultationBookingManageTokens.bookingId })
    .from(consultationBookingManageTokens)
    .where(and(eq(consultationBookingManageTokens.tokenHash, hashToken(token)), eq(consultationBookingManageTokens.bookingId, bookingId)));
  return Boolean(row);
}

/** What a visitor asks for: the chosen type and slot ids and the validated details. */
export type CreateBookingInput = { typeId: string; slotId: string; details: BookingDetails };

/** The stored booking returned to callers. */
export type BookingRow = typeof consultationBookings.$inferSelect;

/**
 * Creates a pending booking (spec section 7 "Book") in ONE transaction: locks the slot row,
 * re-checks that the type is active and the slot exists, is available, not past, outside the
 * minimum notice, inside the booking window and not full; inserts the booking with a random manage token (hash stored),
 * increments `current_bookings`, and queues the visitor's confirmation (with `.ics` and manage
 * link) and the staff notifications.
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
          idempotencyKey,
          icsSequence: 0,
        })
        .returning();
      await tx
        .update(consultationAvailability)
        .set({ currentBookings: sql`${consultationAvailability.currentBookings} + 1`, updatedAt: now })
        .where(eq(consultationAvailability.id, slot.id));

      const token = await issueManageToken(tx, booking.id);
      const mail = bookingMailData(booking, slot);
      await enqueueEmails(tx, [confirmationEmail(mail, site, token), ...staffNotificationEmails(mail, site)]);
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

/** Locks a booking and its slot (in that order: every change locks bookings before slots). */
async function lockBooking(tx: Transaction, where: SQL) {
  const [booking] = await tx.select().from(consultationBookings).where(where).for("update");
  if (!booking) return null;
  const [slot] = await tx
    .select()
    .from(consultationAvailability)
    .where(eq(consultationAvailability.id, booking.availabilityId))
    .for("update");
  return { booking, slot: slot! };
}

/** Adds `delta` (+1 or -1) to a slot's `current_bookings`. */
async function movePlace(tx: Transaction, slotId: string, delta: 1 | -1) {
  await tx
    .update(consultationAvailability)
    .set({ currentBookings: sql`${consultationAvailability.currentBookings} + ${delta}`, updatedAt: new Date() })
    .where(eq(consultationAvailability.id, slotId));
}

/**
 * Withdraws a queued, not yet claimed reminder (dedupe keys `reminder:{id}` and
 * `reminder:{id}:{start}`), so none is sent after a cancellation or for a time left behind.
 */
async function withdrawReminder(tx: Transaction, bookingId: string, why = "Booking cancelled before the reminder was sent") {
  await tx
    .update(emailOutbox)
    .set({ status: "failed", lastError: why })
    .where(
      and(like(emailOutbox.dedupeKey, `reminder:${bookingId}%`), eq(emailOutbox.status, "pending"), eq(emailOutbox.attempts, 0)),
    );
}

/**
 * What the visitor's manage page shows about a booking. `date`, `startTime` (the slot's) and
 * `endTime` (the booking's own end: its start plus its length) are London wall-clock.
 */
export type ManagedBooking = {
  id: string;
  /** The slot the booking holds. */
  availabilityId: string;
  name: string;
  consultationType: string;
  status: BookingStatus;
  date: string;
  startTime: string;
  endTime: string;
  durationMinutes: number | null;
  /** The meeting link staff set (https), only while the booking is confirmed; null otherwise. */
  meetingLink: string | null;
};

/** The booking a manage token opens, or null for a wrong token. */
export async function getBookingByToken(token: string): Promise<ManagedBooking | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ booking: consultationBookings, slot: consultationAvailability })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(openedBy(token));
  return row ? managed(row.booking, row.slot) : null;
}

/** The outcome of a visitor's cancellation; never thrown. */
export type CancelResult =
  | { ok: true; booking: ManagedBooking }
  | { ok: false; reason: "not_found" | "already_cancelled" | "not_cancellable" | "started" };

/**
 * The visitor cancels through the manage link: only a pending or confirmed booking that has not
 * started. Frees the place, raises SEQUENCE and queues a cancellation with METHOD:CANCEL, notifies
 * nobody else, withdraws a queued reminder, records an audit entry (actor: system). One transaction.
 */
export async function cancelBookingByToken(token: string, { now = new Date() }: { now?: Date } = {}): Promise<CancelResult> {
  if (!token || token.length > 200) return { ok: false, reason: "not_found" };
  const site = await getMailSettings();
  return db.transaction(async (tx): Promise<CancelResult> => {
    const locked = await lockBooking(tx, openedBy(token));
    if (!locked) return { ok: false, reason: "not_found" };
    const { booking, slot } = locked;
    if (booking.status === "cancelled") return { ok: false, reason: "already_cancelled" };
    if (booking.status !== "pending" && booking.status !== "confirmed") return { ok: false, reason: "not_cancellable" };
    if (londonInstant(slot.date, slot.startTime).getTime() <= now.getTime()) return { ok: false, reason: "started" };

    const sequence = booking.icsSequence + 1;
    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: "cancelled", icsSequence: sequence, updatedAt: now })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    await movePlace(tx, slot.id, -1);
    await withdrawReminder(tx, booking.id);
    await enqueueEmails(tx, [cancellationEmail(bookingMailData(updated, slot), site, sequence, "visitor")]);
    await recordAudit(tx, {
      actor: null,
      action: "booking.cancelled_by_visitor",
      entityType: "booking",
      entityId: booking.id,
      details: { from: booking.status, to: "cancelled" },
    });
    return { ok: true, booking: managed(updated, slot) };
  });
}

function managed(b: BookingRow, slot: SlotRow): ManagedBooking {
  return {
    id: b.id,
    availabilityId: slot.id,
    name: b.name,
    consultationType: b.consultationType,
    status: b.status,
    date: slot.date,
    startTime: slot.startTime,
    endTime: bookingEndTime({ ...slot, durationMinutes: b.durationMinutes }),
    durationMinutes: b.durationMinutes,
    // Staff can only save https links; an older row's link of another kind is never shown.
    meetingLink: b.status === "confirmed" && b.meetingLink && /^https:\/\//i.test(b.meetingLink) ? b.meetingLink : null,
  };
}

/**
 * Why a visitor's reschedule was refused: a booking-state reason, a rate limit
 * (`reschedule_client_limit`, `reschedule_booking_limit`: HTTP 429), or a slot problem code.
 */
export type RescheduleRefusal =
  | "not_found"
  | "already_cancelled"
  | "not_reschedulable"
  | "started"
  | "same_slot"
  | "reschedule_client_limit"
  | "reschedule_booking_limit"
  | BookingErrorCode;

/** The outcome of a visitor's reschedule; never thrown for a broken rule. */
export type RescheduleResult =
  | { ok: true; booking: ManagedBooking; previous: { date: string; startTime: string } }
  | { ok: false; reason: RescheduleRefusal; message: string; slotProblem: boolean };

/**
 * Why a booking cannot be moved at `now` (cancelled, not pending/confirmed, or already started),
 * or null when it can. `date`/`startTime` are its slot's London wall-clock start.
 */
export function rescheduleBlocker(
  booking: { status: BookingStatus; date: string; startTime: string },
  now: Date = new Date(),
): "already_cancelled" | "not_reschedulable" | "started" | null {
  if (booking.status === "cancelled") return "already_cancelled";
  if (booking.status !== "pending" && booking.status !== "confirmed") return "not_reschedulable";
  if (londonInstant(booking.date, booking.startTime).getTime() <= now.getTime()) return "started";
  return null;
}

/** The message a visitor reads for a reschedule refusal. */
export function rescheduleMessage(reason: RescheduleRefusal): string {
  return reason in RESCHEDULE_MESSAGES
    ? RESCHEDULE_MESSAGES[reason as keyof typeof RESCHEDULE_MESSAGES]
    : ERROR_INFO[reason as BookingErrorCode].message;
}

const RESCHEDULE_MESSAGES: Record<Exclude<RescheduleRefusal, BookingErrorCode> | "not_found", string> = {
  not_found: ERROR_INFO.not_found.message,
  already_cancelled: "This booking has been cancelled, so it can no longer be moved. You are welcome to book another time.",
  not_reschedulable: "This booking can no longer be moved online. Please contact us if anything has changed.",
  started: "This consultation has already started, so it can no longer be moved online.",
  same_slot: "Your consultation is already at that time. Please choose a different time.",
  reschedule_client_limit:
    "Too many bookings have been moved from your network in the last hour. Please try again later or contact us directly.",
  reschedule_booking_limit:
    "This booking has been moved several times in the last hour. Please try again later or contact us directly.",
};

/** A limit tripped inside the reschedule's transaction: thrown so the transaction rolls back. */
class RescheduleLimitError extends Error {
  constructor(readonly reason: "reschedule_client_limit" | "reschedule_booking_limit") {
    super(reason);
  }
}

/**
 * The visitor moves their booking to another slot through the manage link (issue 12). ONE
 * transaction: locks the booking, then both slot rows in id order (so two visitors swapping slots
 * cannot deadlock), refuses a booking that is cancelled, not pending/confirmed or already started,
 * and re-checks the new slot exactly as `createBooking` does (available, not past, outside the
 * notice, inside the window, a place left). Then frees the old place and takes the new one, sets
 * the booking back to `pending` with its meeting link cleared, raises SEQUENCE, clears
 * `reminder_sent_at` and withdraws a queued reminder (so the 24-hour reminder follows the new
 * time), queues the visitor's updated invitation (same UID, TENTATIVE) and the staff
 * notifications, and records an audit entry (actor: system). A refusal changes nothing.
 *
 * Rate limits (ADR 0011's pattern, issue 12): a move that passes every rule above still counts
 * against `LIMITS.reschedulePerClient` (the client's IPv4 address or IPv6 /64, `clientIp`) and
 * `LIMITS.reschedulePerBooking` (this booking) in the same transaction; tripping either refuses it
 * with `reschedule_client_limit` / `reschedule_booking_limit` and rolls back, so nothing moves,
 * nothing is mailed and the refused attempt does not count.
 */
export async function rescheduleBookingByToken(
  token: string,
  newSlotId: string,
  { now = new Date(), clientIp }: { now?: Date; clientIp: string },
): Promise<RescheduleResult> {
  const refuse = (reason: RescheduleRefusal): RescheduleResult => ({
    ok: false,
    reason,
    message: rescheduleMessage(reason),
    slotProblem: isSlotProblem(reason),
  });
  if (!token || token.length > 200) return refuse("not_found");
  if (!UUID_RE.test(newSlotId)) return refuse("unknown_slot");
  const site = await getMailSettings();
  try {
    return await moveBooking(token, newSlotId, { now, clientIp, site, refuse });
  } catch (error) {
    if (error instanceof RescheduleLimitError) return refuse(error.reason);
    throw error;
  }
}

/** The transaction of `rescheduleBookingByToken`; throws `RescheduleLimitError` to roll back. */
async function moveBooking(
  token: string,
  newSlotId: string,
  {
    now,
    clientIp,
    site,
    refuse,
  }: { now: Date; clientIp: string; site: SiteSettings; refuse: (reason: RescheduleRefusal) => RescheduleResult },
): Promise<RescheduleResult> {
  return db.transaction(async (tx): Promise<RescheduleResult> => {
    const [booking] = await tx
      .select()
      .from(consultationBookings)
      .where(openedBy(token))
      .for("update");
    if (!booking) return refuse("not_found");

    const locked = new Map<string, SlotRow>();
    for (const id of [...new Set([booking.availabilityId, newSlotId])].sort()) {
      const [row] = await tx.select().from(consultationAvailability).where(eq(consultationAvailability.id, id)).for("update");
      if (row) locked.set(id, row);
    }
    const old = locked.get(booking.availabilityId)!;
    const blocked = rescheduleBlocker({ status: booking.status, date: old.date, startTime: old.startTime }, now);
    if (blocked) return refuse(blocked);
    if (booking.availabilityId === newSlotId) return refuse("same_slot");
    const target = locked.get(newSlotId);
    const refusal = slotRefusal(target, now, site);
    if (refusal) return refuse(refusal);
    if (await exceedsLimit(tx, `reschedule:client:${clientKey(clientIp)}`, LIMITS.reschedulePerClient, now)) {
      throw new RescheduleLimitError("reschedule_client_limit");
    }
    if (await exceedsLimit(tx, `reschedule:booking:${booking.id}`, LIMITS.reschedulePerBooking, now)) {
      throw new RescheduleLimitError("reschedule_booking_limit");
    }

    const [updated] = await tx
      .update(consultationBookings)
      .set({
        availabilityId: target!.id,
        status: "pending",
        meetingLink: null,
        icsSequence: booking.icsSequence + 1,
        reminderSentAt: null,
        updatedAt: now,
      })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    await movePlace(tx, old.id, -1);
    await movePlace(tx, target!.id, 1);
    await withdrawReminder(tx, booking.id, "Booking moved before the reminder was sent");
    const previous = { date: old.date, startTime: old.startTime };
    const mail = bookingMailData(updated, target!);
    await enqueueEmails(tx, [visitorRescheduleEmail(mail, site, token, previous), ...staffRescheduleNotificationEmails(mail, site, previous)]);
    await recordAudit(tx, {
      actor: null,
      action: "booking.rescheduled_by_visitor",
      entityType: "booking",
      entityId: booking.id,
      details: { from: booking.status, to: "pending", fromSlot: old.id, toSlot: target!.id },
    });
    return { ok: true, booking: managed(updated, target!), previous };
  });
}

/** The fields staff change in the booking detail dialog (spec section 7 "Update booking"). */
export type AdminBookingUpdate = {
  status: BookingStatus;
  /** `undefined` keeps the current value; "" or null clears it. */
  meetingLink?: string | null;
  meetingNotes?: string | null;
};

/**
 * A staff member updates a booking (spec section 4: any of the six statuses, no restricted
 * transitions). In one transaction: locks the booking and its slot; moving into cancelled or
 * rescheduled frees the place; moving out of them takes a place again, or throws
 * `BookingError("slot_full")` when the slot has none left. Mails the visitor: confirmed (with the
 * meeting link, updated invitation and a newly issued manage link), cancelled (METHOD:CANCEL), rescheduled; a changed meeting link
 * on a confirmed booking sends an updated invitation. Records an audit entry.
 * Throws `BookingError("not_found")` for an unknown id. Returns the updated row.
 */
export async function updateBookingByAdmin(
  actor: AuditActor,
  bookingId: string,
  update: AdminBookingUpdate,
): Promise<BookingRow> {
  if (!(BOOKING_STATUSES as readonly string[]).includes(update.status)) {
    throw new TypeError(`Unknown booking status: ${String(update.status)}`);
  }
  const site = await getMailSettings();
  const clean = (v: string | null) => (v?.trim() ? v.trim() : null);
  return db.transaction(async (tx) => {
    const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
    if (!locked) throw new BookingError("not_found");
    const { booking, slot } = locked;
    const before = booking.status;
    const after = update.status;
    const heldBefore = holdsPlace(before);
    const heldAfter = holdsPlace(after);
    if (!heldBefore && heldAfter) {
      if (slot.currentBookings >= slot.maxBookings) {
        throw new BookingError(
          "slot_full",
          "This booking's time is now fully booked, so it cannot take a place again. Raise the slot's maximum bookings or book the client into another time.",
        );
      }
      await movePlace(tx, slot.id, 1);
    } else if (heldBefore && !heldAfter) {
      await movePlace(tx, slot.id, -1);
    }

    const meetingLink = update.meetingLink === undefined ? booking.meetingLink : clean(update.meetingLink);
    const meetingNotes = update.meetingNotes === undefined ? booking.meetingNotes : clean(update.meetingNotes);
    const statusChanged = before !== after;
    const linkChanged = meetingLink !== booking.meetingLink;
    const mailKind =
      after === "confirmed" && (statusChanged || linkChanged)
        ? "confirmed"
        : statusChanged && (after === "cancelled" || after === "rescheduled")
          ? after
          : null;
    const sequence = mailKind ? booking.icsSequence + 1 : booking.icsSequence;

    const [updated] = await tx
      .update(consultationBookings)
      .set({ status: after, meetingLink, meetingNotes, icsSequence: sequence, updatedAt: new Date() })
      .where(eq(consultationBookings.id, booking.id))
      .returning();
    if (!heldAfter) await withdrawReminder(tx, booking.id);
    if (statusChanged && after === "confirmed") await recordBookingConfirmed(tx, booking.id, booking.consultationType);

    if (mailKind) {
      const mail = bookingMailData(updated, slot);
      const message =
        mailKind === "confirmed"
          ? confirmedEmail(mail, site, sequence, await issueManageToken(tx, booking.id))
          : mailKind === "cancelled"
            ? cancellationEmail(mail, site, sequence, "staff")
            : rescheduledEmail(mail, site, sequence);
      await enqueueEmails(tx, [message]);
    }
    await recordAudit(tx, {
      actor,
      action: statusChanged ? "booking.status_changed" : "booking.updated",
      entityType: "booking",
      entityId: booking.id,
      details: {
        from: before,
        to: after,
        ...(linkChanged ? { meetingLinkChanged: true } : {}),
        ...(meetingNotes !== booking.meetingNotes ? { notesChanged: true } : {}),
        ...(mailKind ? { mailed: mailKind } : {}),
      },
    });
    return updated;
  });
}

/**
 * Cancels a booking inside the caller's transaction because the visitor's personal data is being
 * erased (issue 11): locks the booking and its slot, frees the place when the booking held one,
 * withdraws a queued reminder, raises SEQUENCE and queues the usual staff cancellation mail
 * (METHOD:CANCEL) flagged `eraseAfterSend`, so the worker blanks the message once it is sent.
 * Records a `booking.cancelled_for_erasure` audit entry without personal data. Returns false when
 * the booking does not exist or is already cancelled.
 */
export async function cancelBookingForErasure(
  tx: Transaction,
  actor: AuditActor,
  bookingId: string,
  { site, now }: { site: SiteSettings; now: Date },
): Promise<boolean> {
  const locked = await lockBooking(tx, eq(consultationBookings.id, bookingId));
  if (!locked || locked.booking.status === "cancelled") return false;
  const { booking, slot } = locked;
  const sequence = booking.icsSequence + 1;
  const [updated] = await tx
    .update(consultationBookings)
    .set({ status: "cancelled", icsSequence: sequence, updatedAt: now })
    .where(eq(consultationBookings.id, booking.id))
    .returning();
  if (holdsPlace(booking.status)) await movePlace(tx, slot.id, -1);
  await withdrawReminder(tx, booking.id);
  await enqueueEmails(tx, [
    { ...cancellationEmail(bookingMailData(updated, slot), site, sequence, "staff"), eraseAfterSend: true },
  ]);
  await recordAudit(tx, {
    actor,
    action: "booking.cancelled_for_erasure",
    entityType: "booking",
    entityId: booking.id,
    details: { from: booking.status, to: "cancelled", mailed: "cancelled" },
  });
  return true;
}
