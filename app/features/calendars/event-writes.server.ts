/**
 * The queue of bookings to write into engineers' own CalDAV calendars (`calendar_event_writes`,
 * ADR 42). The booking side says, in the transaction of each booking change, what the booking's
 * event should now be (`queueEventWrites`); the job worker writes it (`writeDueCalendarEvents`,
 * through `write.server.ts`); the calendar card says what is waiting and what the engineer changed
 * by hand (`calendarWritesFor`).
 *
 * Rules:
 * - One row per booking and connection, holding only the latest wanted state: an event to put
 *   (its iCalendar object, times, STATUS, SEQUENCE) into the calendar of the engineer who holds the
 *   booking, or a delete from any other calendar it was written to. Changes queued before a write
 *   coalesce; `version` rises with each, so a write that finishes after a newer change leaves the
 *   row due again.
 * - Only CalDAV connections are written; an ICS subscription is read only.
 * - Due rows (`next_attempt_at` passed, no current lease) are claimed with
 *   `FOR UPDATE SKIP LOCKED` and a lease, so instances never write one row at once. A failed
 *   write is retried after {@link writeRetryDelayMs} (30 s doubling to an hour), for as long as the
 *   row stays; the booking itself was stored long before and never waits for it.
 * - An event the engineer moved or deleted by hand is left alone from then on: the row records the
 *   change (`hand_change`) and is no longer written, and the card shows it where it disagrees
 *   with the booking.
 * - The visitor's name is in a queued event (`ics`) only until it is written; a delete carries none.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { adminUsers, calendarConnections, calendarEventWrites, consultationBookings } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { checkAddress, sourceOf, type ConnectionRow } from "./sources.server";
import { CalendarWriteError, writeEvent, type WriteOutcome } from "./write.server";

/** How long a worker's claim on a row lasts; a finished write releases it sooner. */
export const WRITE_LEASE_MS = 2 * 60_000;
/** Most rows one worker run writes. */
export const WRITES_PER_RUN = 20;

/** The wait before the next try after `attempts` failed tries (1 or more): 30 s, doubling, at most an hour. */
export function writeRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * What a booking's event should be: written into the CalDAV calendar (if any) of better-auth user
 * `ownerUserId`, the engineer who holds the booking, as `ics` (one VCALENDAR, no METHOD) whose
 * event lasts `start`-`end` (instants) with `status` and `sequence`.
 */
export type WantedEvent = { ownerUserId: string; ics: string; start: Date; end: Date; status: "TENTATIVE" | "CONFIRMED"; sequence: number };

/**
 * Queues, inside the caller's transaction `tx` (the booking change's own), what booking
 * `bookingId`'s event (UID `uid`) should now be: `wanted`, or null when it should be in nobody's
 * calendar (cancelled, moved away, no engineer). The owner's CalDAV connection gets a put; every
 * other connection the event was queued for or written to gets a delete (a row never written is
 * dropped). Rows changed by hand keep their record and are not written again. Due at `now`.
 */
