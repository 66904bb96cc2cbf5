/**
 * Offering freed times to the waiting list (ADR 44). A periodic task (`offerFreedTimes`, in
 * `app/features/jobs/tasks.server.ts`) compares the free times of each live entry's window with
 * what it was already offered: a cancellation, a move, new availability, a day off removed or a
 * type's hours widened all show up as a free time not offered yet, whatever instance made the
 * change. Staff may also offer a time by hand (`offerTimeByHand`).
 *
 * Rules kept:
 * - an entry is mailed at most once per `OFFER_THROTTLE_MS`, about one time (the earliest free one
 *   in its window it was not offered), and never twice about the same slot at the same time
 *   (`waiting_list_offers` is unique per entry, slot, date and start);
 * - entries are served in the order they joined; everyone whose window holds a free time is told,
 *   and the first to book it gets it (the booking's own capacity rules decide);
 * - the work of one run is bounded: at most `ENTRIES_PER_RUN` entries, the least recently checked
 *   first, and one read of free times per consultation type over at most the booking window;
 * - several instances may run it at once: the free times are read outside any transaction (PGlite
 *   runs one statement stream at a time), then each entry is claimed with `FOR UPDATE SKIP LOCKED`
 *   and its throttle checked again under the lock before anything is written or queued.
 */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationTypes, waitingListEntries, waitingListOffers } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import { logger } from "~/utils/logger.server";
import { londonToday } from "~/utils/time";
import { getAvailableSlots, type AvailableSlot } from "../availability/index.server";
import { entryMailData, isLive, issueLeaveToken, joinableDates, waitingListDays, type WaitingListEntry } from "./entries.server";
import { offerEmail } from "./mail.server";
import { suits } from "./windows";

/** An entry is mailed at most once in this many ms (three hours). */
export const OFFER_THROTTLE_MS = 3 * 3_600_000;

/** Entries looked at in one run of the task. */
export const ENTRIES_PER_RUN = 50;

/** A time already offered to an entry: its slot and the London date and start it had then. */
type OfferKey = { availabilityId: string; slotDate: string; slotStartTime: string };

const sameTime = (o: OfferKey, s: AvailableSlot) => o.availabilityId === s.id && o.slotDate === s.date && o.slotStartTime.slice(0, 5) === s.start_time.slice(0, 5);

/**
 * The free times (a place left) of consultation type `typeId` between the London dates `from` and
 * `to` at `now`, as the wizard offers them for that type (engineers, notice, horizon, capacity).
 */
async function freeTimes(typeId: string, from: string, to: string, now: Date, settings: SiteSettings): Promise<AvailableSlot[]> {
  const [type] = await db.select().from(consultationTypes).where(eq(consultationTypes.id, typeId));
  if (!type?.isActive) return [];
  const slots = await getAvailableSlots({ startDate: from, endDate: to, now, settings, wanted: { typeId, durationMinutes: type.durationMinutes } });
  return slots.filter((s) => s.available_spots > 0);
}

/**
 * Claims `entry` under `FOR UPDATE SKIP LOCKED`, checks its throttle again, and when `slot` was not
 * offered to it yet records the offer, issues a leave link and queues the offer e-mail, all in one
 * transaction. `byHand`: a member of staff (`actor`, audited) offers it, not held by the
 * throttle. Returns the time offered, or null when none was.
 */
