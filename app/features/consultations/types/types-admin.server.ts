/**
 * Consultation types managed in the portal (admins and super admins): create, edit
 * (name, description, duration 15-240 minutes in 15-minute steps, active), reorder and delete.
 * A type with bookings is never deleted (its bookings keep their history), only deactivated; the
 * booking wizard lists the active types by `sort_order` (`listActiveTypes`). Every change is one
 * transaction with its audit entry.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings, consultationTypes } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { londonToday } from "~/utils/time";
import type { ConsultationTypeInput } from "./types-admin";

/** A type as the admin screen lists it, with how many bookings use it and how many of those are still to come. */
export type AdminConsultationType = typeof consultationTypes.$inferSelect & { bookings: number; upcoming: number };

/** Statuses of a booking that is still going to happen (a pending or confirmed one). */
const UPCOMING_STATUSES = ["pending", "confirmed"] as const;

/** SQL counting a type's upcoming bookings: pending or confirmed, in a slot dated today or later (Europe/London). */
const upcomingCount = (today: string) =>
  sql<number>`count(${consultationBookings.id}) filter (where ${consultationBookings.status} in (${sql.join(
    UPCOMING_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) and ${consultationAvailability.date} >= ${today})`;

/** Every type (active or not) in the wizard's order, with its booking counts (upcoming as of `now`). */
export async function listConsultationTypes(now: Date = new Date()): Promise<AdminConsultationType[]> {
  const rows = await db
    .select({ type: consultationTypes, bookings: count(consultationBookings.id), upcoming: upcomingCount(londonToday(now)) })
    .from(consultationTypes)
    .leftJoin(consultationBookings, eq(consultationBookings.consultationTypeId, consultationTypes.id))
    .leftJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .groupBy(consultationTypes.id)
    .orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name));
  return rows.map((r) => ({ ...r.type, bookings: Number(r.bookings), upcoming: Number(r.upcoming) }));
}

/** Why a change was refused. */
export type TypeChangeError = "missing" | "duplicate_name" | "has_bookings" | "upcoming_bookings";

type Outcome = { ok: true; id: string } | { ok: false; reason: Exclude<TypeChangeError, "upcoming_bookings"> } | { ok: false; reason: "upcoming_bookings"; upcoming: number };


/** Adds a type at the end of the order. Refused when another type has the same name. */
export async function createConsultationType(actor: AuditActor, input: ConsultationTypeInput): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx.select({ max: sql<number | null>`max(${consultationTypes.sortOrder})` }).from(consultationTypes);
      const [row] = await tx
        .insert(consultationTypes)
        .values({ ...input, sortOrder: (last?.max ?? 0) + 1 })
        .returning();
      await recordAudit(tx, { actor, action: "consultation_type.created", entityType: "consultation_type", entityId: row!.id, details: { ...input } });
      return { ok: true as const, id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate_name" };
    throw error;
  }
}

/**
 * Changes a type's fields. Bookings already made keep their own stored duration. Deactivating a
 * type that has upcoming bookings (pending or confirmed, from today, Europe/London) is refused
 * with "upcoming_bookings" and their number unless `confirmDeactivation` is true: staff are told
 * what happens to them first (`deactivationConsequence`).
 */
export async function updateConsultationType(
  actor: AuditActor,
  id: string,
  input: ConsultationTypeInput,
  { confirmDeactivation = false, now = new Date() }: { confirmDeactivation?: boolean; now?: Date } = {},
): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(consultationTypes).where(eq(consultationTypes.id, id)).for("update");
      if (!before) return { ok: false as const, reason: "missing" as const };
      if (before.isActive && !input.isActive && !confirmDeactivation) {
        const [row] = await tx
          .select({ upcoming: upcomingCount(londonToday(now)) })
          .from(consultationBookings)
          .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
          .where(eq(consultationBookings.consultationTypeId, id));
        const upcoming = Number(row?.upcoming ?? 0);
        if (upcoming > 0) return { ok: false as const, reason: "upcoming_bookings" as const, upcoming };
      }
      await tx.update(consultationTypes).set(input).where(eq(consultationTypes.id, id));
      const { name, description, durationMinutes, isActive } = before;
      await recordAudit(tx, { actor, action: "consultation_type.updated", entityType: "consultation_type", entityId: id, details: { before: { name, description, durationMinutes, isActive }, after: { ...input } } });
      return { ok: true as const, id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate_name" };
    throw error;
  }
}

/** Moves a type one place up or down in the wizard's order (renumbering every type 1..n). */
export async function moveConsultationType(actor: AuditActor, id: string, direction: "up" | "down"): Promise<Outcome> {
  return db.transaction(async (tx) => {
    // Lock every type: two moves at once renumber one after the other.
    const types = await tx.select().from(consultationTypes).orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name)).for("update");
    const at = types.findIndex((t) => t.id === id);
    if (at === -1) return { ok: false as const, reason: "missing" as const };
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= types.length) return { ok: true as const, id };
    const order = [...types];
    [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [i, type] of order.entries()) {
      if (type.sortOrder !== i + 1) await tx.update(consultationTypes).set({ sortOrder: i + 1 }).where(eq(consultationTypes.id, type.id));
    }
    await recordAudit(tx, { actor, action: "consultation_type.moved", entityType: "consultation_type", entityId: id, details: { name: types[at]!.name, direction } });
    return { ok: true as const, id };
  });
}

/** Deletes a type that no booking uses; refused with "has_bookings" otherwise (deactivate it instead). */
export async function deleteConsultationType(actor: AuditActor, id: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select().from(consultationTypes).where(eq(consultationTypes.id, id)).for("update");
    if (!type) return { ok: false as const, reason: "missing" as const };
    const [used] = await tx.select({ n: count() }).from(consultationBookings).where(eq(consultationBookings.consultationTypeId, id));
    if ((used?.n ?? 0) > 0) return { ok: false as const, reason: "has_bookings" as const };
    await tx.delete(consultationTypes).where(eq(consultationTypes.id, id));
    await recordAudit(tx, { actor, action: "consultation_type.deleted", entityType: "consultation_type", entityId: id, details: { name: type.name } });
    return { ok: true as const, id };
  });
}
