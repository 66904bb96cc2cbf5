/**
 * Engineers (`app/db/schema/engineers.ts`): their settings as the engineer form edits them, and
 * the diaries the free-time rules of `free-time.ts` read (working hours, days off, calendar busy
 * times, the bookings they hold). Dates are London `yyyy-mm-dd`, times London `HH:MM`.
 *
 * "Engineer mode" is on for a consultation type while at least one active member of staff takes
 * it; a type nobody takes is booked on slots and places alone, exactly as before engineers
 * existed (so is everything while no engineer is set up).
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, lte, max, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import {
  adminUsers,
  consultationAvailability,
  consultationBookings,
  consultationTypes,
  engineerConsultationTypes,
  engineerDaysOff,
  engineers,
  engineerWorkingHours,
} from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import type { SiteSettings } from "~/features/settings/schema";
import { busyIntervalsFor } from "~/features/calendars/busy-times.server";
import { logger } from "~/utils/logger.server";
import { addDays, londonInstant, londonToday } from "~/utils/time";
import { isUkBankHoliday } from "./availability-ranges.server";
import { PLACE_HOLDING_STATUSES } from "./booking-core.server";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { bookingDurationMinutes, engineerEmail, type BookingMailData } from "./booking-mail.server";
import type { InviteStatus } from "./ics";
import { ENGINEER_WEEKDAYS, type EngineerProfileInput, type HoursRange, weeklyRanges } from "./engineer-schema";
import { BookingError } from "./booking-errors.server";
import {
  chooseEngineer,
  DEFAULT_TYPE_RULES,
  isEngineerFree,
  offeredSlots,
  prepareDiary,
  type HeldBooking,
  type DaysOffRange,
  type Interval,
  type OfferedSlot,
  type PreparedDiary,
  type SlotLike,
  type TypeRules,
} from "./free-time";

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

/** Busy intervals by engineer id (`Interval`s) and the ids whose calendar is failing. */
export type BusyTimes = { busy: Map<string, Interval[]>; failing: Set<string> };

/**
 * The calendar busy times of engineers `ids` (admin user ids; their calendars are read by their
 * sign-in account) over the London dates `from` to `to` (a day either side
 * included, for buffers and meetings across midnight). A calendar that cannot be read at all marks
 * every engineer failing: they offer nothing (fail closed), and the error is logged.
 */
export async function fetchBusyTimes(ids: string[], from: string, to: string): Promise<BusyTimes> {
  const out: BusyTimes = { busy: new Map(), failing: new Set() };
  if (ids.length === 0) return out;
  try {
    // Calendars belong to the sign-in account (better-auth's user id), engineers to the staff profile.
    const accounts = await db.select({ id: adminUsers.id, userId: adminUsers.userId }).from(adminUsers).where(inArray(adminUsers.id, ids));
    const engineerOf = new Map(accounts.map((a) => [a.userId, a.id]));
    const answer = await busyIntervalsFor([...engineerOf.keys()], { start: londonInstant(addDays(from, -1), "00:00"), end: londonInstant(addDays(to, 2), "00:00") });
    for (const [userId, { busy, failing }] of answer) {
      const id = engineerOf.get(userId);
      if (!id) continue;
      out.busy.set(id, busy.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })));
      if (failing) out.failing.add(id);
    }
  } catch (error) {
    logger.error({ err: error }, "engineers' busy times could not be read; offering none of them");
    for (const id of ids) out.failing.add(id);
  }
  return out;
}

/**
 * The diaries of engineers `ids` for questions about London dates `from` to `to`: working hours,
 * days off, busy times (`busy`, fetched beforehand), the bookings they hold from the Monday of
 * `from`'s week to the day after `to` (for overlaps, daily caps and the round robin) and when their
 * latest booking was made. With `lock`, the engineers' rows are first locked (`FOR UPDATE`, in id
 * order): inside a booking's transaction, nobody else can give them a booking until it ends.
 * `executor` is that transaction, or the database for a read.
 */
