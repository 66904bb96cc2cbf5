/**
 * Retention periods (UK GDPR storage limitation): personal data is not kept longer than
 * needed. The periods live in `site_settings` (super admins change them); the job worker applies
 * them once a day, exactly once across every app instance, and records each run in the audit log
 * with counts only.
 *
 * What a run does, all in one transaction, at the instant `now`:
 * - spam submissions (`spam_reason` set) older than `spamDays` days are deleted;
 * - closed enquiries whose last change is older than `recordsMonths` months are anonymised;
 * - completed, no-show and cancelled bookings whose slot date and last change are both older than
 *   `recordsMonths` months are anonymised (such a booking never holds a place in a future slot);
 * - e-mail records (their bodies were erased when they were sent or given up, ADR 35) older than
 *   `recordsMonths` months are deleted;
 * - webhook deliveries delivered or given up more than `emailBodyDays` days ago are deleted with
 *   their log (their bodies were cleared when they finished);
 * - analytics page views of days more than `analyticsRawDays` days before today are folded into
 *   daily totals and deleted, and those days' conversions lose their visitor hash and booking
 *   reference (`app/features/analytics/aggregate.server.ts`);
 * - analytics daily totals, conversions and any page views of days before the Europe/London date
 *   `analyticsMonths` months ago are deleted, and so are the 404 log's addresses last asked for
 *   before that instant;
 * - waiting-list entries that joined more than `waitingListDays` days ago (expired) are deleted,
 *   with their offers and leave links.
 * Every comparison is strict: a record exactly at its boundary is kept until the next run.
 */
import { subMonths } from "date-fns";
import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { db, type Database, type Transaction } from "~/db/client.server";
import { consultationAvailability, consultationBookings, emailOutbox, enquiries, jobRuns, siteSettings, webhookDeliveries } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { deleteAnalyticsDays, foldAnalyticsDays } from "~/features/analytics/aggregate.server";
import { deleteNotFoundBefore } from "~/features/redirects/not-found.server";
import { deleteExpiredEntries } from "~/features/consultations/waiting-list/index.server";
import { addDays, londonToday } from "~/utils/time";
import { anonymiseBookings, anonymiseEnquiries } from "./anonymise.server";
import { DEFAULT_RETENTION, RetentionPeriodsSchema, type RetentionPeriods } from "./schema";
import { type FailedSubmission, parseSubmission } from "~/utils/forms";

const DAY_MS = 86_400_000;
/** The name of the daily retention job in `job_runs` and in logs. */
export const RETENTION_JOB = "data-retention";

