/**
 * Availability slots managed by staff (`docs/design.md` section 6): list upcoming, create, edit
 * and delete one slot, and the five consultation stats. Slots over a range of dates (recurring
 * creation, closing dates) are in `availability-ranges.server.ts`.
 *
 * Dates (`yyyy-mm-dd`) and times (`HH:MM`) are Europe/London wall-clock values, as stored.
 * Every change runs in one transaction together with its audit entry.
 *
 * Rules beyond the spec (decided here):
 * - A slot that any booking references (whatever its status, cancelled included) cannot be deleted
 *   and cannot change its date or times: the booking history keeps pointing at that slot (the
 *   foreign key is RESTRICT), so staff cancel or move the bookings first, or close the slot.
 * - Maximum bookings can never go below the places currently taken (`current_bookings`).
 * - Two slots cannot share a date and start time (unique in the database).
 */
import { isUniqueViolation } from "~/db/sql";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { AuditActor } from "~/features/audit/audit.server";
import { recordAudit } from "~/features/audit/audit.server";
import { db, type Transaction } from "~/db/client.server";
import { consultationAvailability, consultationBookings } from "~/db/schema";
import { addDays, londonToday, startOfWeek } from "~/utils/time";
import { slotPlaceColumns } from "./slots.server";

/** A rule broken by a slot change; `message` is written for staff and safe to show as is. */
export class SlotRuleError extends Error {
  constructor(
    message: string,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "SlotRuleError";
  }
}

/** The slot asked for does not exist (deleted meanwhile). */
export class SlotNotFoundError extends Error {
  constructor() {
    super("This availability slot no longer exists. Refresh the page.");
    this.name = "SlotNotFoundError";
  }
}

/** A slot as the admin grid shows it; times `HH:MM` London. */
export type AdminSlot = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  maxBookings: number;
  /** Places taken (bookings that hold a place). */
  currentBookings: number;
  isAvailable: boolean;
  /** Bookings of any status referencing the slot; above 0 the slot cannot be deleted or moved. */
  bookingCount: number;
};

/** `HH:MM:SS` or `HH:MM` to `HH:MM`. */
const hhmm = (t: string) => t.slice(0, 5);

const slotColumns = {
  ...slotPlaceColumns,
  isAvailable: consultationAvailability.isAvailable,
  // Qualified by hand: in a single-table select Drizzle leaves column names unqualified.
  bookingCount: sql<number>`(select count(*) from consultation_bookings b where b.availability_id = consultation_availability.id)::int`,
};

const toSlot = (r: { startTime: string; endTime: string; bookingCount: number | string } & Omit<AdminSlot, "startTime" | "endTime" | "bookingCount">): AdminSlot => ({
  ...r,
  startTime: hhmm(r.startTime),
  endTime: hhmm(r.endTime),
  bookingCount: Number(r.bookingCount),
});

/**
 * Slots dated today (London) or later, ordered by date then start time.
 * Includes unavailable slots. `limit` caps the list (default 500).
 */
export async function listUpcomingSlots(now: Date, limit = 500): Promise<AdminSlot[]> {
  const rows = await db
    .select(slotColumns)
    .from(consultationAvailability)
    .where(gte(consultationAvailability.date, londonToday(now)))
    .orderBy(asc(consultationAvailability.date), asc(consultationAvailability.startTime))
    .limit(limit);
  return rows.map(toSlot);
}

const DUPLICATE_MESSAGE = "Another slot already starts at that date and time.";

/**
 * Creates one available slot. Input is validated by
 * `singleSlotSchema`. Throws `SlotRuleError` when a slot already starts at that date and time.
 * Returns the new slot.
 */
export async function createSlot(
  actor: AuditActor,
  input: { date: string; startTime: string; endTime: string; maxBookings: number },
): Promise<AdminSlot> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(consultationAvailability)
        .values({ ...input, isAvailable: true, currentBookings: 0 })
        .onConflictDoNothing()
        .returning({ id: consultationAvailability.id });
      if (!row) throw new SlotRuleError(DUPLICATE_MESSAGE, "startTime");
      await recordAudit(tx, { actor, action: "slot.created", entityType: "slot", entityId: row.id, details: input });
      return { id: row.id, ...input, currentBookings: 0, isAvailable: true, bookingCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotRuleError(DUPLICATE_MESSAGE, "startTime");
    throw error;
  }
}

/**
 * Locks a slot row (`FOR UPDATE`) and counts the bookings of any status that reference it.
 * Throws `SlotNotFoundError` when there is no such slot.
 */
async function lockSlot(tx: Transaction, id: string) {
  const [current] = await tx.select().from(consultationAvailability).where(eq(consultationAvailability.id, id)).for("update");
  if (!current) throw new SlotNotFoundError();
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(consultationBookings)
    .where(eq(consultationBookings.availabilityId, id));
  return { current, bookingCount: Number(count) };
}

