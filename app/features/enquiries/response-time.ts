/**
 * The 24-hour promise (`docs/design.md` section 6): the site promises every visitor
 * "a response within 24 hours". An enquiry still `new` 24 hours after it arrived is overdue; staff
 * are reminded when one reaches 20 hours unanswered; the response time is arrival to the first
 * status change. Pure rules, shared by the server (queries, reminders) and the screens (labels).
 * Instants are `Date`s (or ISO 8601 strings from a loader); durations are milliseconds.
 */

const HOUR_MS = 3_600_000;

/** An enquiry still `new` this long after `created_at` is overdue (the promise: 24 hours). */
export const OVERDUE_AFTER_MS = 24 * HOUR_MS;

/** Staff get the one reminder e-mail when an enquiry has been `new` this long (20 hours). */
export const REMINDER_AFTER_MS = 20 * HOUR_MS;

/** What the rules read of an enquiry. */
export type PromiseFields = {
  status: string;
  createdAt: Date | string;
  spamReason?: string | null;
  /** Set while an answer is owed again (the clock reopened): the visitor wrote after a reply, or staff set it back to New. */
  awaitingReplySince?: Date | string | null;
};

/**
 * True when the enquiry is still `new` at `now` and arrived at least {@link OVERDUE_AFTER_MS}
 * before it (exactly 24 hours counts), or when the visitor's later e-mail has waited that long
 * for our answer (`awaitingReplySince`). Spam submissions are never overdue: no reply is owed.
 */
export function isOverdue(enquiry: PromiseFields, now: Date): boolean {
  if (enquiry.spamReason) return false;
  if (enquiry.awaitingReplySince) return now.getTime() - new Date(enquiry.awaitingReplySince).getTime() >= OVERDUE_AFTER_MS;
  if (enquiry.status !== "new") return false;
  return now.getTime() - new Date(enquiry.createdAt).getTime() >= OVERDUE_AFTER_MS;
}

/**
 * The response time in milliseconds, `respondedAt - createdAt`, or null while the enquiry has not
 * been answered (no status change yet). Never negative.
 */
export function responseTimeMs(enquiry: { createdAt: Date | string; respondedAt: Date | string | null }): number | null {
  if (!enquiry.respondedAt) return null;
  return Math.max(0, new Date(enquiry.respondedAt).getTime() - new Date(enquiry.createdAt).getTime());
}

/**
 * A duration for people: "under 1 min", "45 min", "3 h 20 min", "2 d 4 h" (days from 48 hours).
 * Rounded down to the minute.
 */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours ? `${days} d ${restHours} h` : `${days} d`;
}
