/**
 * A staff member's own calendar connection: connect (an ICS subscription address, or a CalDAV
 * account), read it for busy times in the background and on demand, disconnect.
 *
 * - One connection per staff user (`calendar_connections.user_id` is unique): connecting again
 *   replaces it.
 * - Connecting reads the calendar once before anything is stored: a calendar that cannot be read
 *   is refused with the reason, and nothing is written. A good read stores the connection and its
 *   busy times in one transaction.
 * - Secrets (the ICS address, a private capability URL; the CalDAV app password) are encrypted at
 *   rest with the server secret, as the mailbox's IMAP password is (better-auth's
 *   `symmetricEncrypt`), and never sent back to a browser. Addresses must pass the SSRF guard
 *   (`app/utils/public-address.server.ts`) when saved and at every read.
 * - Reads: the job worker reads each calendar every `CALENDAR_REFRESH_MS` (default 5 minutes);
 *   "Refresh now" reads one at once. A read first takes the connection's lease (an UPDATE that
 *   succeeds only when no other lease is current, as the mailbox reader does), so one instance at
 *   a time reads a calendar; a read that dies leaves its lease to run out. A good read replaces
 *   the connection's busy times whole, in one transaction, and records `last_success_at`; a failed
 *   one keeps the previous busy times and records `last_error` (a short message for people).
 * - Busy times cover `BUSY_WINDOW_BEHIND_DAYS` before the read to every day a consultation can be
 *   booked: the longest booking horizon of any active consultation type, and a day more
 *   (`readAheadDays`). The calendar is parsed and expanded on a worker thread within a time and
 *   memory budget (`ics-pool.server.ts`); a calendar over it is refused with the reason, as any
 *   failed read is, and the same bytes sent again within the hour are refused without being parsed.
 * - A connection is failing when its last good read is older than `refreshWindowMs()` (twice
 *   the refresh interval: one missed read is a blip, two mean the calendar cannot be read); the
 *   engineer is then offered for nothing (`busy-times.server.ts`) and staff are told: on the card,
 *   on the dashboard, and by one e-mail to the calendar's owner for each failure (the first failed
 *   read once it is failing; again only after a good read).
 */
import { randomUUID } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { and, asc, eq, inArray, isNull, lt, max, or } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { adminUsers, calendarBusyTimes, calendarConnections, calendarEventWrites, consultationTypes } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails, isQueued } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import { env, serverSecret } from "~/utils/env.server";
import { formatUkDateTime24 } from "~/utils/format";
import { logger } from "~/utils/logger.server";
import type { BusyInterval, TimeWindow } from "./ical";
import { calendarWritesFor, type CalendarWritesView } from "./event-writes.server";
import { CalendarReadError, readBusyIntervals, type CalendarSource } from "./read.server";
import { checkAddress, sourceOf } from "./sources.server";
import type { ConnectCalendarInput } from "./schema";

/** Busy times are kept from this many days before a read. */
export const BUSY_WINDOW_BEHIND_DAYS = 1;
/** Days read ahead when no consultation type is active (the type form's default horizon). */
export const DEFAULT_READ_AHEAD_DAYS = 60;
/** How long a read's claim on a connection lasts; a finished read releases it sooner. */
export const CALENDAR_LEASE_MS = 2 * 60_000;
/** Most connections one worker run reads. */
export const CONNECTIONS_PER_RUN = 20;

const DAY_MS = 86_400_000;

/** How old a connection's last good read may be before it is failing: twice `CALENDAR_REFRESH_MS`. */
export function refreshWindowMs(): number {
  return 2 * env.CALENDAR_REFRESH_MS;
}

/**
 * How many days ahead a read covers: the longest booking horizon of any active consultation type
 * (1-365 days; {@link DEFAULT_READ_AHEAD_DAYS} when none is active), plus one day for the length
 * and buffers of a consultation starting on its last day. Read at every read, so a longer horizon
 * is covered from the next refresh on.
 */
export async function readAheadDays(): Promise<number> {
  const [row] = await db.select({ days: max(consultationTypes.horizonDays) }).from(consultationTypes).where(eq(consultationTypes.isActive, true));
  return (row?.days ?? DEFAULT_READ_AHEAD_DAYS) + 1;
}

/** The window a read at `now` covers, `aheadDays` ahead (see {@link readAheadDays}): instants, half-open. */
export function busyWindow(now: Date, aheadDays: number): TimeWindow {
  return { start: new Date(now.getTime() - BUSY_WINDOW_BEHIND_DAYS * DAY_MS), end: new Date(now.getTime() + aheadDays * DAY_MS) };
}

/** Whether a connection whose last good read was at `lastSuccessAt` is failing at `now`. */
export function isFailing(lastSuccessAt: Date | null, now: Date): boolean {
  return !lastSuccessAt || now.getTime() - lastSuccessAt.getTime() > refreshWindowMs();
}