/**
 * Updates a slot's date, times, maximum and availability.
 * Locks the slot row so a booking taken meanwhile is counted. Throws `SlotNotFoundError`, or
 * `SlotRuleError` when the maximum would fall below the places taken, when the date or times of
 * a slot with bookings would change, or when another slot starts at the new date and time.
 */
export async function updateSlot(
  actor: AuditActor,
  id: string,
  input: { date: string; startTime: string; endTime: string; maxBookings: number; isAvailable: boolean },
): Promise<AdminSlot> {
  try {
    return await db.transaction(async (tx) => {
      const { current, bookingCount } = await lockSlot(tx, id);
      if (input.maxBookings < current.currentBookings) {
        throw new SlotRuleError(
          `This slot already has ${current.currentBookings} booking${current.currentBookings === 1 ? "" : "s"}; maximum bookings cannot be lower than that.`,
          "maxBookings",
        );
      }
      const moved =
        input.date !== current.date ||
        input.startTime !== hhmm(current.startTime) ||
        input.endTime !== hhmm(current.endTime);
      if (moved && bookingCount > 0) {
        throw new SlotRuleError(
          "This slot has bookings, so its date and times cannot change. Cancel or reschedule its bookings first, or add a new slot.",
          "date",
        );
      }
      if (moved) {
        const [clash] = await tx
          .select({ id: consultationAvailability.id })
          .from(consultationAvailability)
          .where(
            and(
              eq(consultationAvailability.date, input.date),
              eq(consultationAvailability.startTime, input.startTime),
              sql`${consultationAvailability.id} <> ${id}`,
            ),
          );
        if (clash) throw new SlotRuleError(DUPLICATE_MESSAGE, "startTime");
      }
      await tx
        .update(consultationAvailability)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(consultationAvailability.id, id));
      await recordAudit(tx, {
        actor,
        action: "slot.updated",
        entityType: "slot",
        entityId: id,
        details: {
          before: {
            date: current.date,
            startTime: hhmm(current.startTime),
            endTime: hhmm(current.endTime),
            maxBookings: current.maxBookings,
            isAvailable: current.isAvailable,
          },
          after: input,
        },
      });
      return { id, ...input, currentBookings: current.currentBookings, bookingCount };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotRuleError(DUPLICATE_MESSAGE, "startTime");
    throw error;
  }
}

/**
 * Deletes a slot. Refused with `SlotRuleError` while any booking
 * (of any status) references it: cancel or move those bookings, or mark the slot unavailable.
 * Throws `SlotNotFoundError` when it is already gone.
 */
export async function deleteSlot(actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { current, bookingCount: n } = await lockSlot(tx, id);
    if (n > 0) {
      throw new SlotRuleError(
        `This slot still has ${n} booking${n === 1 ? "" : "s"} (including cancelled ones), so it cannot be deleted. Mark it unavailable instead, or move its bookings first.`,
      );
    }
    await tx.delete(consultationAvailability).where(eq(consultationAvailability.id, id));
    await recordAudit(tx, {
      actor,
      action: "slot.deleted",
      entityType: "slot",
      entityId: id,
      details: { date: current.date, startTime: hhmm(current.startTime), endTime: hhmm(current.endTime) },
    });
  });
}

/** The five stat cards. */
export type ConsultationStats = {
  total_bookings: number;
  pending_bookings: number;
  confirmed_bookings: number;
  completed_bookings: number;
  /**
   * Bookings whose slot falls in the London Monday-to-Sunday week containing today, except
   * cancelled and rescheduled ones (those no longer take place then).
   */
  this_week_bookings: number;
};

/** Counts for the stat cards at instant `now`. One query. */
export async function getConsultationStats(now: Date): Promise<ConsultationStats> {
  const monday = startOfWeek(londonToday(now));
  const sunday = addDays(monday, 6);
  const b = consultationBookings;
  const a = consultationAvailability;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${b.status} = 'pending'))::int`,
      confirmed: sql<number>`(count(*) filter (where ${b.status} = 'confirmed'))::int`,
      completed: sql<number>`(count(*) filter (where ${b.status} = 'completed'))::int`,
      thisWeek: sql<number>`(count(*) filter (where ${a.date} between ${monday} and ${sunday} and ${b.status} not in ('cancelled', 'rescheduled')))::int`,
    })
    .from(b)
    .innerJoin(a, eq(a.id, b.availabilityId));
  return {
    total_bookings: Number(row?.total ?? 0),
    pending_bookings: Number(row?.pending ?? 0),
    confirmed_bookings: Number(row?.confirmed ?? 0),
    completed_bookings: Number(row?.completed ?? 0),
    this_week_bookings: Number(row?.thisWeek ?? 0),
  };
}
