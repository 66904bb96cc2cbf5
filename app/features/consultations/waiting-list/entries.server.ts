/**
 * The waiting list's entries (ADR 44): a visitor joins from the wizard when no time suits, leaves
 * from the link in any of its e-mails, and staff see and remove entries. An entry expires
 * `waitingListDays` days after it joined (a retention period in the site settings): it is no longer
 * offered times and the daily retention run deletes it.
 *
 * Joining runs through the public form pipeline: the form guard (honeypot, signed render token
 * that must be old enough), then the booking's abuse limits inside the transaction: at most
 * `ACTIVE_BOOKINGS_PER_EMAIL` live entries per e-mail address (under an advisory lock on the
 * address) and the `waitingListPerClient` and `waitingListGlobal` hourly limits. A refused join
 * stores nothing and counts nothing.
 *
 * Leave links are as the bookings' manage links: a random token, only its SHA-256 stored, one per
 * e-mail. Leaving deletes the entry with its offers and links, so a used link opens nothing.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationTypes, siteSettings, waitingListEntries, waitingListLeaveTokens, waitingListOffers } from "~/db/schema";
import { checkFormGuard } from "~/features/abuse/form-guard.server";
import { ACTIVE_BOOKINGS_PER_EMAIL, clientKey, exceedsLimit, LIMITS } from "~/features/abuse/limits.server";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import type { SiteSettings } from "~/features/settings/schema";
import { RETENTION_LIMITS } from "~/utils/domain";
import { parseSubmission, refusedFields, submissionObject, submittedValues, type FailedSubmission, type SubmissionInput, type SubmittedValues } from "~/utils/forms";
import { formatLongDate } from "~/utils/format";
import { languageInfo, type Language } from "~/utils/i18n";
import { logger } from "~/utils/logger.server";
import { m } from "~/utils/paraglide/messages";
import { addDays, londonToday } from "~/utils/time";
import { hashToken, lastBrowsableWeekStart, WEEK_DAYS } from "../core/index.server";
import { joinedEmail, type EntryMailData } from "./mail.server";
import { WAITING_LIST_FIELDS, WAITING_LIST_LISTS, waitingListJoinSchema } from "./schema";

const DAY_MS = 86_400_000;

/** A stored entry. */
export type WaitingListEntry = typeof waitingListEntries.$inferSelect;

/** Days an entry stays on the list (the site setting; the default when no settings row exists). */
export async function waitingListDays(executor: Database | Transaction = db): Promise<number> {
  const [row] = await executor.select({ days: siteSettings.retentionWaitingListDays }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.days ?? RETENTION_LIMITS.waitingListDays.default;
}

/** SQL: the entry joined after the instant `now - days`, so it has not expired. */
export function isLive(now: Date, days: number) {
  return gt(waitingListEntries.createdAt, new Date(now.getTime() - days * DAY_MS));
}

/** The instant an entry that joined at `createdAt` expires, with the list's period of `days`. */
export function expiresAt(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * DAY_MS);
}

/**
 * The London dates a visitor may ask for at `now`: today to the last day of the booking window
 * (`bookingWeeksAhead` weeks counting the current one), as the wizard lets them browse.
 */
export function joinableDates(now: Date, weeksAhead: number): { first: string; last: string } {
  return { first: londonToday(now), last: addDays(lastBrowsableWeekStart(now, weeksAhead), WEEK_DAYS - 1) };
}

/**
 * Issues a leave link for `entryId` inside the caller's transaction: a random 32-byte token
 * (base64url), of which only the hash is stored. Returns the raw token, to be mailed.
 */
export async function issueLeaveToken(tx: Transaction, entryId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(waitingListLeaveTokens).values({ tokenHash: hashToken(token), entryId });
  return token;
}

/** What an entry's messages need: the entry with its type's name and length. */
export async function entryMailData(executor: Database | Transaction, entry: WaitingListEntry): Promise<EntryMailData> {
  const [type] = await executor
    .select({ name: consultationTypes.name, durationMinutes: consultationTypes.durationMinutes })
    .from(consultationTypes)
    .where(eq(consultationTypes.id, entry.consultationTypeId));
  return { ...entry, typeName: type?.name ?? "", durationMinutes: type?.durationMinutes ?? 0 };
}

/** Why a join was refused: the form check, an abuse limit, or a type no longer offered. */
export type JoinRefusalCode = "form_check" | "form_too_fast" | "email_limit" | "client_limit" | "global_limit" | "inactive_type";

/**
 * The outcome of a join: the entry, the form's field errors (HTTP 400), or a refusal with its
 * code, message (in the page's language), HTTP status and the submitted text to show again.
 */
export type JoinResult =
  | { ok: true; entry: WaitingListEntry; typeName: string }
  | FailedSubmission
  | { ok: false; code: JoinRefusalCode; message: string; status: number; values: SubmittedValues };