/**
 * A connection as staff see it (ISO 8601 instants), without secrets: the ICS address is never
 * shown again, only its host; CalDAV shows its server address and user name, and what is
 * waiting to be written into it.
 */
export type CalendarConnectionView =
  | { connected: false }
  | {
      connected: true;
      kind: "ics" | "caldav";
      host: string;
      caldavUrl: string | null;
      caldavUsername: string | null;
      lastSuccessAt: string | null;
      lastError: string | null;
      lastErrorAt: string | null;
      failing: boolean;
      busyCount: number;
      /** The bookings written into it (CalDAV only; an ICS subscription is read only). */
      writes: CalendarWritesView | null;
    };

/** The connection of the staff user `userId` (a better-auth user id), as staff see it. */
export async function getCalendarConnection(userId: string, now: Date = new Date()): Promise<CalendarConnectionView> {
  const [row] = await db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
  if (!row) return { connected: false };
  const busy = await db.$count(calendarBusyTimes, eq(calendarBusyTimes.connectionId, row.id));
  return {
    connected: true,
    kind: row.kind,
    host: row.displayHost,
    caldavUrl: row.caldavUrl,
    caldavUsername: row.caldavUsername,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    failing: isFailing(row.lastSuccessAt, now),
    busyCount: busy,
    writes: row.kind === "caldav" ? await calendarWritesFor(row.id) : null,
  };
}

/**
 * What connecting answers: done (the busy times found in the `aheadDays` read), or a message for
 * the form (`field` names the field at fault).
 */
export type ConnectResult = { ok: true; busyCount: number; aheadDays: number } | { ok: false; field: "icsUrl" | "caldavUrl" | "caldavPassword" | null; message: string };

/** Replaces a connection's busy times with `busy`, inside the caller's transaction. */
async function replaceBusyTimes(tx: Transaction, connectionId: string, userId: string, busy: BusyInterval[]) {
  await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, connectionId));
  for (let i = 0; i < busy.length; i += 1000) {
    await tx.insert(calendarBusyTimes).values(busy.slice(i, i + 1000).map((b) => ({ connectionId, userId, startsAt: b.start, endsAt: b.end })));
  }
}

/**
 * Connects the calendar of staff user `userId` (replacing any connection they had), after one
 * good read: checks the address (SSRF guard), reads the calendar, and only then stores the
 * connection (secrets encrypted) and its busy times in one transaction, audited without secrets.
 * A failed read stores nothing and answers its reason. `actor` is who did it (the user, or an admin).
 */
export async function connectCalendar(actor: AuditActor, userId: string, input: ConnectCalendarInput, now: Date = new Date()): Promise<ConnectResult> {
  const url = input.kind === "ics" ? input.icsUrl : input.caldavUrl;
  const field = input.kind === "ics" ? "icsUrl" : "caldavUrl";
  const addressError = await checkAddress(url);
  if (addressError) return { ok: false, field, message: addressError };
  const source: CalendarSource = input.kind === "ics" ? { kind: "ics", url } : { kind: "caldav", serverUrl: url, username: input.caldavUsername, password: input.caldavPassword };
  let busy: BusyInterval[];
  const aheadDays = await readAheadDays();
  try {
    busy = await readBusyIntervals(source, busyWindow(now, aheadDays));
  } catch (error) {
    const message = error instanceof CalendarReadError ? error.message : "The calendar could not be read.";
    return { ok: false, field: /password/i.test(message) ? "caldavPassword" : field, message: `Could not read the calendar: ${message}` };
  }
  const values = {
    userId,
    kind: input.kind,
    icsUrlEncrypted: input.kind === "ics" ? await symmetricEncrypt({ key: serverSecret, data: url }) : null,
    caldavUrl: input.kind === "caldav" ? url : null,
    caldavUsername: input.kind === "caldav" ? input.caldavUsername : null,
    caldavPasswordEncrypted: input.kind === "caldav" ? await symmetricEncrypt({ key: serverSecret, data: input.caldavPassword }) : null,
    displayHost: new URL(url).hostname,
    lastSuccessAt: now,
    lastAttemptAt: now,
    lastError: null,
    lastErrorAt: null,
    leaseUntil: null,
    leaseHolder: null,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarConnections)
      .values(values)
      .onConflictDoUpdate({ target: calendarConnections.userId, set: values })
      .returning({ id: calendarConnections.id });
    await replaceBusyTimes(tx, row!.id, userId, busy);
    // The events written into the calendar this replaces stay there; what is queued or known of them no longer applies.
    await tx.delete(calendarEventWrites).where(eq(calendarEventWrites.connectionId, row!.id));
    await recordAudit(tx, {
      actor,
      action: "calendar.connected",
      entityType: "user",
      entityId: userId,
      details: { kind: input.kind, host: values.displayHost, ...(input.kind === "caldav" ? { username: input.caldavUsername } : {}) },
    });
  });
  return { ok: true, busyCount: busy.length, aheadDays };
}

