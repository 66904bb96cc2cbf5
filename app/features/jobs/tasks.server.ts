/**
 * Periodic tasks run by the in-process job worker (`app/features/jobs/worker.server.ts`,
 * `docs/design.md` section 3). Each task runs once per `intervalMs` on every app instance, so a
 * task must be safe to run concurrently on several instances (claim its rows with
 * `FOR UPDATE SKIP LOCKED` or make its writes idempotent, e.g. with an outbox `dedupeKey`).
 */
import { refreshDueCalendars } from "~/features/calendars/connections.server";
import { writeDueCalendarEvents } from "~/features/calendars/event-writes.server";
import { queueDueReminders } from "~/features/consultations/mail/index.server";
import { offerFreedTimes } from "~/features/consultations/waiting-list/index.server";
import { runDailyRetention } from "~/features/data-protection/retention.server";
import { pollMailbox } from "~/features/enquiries/imap-import.server";
import { queueOverdueReminders } from "~/features/enquiries/promise.server";
import { runDailyBackup } from "~/features/operations/daily-backup.server";
import { applyDueRuns } from "~/features/wordpress/runs.server";
import { env } from "~/utils/env.server";

/** A task the worker runs on its own interval. `run` errors are logged; the task runs again next interval. */
export type PeriodicTask = {
  /** A short stable name for logs, e.g. "booking-reminders". */
  name: string;
  /** Milliseconds between the end of one run and the start of the next. */
  intervalMs: number;
  /** Does one round of work. Should finish in well under `intervalMs`. */
  run(): Promise<void>;
};

/** Every periodic task of the product. Areas add theirs here (e.g. the 24-hour booking reminder). */
export const periodicTasks: PeriodicTask[] = [
  {
    name: "booking-reminders",
    intervalMs: 60_000,
    run: async () => {
      await queueDueReminders(new Date());
    },
  },
  {
    // Times freed in a waiting-list entry's window (a cancellation, a move, new availability) are
    // mailed to the people waiting, in the order they joined; entries are claimed with SKIP LOCKED.
    name: "waiting-list-offers",
    intervalMs: env.WAITING_LIST_CHECK_MS,
    run: async () => {
      await offerFreedTimes(new Date());
    },
  },
  {
    // The 24-hour promise: staff are reminded once when an enquiry reaches 20 hours unanswered.
    name: "enquiry-overdue-reminders",
    intervalMs: 60_000,
    run: async () => {
      await queueOverdueReminders(new Date());
    },
  },
  {
    // Visitors' replies to enquiry e-mails, read from the firm's mailbox (off until set up in
    // Admin > Settings > Mailbox); a lease on the settings row lets one instance read at a time.
    name: "enquiry-mailbox",
    intervalMs: env.MAILBOX_POLL_MS,
    run: async () => {
      await pollMailbox(new Date());
    },
  },
  {
    // Engineers' own calendars, read for busy times (Your account > Calendar); each connection's
    // lease lets one instance at a time read it. Checks every minute at most for those due.
    name: "staff-calendars",
    intervalMs: Math.min(env.CALENDAR_REFRESH_MS, 60_000),
    run: async () => {
      await refreshDueCalendars(new Date());
    },
  },
  {
    // Bookings written into engineers' own CalDAV calendars (ADR 42): due rows claimed with
    // FOR UPDATE SKIP LOCKED and a lease; a calendar server that is down is retried with backoff.
    name: "calendar-event-writes",
    intervalMs: env.CALENDAR_WRITE_POLL_MS,
    run: async () => {
      await writeDueCalendarEvents(new Date());
    },
  },
  {
    // WordPress imports staff applied in the portal: a lease lets one instance at a time apply a
    // run, about 20 seconds a turn, so a large import goes on turn after turn (and after a restart).
    name: "wordpress-imports",
    intervalMs: 3_000,
    run: async () => {
      await applyDueRuns(new Date());
    },
  },
  {
    // Checks every 15 minutes; the job_runs claim makes it run once per London day on one instance.
    name: "data-retention",
    intervalMs: 15 * 60_000,
    run: async () => {
      await runDailyRetention(new Date());
    },
  },
  // Checks every 15 minutes; the job_runs claim makes one instance back up once per London day.
  // BACKUP_DAILY=false turns it off (tests, or backups made outside the app).
  ...(env.BACKUP_DAILY
    ? [
        {
          name: "daily-backup",
          intervalMs: 15 * 60_000,
          run: async () => {
            await runDailyBackup(new Date());
          },
        },
      ]
    : []),
];