const REFUSAL_STATUS: Record<JoinRefusalCode, number> = {
  form_check: 400,
  form_too_fast: 400,
  email_limit: 429,
  client_limit: 429,
  global_limit: 429,
  inactive_type: 409,
};

function refusalMessage(code: JoinRefusalCode, language: Language): string {
  const locale = { locale: language };
  switch (code) {
    case "form_check":
      return m.waitlist_error_form_check({}, locale);
    case "form_too_fast":
      return m.waitlist_error_form_too_fast({}, locale);
    case "email_limit":
      return m.waitlist_error_email_limit({ count: ACTIVE_BOOKINGS_PER_EMAIL }, locale);
    case "client_limit":
    case "global_limit":
      return m.waitlist_error_limit({}, locale);
    case "inactive_type":
      return m.error_inactive_type({}, locale);
  }
}

class JoinRefused extends Error {
  constructor(readonly code: JoinRefusalCode) {
    super(code);
  }
}

/**
 * A visitor joins the waiting list from the posted form (`waitingListJoinSchema`), in `language`
 * (their e-mails' and links'), from `clientIp` at `now`. Checks the fields, the dates (today to
 * the end of the booking window), the form guard, the type (active), then in ONE transaction the
 * abuse limits (module comment), stores the entry and queues the receipt with a leave link.
 * Every broken rule is returned, never thrown; database errors are thrown.
 */