/** The stored retention periods, or the defaults when no settings row exists yet. */
export async function getRetentionPeriods(executor: Database | Transaction = db): Promise<RetentionPeriods> {
  const [row] = await executor
    .select({
      spamDays: siteSettings.retentionSpamDays,
      recordsMonths: siteSettings.retentionRecordsMonths,
      emailBodyDays: siteSettings.retentionEmailBodyDays,
      analyticsRawDays: siteSettings.retentionAnalyticsRawDays,
      analyticsMonths: siteSettings.retentionAnalyticsMonths,
      waitingListDays: siteSettings.retentionWaitingListDays,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? DEFAULT_RETENTION;
}

export type UpdateRetentionResult = { ok: true; periods: RetentionPeriods; changed: number } | FailedSubmission;

const COLUMN_OF = {
  spamDays: "retentionSpamDays",
  recordsMonths: "retentionRecordsMonths",
  emailBodyDays: "retentionEmailBodyDays",
  analyticsRawDays: "retentionAnalyticsRawDays",
  analyticsMonths: "retentionAnalyticsMonths",
  waitingListDays: "retentionWaitingListDays",
} as const;

/**
 * Stores new retention periods (form strings are coerced; see `RetentionPeriodsSchema`). Invalid
 * input stores nothing and returns the refused submission (field errors by period, the submitted
 * text). A change writes a `settings.updated` audit entry
 * with each changed period before and after (shown in Settings' recent activity).
 */
export async function updateRetentionPeriods(actor: AuditActor, input: Record<string, unknown>): Promise<UpdateRetentionResult> {
  const parsed = parseSubmission(RetentionPeriodsSchema, input, { message: "Check the highlighted fields." });
  if (!parsed.ok) return parsed;
  const next = parsed.values;
  return db.transaction(async (tx) => {
    const before = await getRetentionPeriods(tx);
    const changed = (Object.keys(next) as (keyof RetentionPeriods)[]).filter((k) => before[k] !== next[k]);
    if (changed.length === 0) return { ok: true, periods: next, changed: 0 };
    const columns = {
      retentionSpamDays: next.spamDays,
      retentionRecordsMonths: next.recordsMonths,
      retentionEmailBodyDays: next.emailBodyDays,
      retentionAnalyticsRawDays: next.analyticsRawDays,
      retentionAnalyticsMonths: next.analyticsMonths,
      retentionWaitingListDays: next.waitingListDays,
      updatedAt: new Date(),
      updatedBy: actor?.email ?? null,
    };
    await tx
      .insert(siteSettings)
      .values({ id: 1, data: {}, ...columns })
      .onConflictDoUpdate({ target: siteSettings.id, set: columns });
    await recordAudit(tx, {
      actor,
      action: "settings.updated",
      entityType: "settings",
      entityId: "1",
      details: Object.fromEntries(changed.map((k) => [COLUMN_OF[k], { from: before[k], to: next[k] }])),
    });
    return { ok: true, periods: next, changed: changed.length };
  });
}

/** How many records one retention run removed or anonymised, by kind. */
export type RetentionCounts = {
  spamDeleted: number;
  enquiriesAnonymised: number;
  bookingsAnonymised: number;
  emailRecordsDeleted: number;
  /** Finished webhook deliveries deleted, with their attempts. */
  webhookDeliveriesDeleted: number;
  /** Days of analytics page views folded into daily totals. */
  analyticsDaysFolded: number;
  /** Days of analytics (daily totals, conversions, page views) deleted as older than `analyticsMonths`. */
  analyticsDaysDeleted: number;
  /** Addresses of the 404 log last asked for more than `analyticsMonths` months ago, deleted. */
  notFoundPathsDeleted: number;
  /** Expired waiting-list entries deleted. */
  waitingListDeleted: number;
};

/**
 * Applies `periods` at the instant `now` inside `tx` (see the module comment for the rules) and
 * records a `retention.applied` audit entry (actor: system) with the counts and periods, never
 * personal data. Returns the counts. Running it twice at the same `now` changes nothing more.
 */
export async function applyRetention(tx: Transaction, now: Date, periods: RetentionPeriods): Promise<RetentionCounts> {
  const spamCutoff = new Date(now.getTime() - periods.spamDays * DAY_MS);
  const recordsCutoff = subMonths(now, periods.recordsMonths);
  const recordsCutoffDate = londonToday(recordsCutoff);
  const webhookCutoff = new Date(now.getTime() - periods.emailBodyDays * DAY_MS);

  const spam = await tx
    .delete(enquiries)
    .where(and(isNotNull(enquiries.spamReason), lt(enquiries.createdAt, spamCutoff)))
    .returning({ id: enquiries.id });

  const closed = await tx
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(
      and(eq(enquiries.status, "closed"), isNull(enquiries.spamReason), isNull(enquiries.anonymisedAt), lt(enquiries.updatedAt, recordsCutoff)),
    )
    .for("update");
  const enquiriesAnonymised = await anonymiseEnquiries(tx, closed.map((r) => r.id), now);

  // Only statuses that are over: the slot date (London) is before the cutoff's date, so it is past.
  const finished = await tx
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .innerJoin(consultationAvailability, eq(consultationAvailability.id, consultationBookings.availabilityId))
    .where(
      and(
        inArray(consultationBookings.status, ["completed", "no_show", "cancelled"]),
        isNull(consultationBookings.anonymisedAt),
        lt(consultationBookings.updatedAt, recordsCutoff),
        lt(consultationAvailability.date, recordsCutoffDate),
      ),
    )
    .for("update", { of: consultationBookings });
  const bookingsAnonymised = await anonymiseBookings(tx, finished.map((r) => r.id), now);

  const records = await tx
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["sent", "failed"]), lt(emailOutbox.createdAt, recordsCutoff)))
    .returning({ id: emailOutbox.id });

  const webhooks = await tx
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ["delivered", "failed"]), lt(webhookDeliveries.finishedAt, webhookCutoff)))
    .returning({ id: webhookDeliveries.id });

  const analyticsDaysFolded = await foldAnalyticsDays(tx, addDays(londonToday(now), -periods.analyticsRawDays));
  const analyticsDaysDeleted = await deleteAnalyticsDays(tx, londonToday(subMonths(now, periods.analyticsMonths)));
  const notFoundPathsDeleted = await deleteNotFoundBefore(tx, subMonths(now, periods.analyticsMonths));
  const waitingListDeleted = await deleteExpiredEntries(tx, now, periods.waitingListDays);

  const counts: RetentionCounts = {
    spamDeleted: spam.length,
    enquiriesAnonymised,
    bookingsAnonymised,
    emailRecordsDeleted: records.length,
    webhookDeliveriesDeleted: webhooks.length,
    analyticsDaysFolded,
    analyticsDaysDeleted,
    notFoundPathsDeleted,
    waitingListDeleted,
  };
  await recordAudit(tx, {
    actor: null,
    action: "retention.applied",
    entityType: "retention",
    entityId: londonToday(now),
    details: { ...counts, periods },
  });
  return counts;
}

/**
 * The daily retention run at `now` (default: the current instant): claims the day (Europe/London
 * date of `now`) by inserting a `job_runs` row and applies the stored periods in the SAME
 * transaction. A second caller that day, on this instance or another, inserts nothing (it waits
 * for the first transaction on PostgreSQL) and returns null; a run that fails rolls its claim back,
 * so the next tick tries again. Returns the counts of the run that happened.
 */
export async function runDailyRetention(now: Date = new Date()): Promise<RetentionCounts | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(jobRuns)
      .values({ job: RETENTION_JOB, runOn: londonToday(now), startedAt: now })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (claimed.length === 0) return null;
    return applyRetention(tx, now, await getRetentionPeriods(tx));
  });
}

/** The last retention run: its Europe/London day (YYYY-MM-DD) and start instant (ISO 8601), or null. */
export async function getLastRetentionRun(): Promise<{ runOn: string; startedAt: string } | null> {
  const [row] = await db
    .select({ runOn: jobRuns.runOn, startedAt: jobRuns.startedAt })
    .from(jobRuns)
    .where(eq(jobRuns.job, RETENTION_JOB))
    .orderBy(sql`${jobRuns.runOn} desc`)
    .limit(1);
  return row ? { runOn: row.runOn, startedAt: row.startedAt.toISOString() } : null;
}