/** Removes staff user `userId`'s connection and its busy times (audited). False when there was none. */
export async function disconnectCalendar(actor: AuditActor, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(calendarConnections).where(eq(calendarConnections.userId, userId)).returning({ host: calendarConnections.displayHost });
    if (removed.length === 0) return false;
    await recordAudit(tx, { actor, action: "calendar.disconnected", entityType: "user", entityId: userId, details: { host: removed[0]!.host } });
    return true;
  });
}

const holderId = `${process.pid}-${randomUUID().slice(0, 8)}`;
type ConnectionRow = typeof calendarConnections.$inferSelect;

/** Reads one claimed connection and records the outcome (only while this holder still has the lease). */
async function readClaimed(row: ConnectionRow, now: Date): Promise<{ ok: true } | { ok: false; message: string }> {
  const mine = and(eq(calendarConnections.id, row.id), eq(calendarConnections.leaseHolder, holderId));
  try {
    const source = await sourceOf(row);
    const url = source.kind === "ics" ? source.url : source.serverUrl;
    const addressError = await checkAddress(url);
    if (addressError) throw new CalendarReadError(addressError);
    const busy = await readBusyIntervals(source, busyWindow(now, await readAheadDays()));
    const at = new Date();
    // Stored only while this read still holds the lease (the connection was not replaced meanwhile).
    const stored = await db.transaction(async (tx) => {
      const [held] = await tx
        .update(calendarConnections)
        .set({ lastSuccessAt: at, lastAttemptAt: at, lastError: null, lastErrorAt: null, leaseUntil: null, leaseHolder: null })
        .where(mine)
        .returning({ id: calendarConnections.id });
      if (held) await replaceBusyTimes(tx, row.id, row.userId, busy);
      return Boolean(held);
    });
    return stored ? { ok: true } : { ok: false, message: "The calendar was changed while it was being read." };
  } catch (error) {
    const message = (error instanceof CalendarReadError ? error.message : "The calendar could not be read.").slice(0, 300);
    if (!(error instanceof CalendarReadError)) logger.warn({ err: error instanceof Error ? error.message : String(error), connection: row.id }, "calendar: read failed unexpectedly");
    else logger.info({ err: message, connection: row.id }, "calendar: read failed");
    const at = new Date();
    // The owner's notice is written once per failure: a later failed read of the same failure finds
    // it queued and renders nothing. Read before the transaction: PGlite has one connection, which
    // the transaction holds.
    const noticeDue = isFailing(row.lastSuccessAt, at) && !(await isQueued(db, failingNoticeKey(row)));
    const settings = noticeDue ? await getMailSettings() : null;
    await db.transaction(async (tx) => {
      const [held] = await tx.update(calendarConnections).set({ lastAttemptAt: at, lastError: message, lastErrorAt: at, leaseUntil: null, leaseHolder: null }).where(mine).returning({ id: calendarConnections.id });
      if (held && settings) await queueFailingNotice(tx, row, message, settings);
    });
    return { ok: false, message };
  }
}

/**
 * The outbox's dedupe key of the failing notice of connection `row`: it names the connection and
 * its last good read, so one failure has one notice and a failure after a good read a new one.
 */
const failingNoticeKey = (row: ConnectionRow) => `calendar-failing:${row.id}:${row.lastSuccessAt?.toISOString() ?? "never"}`;

/**
 * Queues the e-mail telling the owner of the failing connection `row` that their calendar cannot
 * be read (`message`, the last error) and what it means. Once per failure ({@link failingNoticeKey}):
 * later failed reads of the same failure queue nothing.
 */
async function queueFailingNotice(tx: Transaction, row: ConnectionRow, message: string, settings: Awaited<ReturnType<typeof getMailSettings>>): Promise<void> {
  const [owner] = await tx.select({ name: adminUsers.name, email: adminUsers.email }).from(adminUsers).where(and(eq(adminUsers.userId, row.userId), eq(adminUsers.isActive, true)));
  if (!owner) return;
  const since = row.lastSuccessAt ? `since ${formatUkDateTime24(row.lastSuccessAt)}` : "since it was connected";
  const body = `Your calendar (${row.kind === "ics" ? "the ICS subscription" : "the CalDAV account"} at ${row.displayHost}) could not be read ${since}. Until it reads again, visitors are offered no consultations with you.`;
  const { html, text } = renderEmail(
    {
      preheader: body,
      heading: "Your calendar cannot be read",
      intro: `Hello ${owner.name},`,
      paragraphs: [body, `The calendar server said: ${message}`, "Check the calendar's address or app password under Your account, then press Refresh now. We keep trying every few minutes."],
      button: { label: "Open your account", url: siteUrl("/admin/account") },
      footerNote: "You get this e-mail once each time your calendar stops being read.",
    },
    settings,
  );
  await enqueueEmails(tx, [
    { kind: "calendar.failing", to: owner.email, subject: "Your calendar cannot be read", html, text, dedupeKey: failingNoticeKey(row) },
  ]);
}