export async function joinWaitingList(
  input: SubmissionInput,
  { clientIp, now = new Date(), language, settings }: { clientIp: string; now?: Date; language: Language; settings?: SiteSettings },
): Promise<JoinResult> {
  const parsed = parseSubmission(waitingListJoinSchema(language), input, { lists: WAITING_LIST_LISTS, echo: WAITING_LIST_FIELDS });
  if (!parsed.ok) return parsed;
  const v = parsed.values;
  const site = settings ?? (await getMailSettings());
  const { first, last } = joinableDates(now, site.bookingWeeksAhead);
  if (v.dateFrom < first || v.dateTo > last) {
    const intl = languageInfo(language).intl;
    const message = m.waitlist_validation_date_range({ first: formatLongDate(first, intl), last: formatLongDate(last, intl) }, { locale: language });
    return refusedFields({ [v.dateFrom < first ? "dateFrom" : "dateTo"]: [message] }, submittedValues(input, WAITING_LIST_FIELDS));
  }
  const refuse = (code: JoinRefusalCode) => ({
    ok: false as const,
    code,
    message: refusalMessage(code, language),
    status: REFUSAL_STATUS[code],
    values: submittedValues(input, WAITING_LIST_FIELDS),
  });
  const guard = checkFormGuard(submissionObject(input), now);
  if (guard) {
    logger.warn({ reason: guard }, "waiting-list join refused by the form check");
    return refuse(guard === "too_fast" ? "form_too_fast" : "form_check");
  }
  try {
    return await db.transaction(async (tx) => {
      const [type] = await tx.select().from(consultationTypes).where(eq(consultationTypes.id, v.typeId));
      if (!type?.isActive) throw new JoinRefused("inactive_type");
      const address = v.email.trim().toLowerCase();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`waiting-list-email:${address}`}))`);
      const [live] = await tx
        .select({ n: count() })
        .from(waitingListEntries)
        .where(and(sql`lower(${waitingListEntries.email}) = ${address}`, isLive(now, await waitingListDays(tx))));
      if (Number(live?.n ?? 0) >= ACTIVE_BOOKINGS_PER_EMAIL) throw new JoinRefused("email_limit");
      if (await exceedsLimit(tx, `waiting-list:client:${clientKey(clientIp)}`, LIMITS.waitingListPerClient, now)) throw new JoinRefused("client_limit");
      if (await exceedsLimit(tx, "waiting-list:all", LIMITS.waitingListGlobal, now)) throw new JoinRefused("global_limit");
      const [entry] = await tx
        .insert(waitingListEntries)
        .values({
          consultationTypeId: type.id,
          name: v.name,
          email: v.email,
          language,
          timeZone: v.timeZone,
          dateFrom: v.dateFrom,
          dateTo: v.dateTo,
          weekdays: v.weekdays,
          dayParts: v.dayParts,
          createdAt: now,
        })
        .returning();
      const token = await issueLeaveToken(tx, entry!.id);
      await enqueueEmails(tx, [joinedEmail({ ...entry!, typeName: type.name, durationMinutes: type.durationMinutes }, site, token)]);
      return { ok: true as const, entry: entry!, typeName: type.name };
    });
  } catch (error) {
    if (error instanceof JoinRefused) return refuse(error.code);
    throw error;
  }
}

/** The entry a leave link opens, with its type's name; null when the link is unknown or was used. */
export async function entryOfLeaveToken(token: string): Promise<{ id: string; typeName: string; dateFrom: string; dateTo: string } | null> {
  const [row] = await db
    .select({ id: waitingListEntries.id, typeName: consultationTypes.name, dateFrom: waitingListEntries.dateFrom, dateTo: waitingListEntries.dateTo })
    .from(waitingListLeaveTokens)
    .innerJoin(waitingListEntries, eq(waitingListEntries.id, waitingListLeaveTokens.entryId))
    .innerJoin(consultationTypes, eq(consultationTypes.id, waitingListEntries.consultationTypeId))
    .where(eq(waitingListLeaveTokens.tokenHash, hashToken(token)));
  return row ?? null;
}

/**
 * The visitor leaves the list with a leave link: the entry is deleted with its offers and every
 * leave link, so this link (and any other of the entry's) opens nothing afterwards. True when an
 * entry was deleted; false for an unknown or used link.
 */
export async function leaveWaitingList(token: string): Promise<boolean> {
  const deleted = await db
    .delete(waitingListEntries)
    .where(
      inArray(
        waitingListEntries.id,
        db.select({ id: waitingListLeaveTokens.entryId }).from(waitingListLeaveTokens).where(eq(waitingListLeaveTokens.tokenHash, hashToken(token))),
      ),
    )
    .returning({ id: waitingListEntries.id });
  return deleted.length > 0;
}

/**
 * Takes `email` off the waiting list of the consultation type `typeId`, inside `tx` (the
 * booking's own transaction): someone who has just booked that type is offered none of its times
 * any more. The address is matched case-insensitively; the entries go with their offers and leave
 * links. Returns how many entries were deleted.
 */
export async function leaveOnBooking(tx: Transaction, typeId: string, email: string): Promise<number> {
  const gone = await tx
    .delete(waitingListEntries)
    .where(and(eq(waitingListEntries.consultationTypeId, typeId), sql`lower(${waitingListEntries.email}) = lower(${email})`))
    .returning({ id: waitingListEntries.id });
  return gone.length;
}

/**
 * Deletes, inside `tx`, the entries that joined `days` days or more before `now` (expired), with
 * their offers and leave links (the daily retention run). Returns how many.
 */
export async function deleteExpiredEntries(tx: Transaction, now: Date, days: number): Promise<number> {
  const gone = await tx
    .delete(waitingListEntries)
    .where(lt(waitingListEntries.createdAt, new Date(now.getTime() - days * DAY_MS)))
    .returning({ id: waitingListEntries.id });
  return gone.length;
}

/** A staff member removes an entry (audited without the person's details). False when it was gone. */
export async function removeEntry(actor: AuditActor, entryId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(waitingListEntries).where(eq(waitingListEntries.id, entryId)).returning({ id: waitingListEntries.id });
    if (gone.length === 0) return false;
    await recordAudit(tx, { actor, action: "waiting_list.removed", entityType: "waiting_list_entry", entityId: entryId });
    return true;
  });
}

/** An entry as the subject-access export lists it; dates London, instants ISO 8601. */
export type SubjectWaitingListEntry = {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  consultationType: string;
  language: string;
  dateFrom: string;
  dateTo: string;
  weekdays: number[];
  dayParts: string[];
  offers: { slotDate: string; slotStartTime: string; offeredAt: string }[];
};

/** Every entry whose address is `address` (trimmed, lower-cased), oldest first, with the times offered. */
export async function entriesOfAddress(executor: Database | Transaction, address: string): Promise<SubjectWaitingListEntry[]> {
  const rows = await executor
    .select({ entry: waitingListEntries, typeName: consultationTypes.name })
    .from(waitingListEntries)
    .innerJoin(consultationTypes, eq(consultationTypes.id, waitingListEntries.consultationTypeId))
    .where(sql`lower(trim(${waitingListEntries.email})) = ${address}`)
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id));
  const ids = rows.map((r) => r.entry.id);
  const offers = ids.length
    ? await executor.select().from(waitingListOffers).where(inArray(waitingListOffers.entryId, ids)).orderBy(asc(waitingListOffers.createdAt))
    : [];
  return rows.map(({ entry, typeName }) => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    name: entry.name,
    email: entry.email,
    consultationType: typeName,
    language: entry.language,
    dateFrom: entry.dateFrom,
    dateTo: entry.dateTo,
    weekdays: entry.weekdays,
    dayParts: entry.dayParts,
    offers: offers
      .filter((o) => o.entryId === entry.id)
      .map((o) => ({ slotDate: o.slotDate, slotStartTime: o.slotStartTime.slice(0, 5), offeredAt: o.createdAt.toISOString() })),
  }));
}

/** Deletes, inside `tx`, the entries with these ids (an erasure), with their offers and links. */
export async function deleteEntries(tx: Transaction, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await tx.delete(waitingListEntries).where(inArray(waitingListEntries.id, ids)).returning({ id: waitingListEntries.id });
  return gone.length;
}
