/**
 * Engineers' profiles (`app/db/schema/engineers.ts`): their settings as the engineer form edits
 * them (taking consultations, types, weekly hours, days off, personal room), who may take
 * consultations at all, and who takes each type with its rules (`engineerSetup`). Dates are London
 * `yyyy-mm-dd`, times London `HH:MM`.
 *
 * "Engineer mode" is on for a consultation type while at least one active member of staff takes
 * it; a type nobody takes is booked on slots and places alone, exactly as before engineers
 * existed (so is everything while no engineer is set up).
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { adminUsers, consultationTypes, engineerConsultationTypes, engineerDaysOff, engineers, engineerWorkingHours } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { londonToday } from "~/utils/time";
import { ENGINEER_WEEKDAYS, type EngineerProfileInput, type HoursRange, weeklyRanges } from "./engineer-schema";
import { DEFAULT_TYPE_RULES, type DaysOffRange, type TypeRules } from "../core/index.server";

type Executor = Database | Transaction;

/** An engineer's settings as the form shows them; `hours` by weekday 1 (Monday) to 7 (Sunday). */
export type EngineerProfile = {
  takesConsultations: boolean;
  meetingRoomUrl: string | null;
  typeIds: string[];
  hours: Record<number, HoursRange[]>;
  /** Ranges of days off not yet over (ending today, London, or later), by first day. */
  daysOff: DaysOffRange[];
};

/** A member of staff's engineer settings (all off and empty when never set up). */
export async function getEngineerProfile(adminUserId: string, now: Date = new Date()): Promise<EngineerProfile> {
  const [row] = await db.select().from(engineers).where(eq(engineers.adminUserId, adminUserId));
  const hours: Record<number, HoursRange[]> = Object.fromEntries(ENGINEER_WEEKDAYS.map(({ weekday }) => [weekday, [] as HoursRange[]]));
  if (!row) return { takesConsultations: false, meetingRoomUrl: null, typeIds: [], hours, daysOff: [] };
  const types = await db.select().from(engineerConsultationTypes).where(eq(engineerConsultationTypes.adminUserId, adminUserId));
  const ranges = await db
    .select()
    .from(engineerWorkingHours)
    .where(eq(engineerWorkingHours.adminUserId, adminUserId))
    .orderBy(asc(engineerWorkingHours.weekday), asc(engineerWorkingHours.startTime));
  for (const r of ranges) hours[r.weekday].push({ startTime: r.startTime.slice(0, 5), endTime: r.endTime.slice(0, 5) });
  const daysOff = await db
    .select({ from: engineerDaysOff.fromDate, to: engineerDaysOff.toDate })
    .from(engineerDaysOff)
    .where(and(eq(engineerDaysOff.adminUserId, adminUserId), gte(engineerDaysOff.toDate, londonToday(now))))
    .orderBy(asc(engineerDaysOff.fromDate));
  return {
    takesConsultations: row.takesConsultations,
    meetingRoomUrl: row.meetingRoomUrl,
    typeIds: types.map((t) => t.consultationTypeId),
    hours,
    daysOff,
  };
}

/**
 * Replaces a member of staff's engineer settings with `input` in one transaction, with an audit
 * entry (`engineer.updated`): taking consultations, types (unknown ids are ignored), weekly hours,
 * days off (the merged ranges as parsed; ranges already over, which the form no longer shows, are
 * dropped) and personal meeting room. Bookings they already hold are kept as they are.
 */