/** The lease condition: no lease, or one that ran out (leases run on the clock, whatever `now` a caller passes). */
const leaseFree = () => or(isNull(calendarConnections.leaseUntil), lt(calendarConnections.leaseUntil, new Date()));
/** The columns that take a connection's lease for this instance. */
const takeLease = () => ({ leaseUntil: new Date(Date.now() + CALENDAR_LEASE_MS), leaseHolder: holderId });

/** How long "Refresh now" waits for a read already under way (the worker's, say) to finish before answering `busy`. */
export const RUNNING_READ_WAIT_MS = 10_000;
const LEASE_POLL_MS = 250;

/**
 * Reads staff user `userId`'s calendar now ("Refresh now"). When another read of it is under way
 * (the background worker's), waits up to `waitMs` for it to finish and then reads again, so a
 * click that lands during a scheduled read still refreshes; answers `busy` only when that read is
 * still running after `waitMs`, and `none` when they have no connection.
 */
export async function refreshCalendarNow(
  userId: string,
  now: Date = new Date(),
  { waitMs = RUNNING_READ_WAIT_MS }: { waitMs?: number } = {},
): Promise<{ ok: true } | { ok: false; reason: "none" | "busy" | "failed"; message: string }> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const [claimed] = await db
      .update(calendarConnections)
      .set(takeLease())
      .where(and(eq(calendarConnections.userId, userId), leaseFree()))
      .returning();
    if (claimed) {
      const result = await readClaimed(claimed, now);
      return result.ok ? result : { ok: false, reason: "failed", message: result.message };
    }
    const [exists] = await db.select({ id: calendarConnections.id }).from(calendarConnections).where(eq(calendarConnections.userId, userId));
    if (!exists) return { ok: false, reason: "none", message: "No calendar is connected." };
    if (Date.now() >= giveUpAt) return { ok: false, reason: "busy", message: "The calendar is being read right now. Look again in a minute." };
    await new Promise((resolve) => setTimeout(resolve, Math.min(LEASE_POLL_MS, Math.max(0, giveUpAt - Date.now()))));
  }
}

/**
 * One worker run: reads every connection due (last attempt older than `CALENDAR_REFRESH_MS`,
 * of an active member of staff, oldest first, at most {@link CONNECTIONS_PER_RUN}), each claimed by its lease so instances never
 * read the same calendar at once. Never throws for a calendar's failure (it is recorded on it).
 */
export async function refreshDueCalendars(now: Date = new Date()): Promise<{ read: number; failed: number }> {
  const dueBefore = new Date(now.getTime() - env.CALENDAR_REFRESH_MS);
  const due = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        or(isNull(calendarConnections.lastAttemptAt), lt(calendarConnections.lastAttemptAt, dueBefore)),
        leaseFree(),
        // A deactivated member's calendar is no longer read (their connection stays until removed).
        inArray(calendarConnections.userId, db.select({ userId: adminUsers.userId }).from(adminUsers).where(eq(adminUsers.isActive, true))),
      ),
    )
    .orderBy(asc(calendarConnections.lastAttemptAt))
    .limit(CONNECTIONS_PER_RUN);
  const result = { read: 0, failed: 0 };
  for (const { id } of due) {
    const [claimed] = await db
      .update(calendarConnections)
      .set(takeLease())
      .where(and(eq(calendarConnections.id, id), leaseFree(), or(isNull(calendarConnections.lastAttemptAt), lt(calendarConnections.lastAttemptAt, dueBefore))))
      .returning();
    if (!claimed) continue;
    const outcome = await readClaimed(claimed, now);
    if (outcome.ok) result.read++;
    else result.failed++;
  }
  return result;
}

/** The staff whose calendar is failing (name and the last error), for the dashboard. */
export async function listFailingCalendars(now: Date = new Date()): Promise<{ userId: string; name: string; lastError: string | null }[]> {
  const rows = await db
    .select({ userId: calendarConnections.userId, name: adminUsers.name, lastSuccessAt: calendarConnections.lastSuccessAt, lastError: calendarConnections.lastError })
    .from(calendarConnections)
    .innerJoin(adminUsers, eq(adminUsers.userId, calendarConnections.userId))
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.name));
  return rows.filter((r) => isFailing(r.lastSuccessAt, now)).map(({ userId, name, lastError }) => ({ userId, name, lastError }));
}