async function offer(
  entry: WaitingListEntry,
  pick: (offered: OfferKey[]) => AvailableSlot | undefined,
  { now, settings, byHand, actor = null }: { now: Date; settings: SiteSettings; byHand: boolean; actor?: AuditActor },
): Promise<AvailableSlot | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.id, entry.id),
          byHand ? undefined : or(isNull(waitingListEntries.lastOfferedAt), lt(waitingListEntries.lastOfferedAt, new Date(now.getTime() - OFFER_THROTTLE_MS))),
        ),
      )
      .for("update", { skipLocked: true });
    if (!locked) return null;
    const offered = await tx
      .select({ availabilityId: waitingListOffers.availabilityId, slotDate: waitingListOffers.slotDate, slotStartTime: waitingListOffers.slotStartTime })
      .from(waitingListOffers)
      .where(eq(waitingListOffers.entryId, entry.id));
    const slot = pick(offered);
    await tx
      .update(waitingListEntries)
      .set({ checkedAt: now, ...(slot ? { lastOfferedAt: now } : {}) })
      .where(eq(waitingListEntries.id, entry.id));
    if (!slot) return null;
    await tx.insert(waitingListOffers).values({
      entryId: entry.id,
      availabilityId: slot.id,
      slotDate: slot.date,
      slotStartTime: slot.start_time,
      byStaff: byHand,
      createdAt: now,
    });
    const token = await issueLeaveToken(tx, entry.id);
    const mail = await entryMailData(tx, locked);
    await enqueueEmails(tx, [offerEmail(mail, entry.consultationTypeId, { id: slot.id, date: slot.date, startTime: slot.start_time }, settings, token)]);
    if (byHand) await recordAudit(tx, { actor, action: "waiting_list.offered", entityType: "waiting_list_entry", entityId: entry.id, details: { slotId: slot.id } });
    return slot;
  });
}

/**
 * One run of the periodic task at `now` (see the module comment): looks at up to
 * `ENTRIES_PER_RUN` live entries not mailed within the throttle, reads the free times of their
 * types once, and offers each entry, in the order they joined, the earliest free time in its
 * window it was not offered yet. Returns how many offers were mailed.
 */
export async function offerFreedTimes(now: Date = new Date()): Promise<number> {
  const days = await waitingListDays();
  const today = londonToday(now);
  const due = await db
    .select()
    .from(waitingListEntries)
    .where(
      and(
        isLive(now, days),
        gte(waitingListEntries.dateTo, today),
        or(isNull(waitingListEntries.lastOfferedAt), lt(waitingListEntries.lastOfferedAt, new Date(now.getTime() - OFFER_THROTTLE_MS))),
      ),
    )
    .orderBy(sql`${waitingListEntries.checkedAt} asc nulls first`, asc(waitingListEntries.createdAt))
    .limit(ENTRIES_PER_RUN);
  if (due.length === 0) return 0;
  const settings = await getMailSettings();
  const window = joinableDates(now, settings.bookingWeeksAhead);

  const slotsByType = new Map<string, AvailableSlot[]>();
  for (const typeId of new Set(due.map((e) => e.consultationTypeId))) {
    const ofType = due.filter((e) => e.consultationTypeId === typeId);
    const from = [window.first, ...ofType.map((e) => e.dateFrom)].reduce((a, b) => (a < b ? a : b));
    const to = ofType.map((e) => e.dateTo).reduce((a, b) => (a > b ? a : b));
    const start = from < window.first ? window.first : from;
    const end = to > window.last ? window.last : to;
    slotsByType.set(typeId, start <= end ? await freeTimes(typeId, start, end, now, settings) : []);
  }

  let mailed = 0;
  for (const entry of [...due].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const candidates = (slotsByType.get(entry.consultationTypeId) ?? []).filter((s) => suits(entry, s));
    try {
      const sent = await offer(entry, (offered) => candidates.find((s) => !offered.some((o) => sameTime(o, s))), { now, settings, byHand: false });
      if (sent) mailed += 1;
    } catch (error) {
      logger.error({ err: error }, "a waiting-list offer could not be stored");
    }
  }
  return mailed;
}

/** Why staff could not offer a time: the entry is gone, the time is not free, or it was offered already. */
export type HandOfferResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * A member of staff offers a time by hand to an entry at `now`: the slot must be free for the
 * entry's type (as the wizard offers it) and not offered to this entry at this time before. Sends
 * the same e-mail as the worker, and records the offer and an audit entry.
 */