export async function queueEventWrites(tx: Transaction, bookingId: string, uid: string, wanted: WantedEvent | null, now: Date = new Date()): Promise<void> {
  const [target] = wanted
    ? await tx
        .select({ id: calendarConnections.id })
        .from(calendarConnections)
        .where(and(eq(calendarConnections.userId, wanted.ownerUserId), eq(calendarConnections.kind, "caldav")))
    : [];
  const rows = await tx.select().from(calendarEventWrites).where(eq(calendarEventWrites.bookingId, bookingId)).for("update");
  const bump = { version: sql`${calendarEventWrites.version} + 1`, updatedAt: now };
  for (const row of rows) {
    if (row.connectionId === target?.id) continue;
    if (row.handChange) {
      await tx.update(calendarEventWrites).set({ ...bump, action: "delete", ics: null, startsAt: null, endsAt: null, status: null, sequence: null }).where(eq(calendarEventWrites.id, row.id));
    } else if (!row.href && !(row.leaseUntil && row.leaseUntil > now)) {
      await tx.delete(calendarEventWrites).where(eq(calendarEventWrites.id, row.id));
    } else {
      await tx
        .update(calendarEventWrites)
        .set({ ...bump, action: "delete", ics: null, startsAt: null, endsAt: null, status: null, sequence: null, attempts: 0, nextAttemptAt: now })
        .where(eq(calendarEventWrites.id, row.id));
    }
  }
  if (!target || !wanted) return;
  const event = { action: "put" as const, startsAt: wanted.start, endsAt: wanted.end, status: wanted.status, sequence: wanted.sequence };
  const existing = rows.find((r) => r.connectionId === target.id);
  const same =
    existing?.action === "put" &&
    existing.sequence === wanted.sequence &&
    existing.status === wanted.status &&
    existing.startsAt?.getTime() === wanted.start.getTime() &&
    existing.endsAt?.getTime() === wanted.end.getTime();
  // A change that leaves the event as it is (notes, a status such as completed) writes nothing.
  if (same && !existing.handChange) return;
  if (existing?.handChange) {
    // Left as the engineer made it; the wanted times are kept to show the difference.
    await tx.update(calendarEventWrites).set({ ...bump, ...event }).where(eq(calendarEventWrites.id, existing.id));
  } else if (existing) {
    await tx.update(calendarEventWrites).set({ ...bump, ...event, ics: wanted.ics, attempts: 0, nextAttemptAt: now }).where(eq(calendarEventWrites.id, existing.id));
  } else {
    await tx.insert(calendarEventWrites).values({ bookingId, connectionId: target.id, uid, ...event, ics: wanted.ics, nextAttemptAt: now, createdAt: now, updatedAt: now });
  }
}

/**
 * Removes the events of bookings `bookingIds` from every calendar they were written to (erasure:
 * the event names the visitor), inside the caller's transaction or on the database `executor`:
 * rows never written are dropped, the others are queued as deletes due at `now`. Events the
 * engineer changed by hand stay theirs (ADR 42).
 */
export async function withdrawCalendarEvents(executor: Database | Transaction, bookingIds: string[], now: Date): Promise<void> {
  if (bookingIds.length === 0) return;
  const t = calendarEventWrites;
  const mine = and(inArray(t.bookingId, bookingIds), isNull(t.handChange));
  await executor.delete(t).where(and(mine, isNull(t.href), or(isNull(t.leaseUntil), lt(t.leaseUntil, now))));
  await executor
    .update(t)
    .set({ action: "delete", ics: null, startsAt: null, endsAt: null, status: null, sequence: null, version: sql`${t.version} + 1`, attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(mine);
}

const holderId = `${process.pid}-${randomUUID().slice(0, 8)}`;
type WriteRow = typeof calendarEventWrites.$inferSelect;

/** Claims up to `limit` due rows at `now` for this process (see the module docstring). */
async function claimDue(now: Date, limit: number): Promise<WriteRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: calendarEventWrites.id })
      .from(calendarEventWrites)
      .where(and(lte(calendarEventWrites.nextAttemptAt, now), or(isNull(calendarEventWrites.leaseUntil), lt(calendarEventWrites.leaseUntil, now))))
      .orderBy(asc(calendarEventWrites.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(calendarEventWrites)
      .set({ leaseUntil: new Date(now.getTime() + WRITE_LEASE_MS), leaseHolder: holderId })
      .where(inArray(calendarEventWrites.id, due.map((d) => d.id)))
      .returning();
  });
}

