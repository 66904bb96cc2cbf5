/**
 * The 24-hour promise on the server (`docs/design.md` section 6; rules in
 * `response-time.ts`): the SQL of "overdue", the 20-hour reminder queued by the job worker, and
 * the counts the dashboard and sidebar show.
 *
 * The reminder runs on every app instance (`app/features/jobs/tasks.server.ts`); it is sent once
 * because due rows are claimed with `FOR UPDATE SKIP LOCKED` and marked `overdue_reminder_sent_at`
 * in the same transaction that queues the mail, and each message carries a dedupe key.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { enqueueEmails } from "~/features/mail/outbox.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { buildOverdueReminderEmails } from "./emails.server";
import { OVERDUE_AFTER_MS, REMINDER_AFTER_MS } from "./response-time";

/** The window of the dashboard's median response time: the last 30 days. */
export const RESPONSE_WINDOW_MS = 30 * 24 * 3_600_000;

/** SQL: the enquiry is overdue at `now` (still `new`, not spam, arrived 24 hours or more before). */
export function overdueWhere(now: Date): SQL {
  const dueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  return and(
    isNull(enquiries.spamReason),
    or(
      and(eq(enquiries.status, "new"), isNull(enquiries.awaitingReplySince), lte(enquiries.createdAt, dueBefore)),
      lte(enquiries.awaitingReplySince, dueBefore),
    ),
  )!;
}

/**
 * Queues the 20-hour reminder for every enquiry due at `now`, not spam, not anonymised:
 * - still `new`, arrived at least 20 hours before `now`, not reminded yet; or
 * - reopened by the visitor's reply (`awaiting_reply_since`) at least 20 hours before `now`, and
 *   not reminded since it reopened (each reopening earns its own reminder).
 * In one transaction it claims those rows (`FOR UPDATE SKIP LOCKED`, so concurrent workers split
 * them), stamps `overdue_reminder_sent_at = now` and queues one message per notification
 * recipient, due 24 hours after the clock started. Returns how many enquiries were reminded.
 * Throws only when the database fails.
 */
export async function queueOverdueReminders(now: Date = new Date()): Promise<number> {
  const settings = await getMailSettings();
  const remindBefore = new Date(now.getTime() - REMINDER_AFTER_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(enquiries)
      .where(
        and(
          isNull(enquiries.spamReason),
          isNull(enquiries.anonymisedAt),
          or(
            and(
              eq(enquiries.status, "new"),
              isNull(enquiries.awaitingReplySince),
              isNull(enquiries.overdueReminderSentAt),
              lte(enquiries.createdAt, remindBefore),
            ),
            and(
              lte(enquiries.awaitingReplySince, remindBefore),
              or(isNull(enquiries.overdueReminderSentAt), lt(enquiries.overdueReminderSentAt, enquiries.awaitingReplySince)),
            ),
          ),
        ),
      )
      .limit(100)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(enquiries)
      .set({ overdueReminderSentAt: now })
      .where(inArray(enquiries.id, due.map((e) => e.id)));
    await enqueueEmails(
      tx,
      due.flatMap((e) => buildOverdueReminderEmails(e, settings, new Date((e.awaitingReplySince ?? e.createdAt).getTime() + OVERDUE_AFTER_MS))),
    );
    return due.length;
  });
}

/** The promise at a glance: overdue enquiries now, and the median response time of the last 30 days. */
export type ResponseStats = {
  overdue: number;
  /** Median of `responded_at - created_at` in ms over enquiries answered in the last 30 days; null when none. */
  medianResponseMs: number | null;
  /** How many enquiries that median is taken over. */
  answered: number;
};

/** {@link ResponseStats} at `now`, spam left out; two aggregate queries, no personal data. */
export async function getResponseStats(now: Date = new Date()): Promise<ResponseStats> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_MS);
  const [[overdue], [median]] = await Promise.all([
    db.select({ n: count() }).from(enquiries).where(overdueWhere(now)),
    db
      .select({
        n: count(),
        seconds: sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from ${enquiries.respondedAt} - ${enquiries.createdAt}))`,
      })
      .from(enquiries)
      .where(and(isNull(enquiries.spamReason), isNotNull(enquiries.respondedAt), gte(enquiries.respondedAt, since), lte(enquiries.respondedAt, now))),
  ]);
  const seconds = median?.seconds == null ? null : Number(median.seconds);
  return {
    overdue: Number(overdue?.n ?? 0),
    medianResponseMs: seconds == null ? null : Math.round(seconds * 1000),
    answered: Number(median?.n ?? 0),
  };
}