export async function offerTimeByHand(actor: AuditActor, { entryId, slotId }: { entryId: string; slotId: string }, now: Date = new Date()): Promise<HandOfferResult> {
  const days = await waitingListDays();
  const [entry] = await db.select().from(waitingListEntries).where(and(eq(waitingListEntries.id, entryId), isLive(now, days)));
  if (!entry) return { ok: false, status: 404, message: "That person is no longer on the waiting list." };
  const settings = await getMailSettings();
  const window = joinableDates(now, settings.bookingWeeksAhead);
  const free = (await freeTimes(entry.consultationTypeId, window.first, window.last, now, settings)).find((s) => s.id === slotId);
  if (!free) return { ok: false, status: 409, message: "That time is no longer free for this consultation type. Choose another." };
  const sent = await offer(entry, (offered) => (offered.some((o) => sameTime(o, free)) ? undefined : free), { now, settings, byHand: true, actor });
  return sent ? { ok: true } : { ok: false, status: 409, message: "This person was already offered that time." };
}

/** One entry as staff see it: who, the window, when it expires and the times offered so far. */
export type StaffWaitingEntry = {
  id: string;
  name: string;
  email: string;
  language: string;
  dateFrom: string;
  dateTo: string;
  weekdays: number[];
  dayParts: string[];
  createdAt: string;
  expiresAt: string;
  offers: { slotDate: string; slotStartTime: string; offeredAt: string; byStaff: boolean }[];
};

/** A consultation type's waiting list: its entries in the order they joined and the free times staff may offer. */
export type StaffWaitingList = {
  typeId: string;
  typeName: string;
  entries: StaffWaitingEntry[];
  /** Free times of the type in the booking window (London date, `HH:MM` start), at most 60. */
  freeTimes: { id: string; date: string; startTime: string }[];
};

/** The live waiting lists at `now`, one per type with entries (types by their order), for the staff portal. */
export async function listWaitingLists(now: Date = new Date()): Promise<StaffWaitingList[]> {
  const days = await waitingListDays();
  const rows = await db
    .select({ entry: waitingListEntries, typeName: consultationTypes.name, sortOrder: consultationTypes.sortOrder })
    .from(waitingListEntries)
    .innerJoin(consultationTypes, eq(consultationTypes.id, waitingListEntries.consultationTypeId))
    .where(isLive(now, days))
    .orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name), asc(waitingListEntries.createdAt));
  if (rows.length === 0) return [];
  const offers = await db
    .select()
    .from(waitingListOffers)
    .where(inArray(waitingListOffers.entryId, rows.map((r) => r.entry.id)))
    .orderBy(asc(waitingListOffers.createdAt));
  const settings = await getMailSettings();
  const window = joinableDates(now, settings.bookingWeeksAhead);
  const lists: StaffWaitingList[] = [];
  for (const { entry, typeName } of rows) {
    let list = lists.find((l) => l.typeId === entry.consultationTypeId);
    if (!list) {
      const free = await freeTimes(entry.consultationTypeId, window.first, window.last, now, settings);
      list = { typeId: entry.consultationTypeId, typeName, entries: [], freeTimes: free.slice(0, 60).map((s) => ({ id: s.id, date: s.date, startTime: s.start_time.slice(0, 5) })) };
      lists.push(list);
    }
    list.entries.push({
      id: entry.id,
      name: entry.name,
      email: entry.email,
      language: entry.language,
      dateFrom: entry.dateFrom,
      dateTo: entry.dateTo,
      weekdays: entry.weekdays,
      dayParts: entry.dayParts,
      createdAt: entry.createdAt.toISOString(),
      expiresAt: new Date(entry.createdAt.getTime() + days * 86_400_000).toISOString(),
      offers: offers
        .filter((o) => o.entryId === entry.id)
        .map((o) => ({ slotDate: o.slotDate, slotStartTime: o.slotStartTime.slice(0, 5), offeredAt: o.createdAt.toISOString(), byStaff: o.byStaff })),
    });
  }
  return lists;
}