/** Records `outcome` of the write of claimed `row` (only while this process still holds its lease). */
async function record(row: WriteRow, outcome: WriteOutcome | { kind: "failed"; message: string }, now: Date): Promise<void> {
  const t = calendarEventWrites;
  const mine = and(eq(t.id, row.id), eq(t.leaseHolder, holderId));
  const unchanged = sql`${t.version} = ${row.version}`;
  const released = { leaseUntil: null, leaseHolder: null, updatedAt: now };
  // A newer change queued while writing keeps the row due (its next_attempt_at) and its event.
  const doneUnlessNewer = { nextAttemptAt: sql`case when ${unchanged} then null else ${t.nextAttemptAt} end`, ics: sql`case when ${unchanged} then null else ${t.ics} end` };
  switch (outcome.kind) {
    case "written":
      await db
        .update(t)
        .set({ ...released, ...doneUnlessNewer, href: outcome.href, etag: outcome.etag, writtenStartsAt: row.startsAt, writtenEndsAt: row.endsAt, writtenStatus: row.status, attempts: 0, lastError: null, lastErrorAt: null })
        .where(mine);
      return;
    case "removed": {
      const [gone] = await db.delete(t).where(and(mine, unchanged)).returning({ id: t.id });
      if (!gone) await db.update(t).set({ ...released, href: null, etag: null, writtenStartsAt: null, writtenEndsAt: null, writtenStatus: null, attempts: 0, lastError: null, lastErrorAt: null }).where(mine);
      return;
    }
    case "hand-changed":
      logger.info({ booking: row.bookingId, connection: row.connectionId, change: outcome.change }, "calendar: event changed by hand, left alone");
      await db
        .update(t)
        .set({
          ...released,
          handChange: outcome.change,
          handStartsAt: outcome.change === "moved" ? outcome.start : null,
          handEndsAt: outcome.change === "moved" ? outcome.end : null,
          handChangedAt: now,
          nextAttemptAt: null,
          ics: null,
          attempts: 0,
          lastError: null,
          lastErrorAt: null,
        })
        .where(mine);
      return;
    case "failed": {
      const attempts = row.attempts + 1;
      await db
        .update(t)
        .set({
          ...released,
          attempts,
          lastError: outcome.message.slice(0, 300),
          lastErrorAt: now,
          nextAttemptAt: sql`case when ${unchanged} then ${new Date(now.getTime() + writeRetryDelayMs(attempts)).toISOString()}::timestamptz else ${t.nextAttemptAt} end`,
        })
        .where(mine);
    }
  }
}

/** Writes one claimed row to its connection; never throws for the calendar's failure. */
async function writeClaimed(row: WriteRow, connection: ConnectionRow | undefined): Promise<WriteOutcome | { kind: "failed"; message: string }> {
  if (!connection || connection.kind !== "caldav") return { kind: "removed" };
  try {
    const source = await sourceOf(connection);
    if (source.kind !== "caldav") return { kind: "removed" };
    const addressError = await checkAddress(source.serverUrl);
    if (addressError) throw new CalendarWriteError(addressError);
    const written = row.writtenStartsAt && row.writtenEndsAt ? { start: row.writtenStartsAt, end: row.writtenEndsAt, status: row.writtenStatus ?? "" } : null;
    return await writeEvent(source, { bookingId: row.bookingId, uid: row.uid, action: row.action, ics: row.ics, href: row.href, etag: row.etag, written });
  } catch (error) {
    const message = error instanceof CalendarWriteError ? error.message : "The calendar could not be written.";
    if (!(error instanceof CalendarWriteError)) logger.warn({ err: error instanceof Error ? error.message : String(error), booking: row.bookingId }, "calendar: write failed unexpectedly");
    else logger.info({ err: message, booking: row.bookingId, attempts: row.attempts + 1 }, "calendar: write failed, will retry");
    return { kind: "failed", message };
  }
}

/**
 * One worker run at `now`: claims the due rows (at most {@link WRITES_PER_RUN}), writes each and
 * records the outcome (see the module docstring). A row whose connection is no longer CalDAV is
 * dropped (nothing can be written there). Never throws for a calendar's failure (it is recorded on
 * the row); throws only when the database fails.
 */
export async function writeDueCalendarEvents(now: Date = new Date(), limit: number = WRITES_PER_RUN): Promise<{ written: number; removed: number; handChanged: number; failed: number }> {
  const claimed = await claimDue(now, limit);
  const result = { written: 0, removed: 0, handChanged: 0, failed: 0 };
  if (claimed.length === 0) return result;
  const connections = await db.select().from(calendarConnections).where(inArray(calendarConnections.id, [...new Set(claimed.map((r) => r.connectionId))]));
  for (const row of claimed) {
    const outcome = await writeClaimed(row, connections.find((c) => c.id === row.connectionId));
    await record(row, outcome, new Date(Math.max(now.getTime(), Date.now())));
    if (outcome.kind === "written") result.written++;
    else if (outcome.kind === "removed") result.removed++;
    else if (outcome.kind === "hand-changed") result.handChanged++;
    else result.failed++;
  }
  return result;
}