export async function readDiaries(
  executor: Executor,
  ids: string[],
  { from, to, busy, lock = false }: { from: string; to: string; busy: BusyTimes; lock?: boolean },
): Promise<PreparedDiary[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  if (lock) {
    await executor.select({ id: engineers.adminUserId }).from(engineers).where(inArray(engineers.adminUserId, sorted)).orderBy(asc(engineers.adminUserId)).for("update");
  }
  const hours = await executor.select().from(engineerWorkingHours).where(inArray(engineerWorkingHours.adminUserId, sorted));
  const off = await executor
    .select()
    .from(engineerDaysOff)
    .where(and(inArray(engineerDaysOff.adminUserId, sorted), gte(engineerDaysOff.toDate, addDays(from, -1)), lte(engineerDaysOff.fromDate, addDays(to, 1))));
  const monday = addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7));
  const held = await executor
    .select({
      id: consultationBookings.id,
      engineerId: consultationBookings.engineerId,
      durationMinutes: consultationBookings.durationMinutes,
      date: consultationAvailability.date,
      startTime: consultationAvailability.startTime,
      endTime: consultationAvailability.endTime,
      bufferBeforeMinutes: sql<number>`coalesce(${consultationTypes.bufferBeforeMinutes}, 0)`,
      bufferAfterMinutes: sql<number>`coalesce(${consultationTypes.bufferAfterMinutes}, 0)`,
    })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .leftJoin(consultationTypes, eq(consultationTypes.id, consultationBookings.consultationTypeId))
    .where(
      and(
        inArray(consultationBookings.engineerId, sorted),
        inArray(consultationBookings.status, [...PLACE_HOLDING_STATUSES]),
        gte(consultationAvailability.date, addDays(monday, -1)),
        lte(consultationAvailability.date, addDays(to, 1)),
      ),
    );
  const latest = await executor
    .select({ engineerId: consultationBookings.engineerId, at: max(consultationBookings.createdAt) })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.engineerId, sorted), isNotNull(consultationBookings.engineerId)))
    .groupBy(consultationBookings.engineerId);
  return sorted.map((id) =>
    prepareDiary({
      id,
      workingHours: hours.filter((h) => h.adminUserId === id),
      daysOff: off.filter((d) => d.adminUserId === id).map((d) => ({ from: d.fromDate, to: d.toDate })),
      busy: busy.busy.get(id) ?? [],
      failing: busy.failing.has(id),
      bookings: held
        .filter((b) => b.engineerId === id)
        .map((b): HeldBooking => {
          const start = londonInstant(b.date, b.startTime).getTime();
          return {
            id: b.id,
            date: b.date,
            start,
            end: start + bookingDurationMinutes(b.durationMinutes, b) * 60_000,
            bufferBeforeMinutes: Number(b.bufferBeforeMinutes),
            bufferAfterMinutes: Number(b.bufferAfterMinutes),
          };
        }),
      lastAssignedAt: (() => {
        const at = latest.find((l) => l.engineerId === id)?.at;
        return at ? new Date(at).getTime() : null;
      })(),
    }),
  );
}

/**
 * The dates from `from` to `to` (London, inclusive) closed for consultations once engineers are
 * set up: England and Wales bank holidays, except those staff opened (`opened`).
 */
export function closedDatesBetween(from: string, to: string, opened: readonly string[]): Set<string> {
  const closed = new Set<string>();
  for (let d = from; d <= to; d = addDays(d, 1)) if (isUkBankHoliday(d) && !opened.includes(d)) closed.add(d);
  return closed;
}

/** What a time is wanted for: the type (null when it is gone), the meeting's length, and the booking being moved or reassigned. */
export type BookingFor = { typeId: string | null; durationMinutes: number; bookingId?: string };

/**
 * The offer of each of `slots` once engineers are set up (see `offeredSlots`: slots left out
 * are not offered), or null while engineer mode is off (slots and places alone decide).
 * `from`/`to` are the London dates the slots lie in; `openedBankHolidays` the site setting.
 */
export async function engineerOffers(
  slots: readonly SlotLike[],
  wanted: BookingFor,
  { now, from, to, openedBankHolidays }: { now: Date; from: string; to: string; openedBankHolidays: readonly string[] },
): Promise<Map<string, OfferedSlot> | null> {
  const setup = await engineerSetup(wanted.typeId, wanted.durationMinutes);
  if (!setup.engineerMode) return null;
  const busy = await fetchBusyTimes(setup.eligibleIds, from, to);
  const diaries = await readDiaries(db, setup.eligibleIds, { from, to, busy });
  const offered = offeredSlots(slots, diaries, setup.rules, {
    now: now.getTime(),
    closedDates: closedDatesBetween(from, to, openedBankHolidays),
    ignoreBookingId: wanted.bookingId,
  });
  return new Map(offered.map((o) => [o.slot.id, o]));
}

/** What an assignment needs from outside its transaction (PGlite runs one statement stream at a time). */
export type AssignmentPlan = EngineerSetup & { busy: BusyTimes; closedDates: Set<string> };

/**
 * Reads, before the booking's transaction, who may take a consultation `wanted` on London `date`
 * and their calendars' busy times; null while engineer mode is off (no engineer is assigned).
 */