export async function saveEngineerProfile(actor: AuditActor, adminUserId: string, input: EngineerProfileInput): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(engineers)
      .values({ adminUserId, takesConsultations: input.takesConsultations, meetingRoomUrl: input.meetingRoomUrl })
      .onConflictDoUpdate({
        target: engineers.adminUserId,
        set: { takesConsultations: input.takesConsultations, meetingRoomUrl: input.meetingRoomUrl, updatedAt: now },
      });
    await tx.delete(engineerConsultationTypes).where(eq(engineerConsultationTypes.adminUserId, adminUserId));
    const known = input.typeIds.length
      ? await tx.select({ id: consultationTypes.id }).from(consultationTypes).where(inArray(consultationTypes.id, input.typeIds))
      : [];
    if (known.length) await tx.insert(engineerConsultationTypes).values(known.map((t) => ({ adminUserId, consultationTypeId: t.id })));
    await tx.delete(engineerWorkingHours).where(eq(engineerWorkingHours.adminUserId, adminUserId));
    const ranges = weeklyRanges(input);
    if (ranges.length) await tx.insert(engineerWorkingHours).values(ranges.map((r) => ({ adminUserId, ...r })));
    await tx.delete(engineerDaysOff).where(eq(engineerDaysOff.adminUserId, adminUserId));
    const daysOff = input.daysOff;
    if (daysOff.length) await tx.insert(engineerDaysOff).values(daysOff.map((r) => ({ adminUserId, fromDate: r.from, toDate: r.to })));
    await recordAudit(tx, {
      actor,
      action: "engineer.updated",
      entityType: "admin_user",
      entityId: adminUserId,
      details: { takesConsultations: input.takesConsultations, types: known.length, ranges: ranges.length, daysOff: daysOff.length },
    });
  });
}

/** An engineer as staff pick one: id and name. */
export type EngineerOption = { id: string; name: string; email: string };

/**
 * Active members of staff who take consultations, by name. Only roles that may open
 * consultations (`MANAGER_ROLES`) take them: an engineer reads the visitor's details.
 */
export async function listEngineers(executor: Executor = db): Promise<EngineerOption[]> {
  return executor
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(engineers)
    .innerJoin(adminUsers, eq(adminUsers.id, engineers.adminUserId))
    .where(and(eq(engineers.takesConsultations, true), eq(adminUsers.isActive, true), inArray(adminUsers.role, [...MANAGER_ROLES])))
    .orderBy(asc(adminUsers.name));
}

/** The consultation types as the engineer form lists them: every type, active or not, in the wizard's order. */
export async function listTypesForEngineers(): Promise<{ id: string; name: string; isActive: boolean }[]> {
  return db
    .select({ id: consultationTypes.id, name: consultationTypes.name, isActive: consultationTypes.isActive })
    .from(consultationTypes)
    .orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name));
}

/**
 * Who may take a consultation of `typeId` (the active engineers who take that type) and the
 * type's rules. `engineerMode` is on for a type once at least one of them exists; a type nobody
 * takes (or a booking whose type is gone, `typeId` null) is booked on slots and places alone, as
 * before engineers existed.
 */
export type EngineerSetup = { engineerMode: boolean; eligibleIds: string[]; rules: TypeRules };

/** Reads `EngineerSetup` for a type through `executor`. */
export async function engineerSetup(typeId: string | null, durationMinutes: number, executor: Executor = db): Promise<EngineerSetup> {
  const all = await listEngineers(executor);
  const [type] = typeId ? await executor.select().from(consultationTypes).where(eq(consultationTypes.id, typeId)) : [];
  const rules: TypeRules = type
    ? {
        durationMinutes: type.durationMinutes,
        bufferBeforeMinutes: type.bufferBeforeMinutes,
        bufferAfterMinutes: type.bufferAfterMinutes,
        minimumNoticeHours: type.minimumNoticeHours,
        horizonDays: type.horizonDays,
        maxPerEngineerPerDay: type.maxPerEngineerPerDay,
      }
    : { ...DEFAULT_TYPE_RULES, durationMinutes };
  if (all.length === 0 || !type) return { engineerMode: false, eligibleIds: [], rules };
  const taking = await executor
    .select({ id: engineerConsultationTypes.adminUserId })
    .from(engineerConsultationTypes)
    .where(and(eq(engineerConsultationTypes.consultationTypeId, type.id), inArray(engineerConsultationTypes.adminUserId, all.map((e) => e.id))));
  return { engineerMode: taking.length > 0, eligibleIds: taking.map((t) => t.id).sort(), rules };
}

/**
 * The member of staff `adminUserId` when they may take consultations (active, a role that opens
 * consultations), with name and e-mail; null otherwise.
 */
export async function getEngineerCandidate(adminUserId: string): Promise<{ id: string; name: string; email: string } | null> {
  const [row] = await db
    .select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, adminUserId), eq(adminUsers.isActive, true), inArray(adminUsers.role, [...MANAGER_ROLES])));
  return row ?? null;
}