/**
 * A booking's event the engineer changed by hand where it disagrees with the booking: the booking
 * (visitor's name and type), whose calendar it is (`owner`, the staff member's name), where the
 * calendar has it (`calendarStart`, null when deleted) and where the booking is (`bookingStart`,
 * null when it is no longer in this calendar: cancelled, moved away or given to someone else).
 * ISO 8601 instants.
 */
export type HandChangedEvent = { bookingId: string; name: string; consultationType: string; owner: string; calendarStart: string | null; bookingStart: string | null };

/** The hand changes (see {@link HandChangedEvent}) of the rows `where` picks, soonest booking first. */
async function handChanges(where: SQL): Promise<HandChangedEvent[]> {
  const t = calendarEventWrites;
  const changed = await db
    .select({ row: t, name: consultationBookings.name, consultationType: consultationBookings.consultationType, owner: adminUsers.name })
    .from(t)
    .innerJoin(consultationBookings, eq(consultationBookings.id, t.bookingId))
    .innerJoin(calendarConnections, eq(calendarConnections.id, t.connectionId))
    .innerJoin(adminUsers, eq(adminUsers.userId, calendarConnections.userId))
    // A deletion by hand of an event no longer wanted there agrees with the booking.
    .where(and(where, isNotNull(t.handChange), or(ne(t.action, "delete"), eq(t.handChange, "moved"))))
    .orderBy(asc(t.startsAt));
  return (
    changed
      // Moved by hand to where the booking has since been moved: they agree.
      .filter(({ row }) => !(row.handChange === "moved" && row.action === "put" && row.handStartsAt?.getTime() === row.startsAt?.getTime() && row.handEndsAt?.getTime() === row.endsAt?.getTime()))
      .map(({ row, name, consultationType, owner }) => ({
        bookingId: row.bookingId,
        name,
        consultationType,
        owner,
        calendarStart: row.handChange === "moved" ? (row.handStartsAt?.toISOString() ?? null) : null,
        bookingStart: row.action === "put" ? (row.startsAt?.toISOString() ?? null) : null,
      }))
  );
}

/**
 * `bookings` (by `id`, a booking id), each with `calendarChanges`: its events changed by hand in
 * an engineer's calendar that disagree with it (the booking dialog shows them). One query.
 */
export async function withCalendarChanges<T extends { id: string }>(bookings: T[]): Promise<(T & { calendarChanges: HandChangedEvent[] })[]> {
  const changes = bookings.length === 0 ? [] : await handChanges(inArray(calendarEventWrites.bookingId, bookings.map((b) => b.id)));
  return bookings.map((b) => ({ ...b, calendarChanges: changes.filter((c) => c.bookingId === b.id) }));
}

/**
 * What the card says of the bookings written into a connection: how many wait to be written, the
 * last error among them and when, and the events changed by hand that disagree with their
 * booking (soonest first).
 */
export type CalendarWritesView = { waiting: number; lastError: string | null; lastErrorAt: string | null; nextAttemptAt: string | null; handChanged: HandChangedEvent[] };

/** {@link CalendarWritesView} of connection `connectionId`. */
export async function calendarWritesFor(connectionId: string): Promise<CalendarWritesView> {
  const t = calendarEventWrites;
  const waiting = await db
    .select({ lastError: t.lastError, lastErrorAt: t.lastErrorAt, nextAttemptAt: t.nextAttemptAt })
    .from(t)
    .where(and(eq(t.connectionId, connectionId), isNotNull(t.nextAttemptAt)))
    .orderBy(asc(t.nextAttemptAt));
  const failed = waiting.filter((w) => w.lastErrorAt).sort((a, b) => b.lastErrorAt!.getTime() - a.lastErrorAt!.getTime())[0];
  return {
    waiting: waiting.length,
    lastError: failed?.lastError ?? null,
    lastErrorAt: failed?.lastErrorAt?.toISOString() ?? null,
    nextAttemptAt: waiting[0]?.nextAttemptAt?.toISOString() ?? null,
    handChanged: await handChanges(eq(t.connectionId, connectionId)),
  };
}