export async function planAssignment(wanted: BookingFor, date: string, openedBankHolidays: readonly string[]): Promise<AssignmentPlan | null> {
  const setup = await engineerSetup(wanted.typeId, wanted.durationMinutes);
  if (!setup.engineerMode) return null;
  return { ...setup, busy: await fetchBusyTimes(setup.eligibleIds, date, date), closedDates: closedDatesBetween(date, date, openedBankHolidays) };
}

/**
 * Inside a booking's transaction (after the slot row is locked): locks the eligible engineers'
 * rows and picks the one who takes a consultation at `slot`: `prefer` when they are free (a moved
 * booking keeps its engineer when it can), else the round robin of `chooseEngineer` among the
 * free ones. Throws `BookingError` "unavailable_slot" (a closed date), "inside_notice" or
 * "outside_window" (the type's notice and horizon; not for a change by `staff`, who may book on
 * a closed day or at short notice), or "no_engineer" when nobody is free.
 * `plan.busy` must cover `slot.date`.
 */
export async function assignEngineer(
  tx: Transaction,
  slot: SlotLike,
  plan: AssignmentPlan,
  { now, bookingId, prefer, staff = false }: { now: Date; bookingId?: string; prefer?: string | null; staff?: boolean },
): Promise<string> {
  if (!staff) {
    if (plan.closedDates.has(slot.date)) throw new BookingError("unavailable_slot");
    const start = londonInstant(slot.date, slot.startTime).getTime();
    if (start < now.getTime() + plan.rules.minimumNoticeHours * 3_600_000) throw new BookingError("inside_notice");
    if (start > now.getTime() + plan.rules.horizonDays * 86_400_000) throw new BookingError("outside_window");
  }
  const diaries = await readDiaries(tx, plan.eligibleIds, { from: slot.date, to: slot.date, busy: plan.busy, lock: true });
  const free = diaries.filter((d) => isEngineerFree(d, slot, plan.rules, bookingId));
  if (prefer && free.some((d) => d.id === prefer)) return prefer;
  const chosen = chooseEngineer(free, slot.date, bookingId);
  if (!chosen) throw new BookingError("no_engineer");
  return chosen;
}

/** A Jitsi Meet room with a random, unguessable name: `https://meet.jit.si/<32 hex characters>` (no account needed). */
export function jitsiRoom(): string {
  return `${JITSI_ORIGIN}/${randomBytes(16).toString("hex")}`;
}

/** Where Jitsi Meet rooms made by `jitsiRoom` live. */
export const JITSI_ORIGIN = "https://meet.jit.si";

/** An engineer's personal meeting room address, or null when they have none. */
export async function engineerRoom(executor: Executor, engineerId: string): Promise<string | null> {
  const [row] = await executor.select({ url: engineers.meetingRoomUrl }).from(engineers).where(eq(engineers.adminUserId, engineerId));
  return row?.url ?? null;
}

/**
 * The meeting link made for a booking taken by `engineerId`, from the site setting `meetingLinks`:
 * the engineer's personal room when the setting says so and they have one, else a Jitsi room.
 */
export async function newMeetingLink(executor: Executor, engineerId: string, site: Pick<SiteSettings, "meetingLinks">): Promise<string> {
  const room = site.meetingLinks === "personal_room" ? await engineerRoom(executor, engineerId) : null;
  return room ?? jitsiRoom();
}

/**
 * The e-mails telling engineers of a change to a booking (`engineerEmail`): `from` is who held it
 * before the change, `to` who holds it after (null: nobody, e.g. cancelled). `from` other than
 * `to` is sent a cancellation (METHOD:CANCEL); `to` is sent the invitation at `status`. Both at
 * `sequence`. `fromMail` is the booking as `from` knew it (its old time, when moved). Engineers
 * whose account is gone are skipped.
 */
export async function engineerNotices(
  executor: Executor,
  mail: BookingMailData,
  site: SiteSettings & { address?: readonly string[] },
  {
    from,
    to,
    status,
    sequence,
    fromMail = mail,
  }: { from: string | null; to: string | null; status: InviteStatus; sequence: number; fromMail?: BookingMailData },
): Promise<OutgoingEmail[]> {
  const ids = [...new Set([from, to].filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  const people = await executor.select({ id: adminUsers.id, name: adminUsers.name, email: adminUsers.email }).from(adminUsers).where(inArray(adminUsers.id, ids));
  const person = (id: string | null) => people.find((p) => p.id === id);
  const out: OutgoingEmail[] = [];
  const before = person(from);
  if (before && from !== to) out.push(engineerEmail(fromMail, site, before, "CANCELLED", sequence));
  const after = person(to);
  if (after) out.push(engineerEmail(mail, site, after, status, sequence));
  return out;
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
