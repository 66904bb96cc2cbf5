/**
 * The in-process job worker (`docs/design.md` sections 3 and 6): it sends the mail outbox and the
 * webhook deliveries, and runs the periodic tasks of `tasks.server.ts` (e.g. booking reminders). Every app instance runs
 * one; they coordinate through PostgreSQL only:
 *
 * - A batch is CLAIMED in a short transaction with `SELECT ... FOR UPDATE SKIP LOCKED`; claiming
 *   bumps `attempts` and pushes `next_attempt_at` forward by a lease, then commits. So two workers
 *   never pick the same row, and a worker that dies mid-send leaves the row to be retried when
 *   the lease runs out.
 * - Sending happens outside any transaction. Success records `status = 'sent'` and `sent_at`;
 *   failure records `last_error` and schedules a retry with exponential backoff, or marks the row
 *   `failed` after `MAX_ATTEMPTS` attempts.
 * - Once a message is sent or given up its sealed body (html, text, attachments) is erased
 *   (ADR 35): the row keeps what the portal shows. A message flagged `erase_after_send` (queued by
 *   an erasure) has its recipient and subject blanked too. A body that cannot be opened (sealed
 *   with another server secret) is given up at once with that reason.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { db, reportDatabaseError, type Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { ERASED_EMAIL_FIELDS } from "~/features/data-protection/anonymise.server";
import { openMailBody } from "~/features/mail/outbox.server";
import { createMailTransport, type MailTransport } from "~/features/mail/transport.server";
import { metrics } from "~/features/operations/metrics.server";
import { processWebhookBatch } from "~/features/webhooks/delivery.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { periodicTasks, type PeriodicTask } from "./tasks.server";

/** After this many failed attempts a message is marked `failed` and not tried again. */
export const MAX_ATTEMPTS = 8;
/** First retry delay; doubled after each further failure. */
export const BACKOFF_BASE_MS = 30_000;
/** Longest retry delay. */
export const BACKOFF_CAP_MS = 60 * 60_000;
/** How long a claimed row stays invisible to other workers while it is being sent (MAIL_CLAIM_LEASE_MS, default 5 min). */
export const CLAIM_LEASE_MS = env.MAIL_CLAIM_LEASE_MS;

/**
 * The poll interval of the outbox loop in ms: 200 when `E2E_FAST_JOBS=true` (browser tests wait
 * for mail), 5000 otherwise. The only place that reads this variable.
 */
export const pollIntervalMs = process.env.E2E_FAST_JOBS === "true" ? 200 : 5_000;

/**
 * Delay before the next attempt after `attempts` failed attempts (1-based):
 * 30 s, 60 s, 120 s, ... capped at one hour.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

/** What one batch did. */
export type OutboxBatchResult = { claimed: number; sent: number; retried: number; failed: number };

export type ProcessOutboxOptions = {
  /** Most rows to claim in this batch (default 10). */
  limit?: number;
  /** The transport to send with (default: one built from the environment). */
  transport?: MailTransport;
  /** The database (default: the app's). */
  database?: Database;
  /** The current instant (default: now); rows with `next_attempt_at <= now` are due. */
  now?: Date;
};

let defaultTransport: MailTransport | undefined;
function getDefaultTransport(): MailTransport {
  return (defaultTransport ??= createMailTransport());
}

/**
 * Claims up to `limit` due `pending` messages, sends them, and records each outcome.
 * Safe to call concurrently from any number of processes: each row is sent by one caller only.
 * Never throws for a send failure (it is recorded on the row); throws only if the database fails.
 */
export async function processOutboxBatch(options: ProcessOutboxOptions = {}): Promise<OutboxBatchResult> {
  const { limit = 10, database = db } = options;
  const transport = options.transport ?? getDefaultTransport();
  const now = options.now ?? new Date();
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);

  const claimed = await database.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((r) => r.id);
    // Bumping `attempts` in the claim means a crash mid-send still counts as an attempt.
    return tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(inArray(emailOutbox.id, ids))
      .returning();
  });

  const result: OutboxBatchResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  for (const row of claimed) {
    // Only the worker holding this claim (same attempts count) may record the outcome.
    const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, "pending"));
    const erase = row.eraseAfterSend ? { ...ERASED_EMAIL_FIELDS, eraseAfterSend: false } : { body: null };
    const body = await openMailBody(row.body).catch(() => undefined);
    if (!body) {
      const reason = body === null ? "The message's content was erased before it was sent" : "The message's content cannot be read with this server's secret (BETTER_AUTH_SECRET changed?)";
      await database.update(emailOutbox).set({ status: "failed", lastError: reason, ...erase }).where(mine);
      result.failed++;
      logger.warn({ id: row.id, kind: row.kind }, "mail failed: content unreadable");
      continue;
    }
    try {
      await transport.send({ ...row, ...body });
      await database.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null, ...erase }).where(mine);
      result.sent++;
      logger.info({ id: row.id, kind: row.kind }, "mail sent");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await database
        .update(emailOutbox)
        .set({
          lastError: message.slice(0, 1000),
          ...(giveUp
            ? { status: "failed" as const, ...erase }
            : { nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)) }),
        })
        .where(mine);
      if (giveUp) result.failed++;
      else result.retried++;
      logger.warn({ id: row.id, kind: row.kind, attempts: row.attempts, err: message }, giveUp ? "mail failed" : "mail send failed, will retry");
    }
  }
  return result;
}

type RunningWorker = { stopped: boolean; timers: Set<NodeJS.Timeout>; inFlight: Set<Promise<unknown>> };
let running: RunningWorker | undefined;

/**
 * Runs `fn` every `intervalMs` (measured from the end of one run), logging its errors and counting
 * runs, failures and start lag in `/metrics` (`job_runs_total`, `job_failures_total`, `job_lag_seconds`).
 */
function loop(worker: RunningWorker, name: string, intervalMs: number, fn: () => Promise<unknown>, firstDelayMs: number) {
  const tick = (dueAt: number) => {
    if (worker.stopped) return;
    metrics.jobLag.set({ job: name }, Math.max(0, Date.now() - dueAt) / 1000);
    metrics.jobRuns.inc({ job: name });
    const p = fn()
      // While the database is unreachable the loops keep ticking quietly (logged once there).
      .catch((error) => {
        metrics.jobFailures.inc({ job: name });
        return reportDatabaseError(error) || logger.error({ err: error, job: name }, "job failed");
      })
      .finally(() => {
        worker.inFlight.delete(p);
        if (!worker.stopped) schedule(intervalMs);
      });
    worker.inFlight.add(p);
  };
  const schedule = (delay: number) => {
    const dueAt = Date.now() + delay;
    const t = setTimeout(() => {
      worker.timers.delete(t);
      tick(dueAt);
    }, delay);
    t.unref();
    worker.timers.add(t);
  };
  schedule(firstDelayMs);
}

/**
 * Starts the worker in this process: the outbox and webhook poll loops (every `pollIntervalMs`) and each
 * periodic task on its own interval. Calling it twice does nothing.
 */
export function startJobs(tasks: PeriodicTask[] = periodicTasks): void {
  if (running) return;
  const worker: RunningWorker = { stopped: false, timers: new Set(), inFlight: new Set() };
  running = worker;
  // Drain the whole backlog each tick, batch by batch.
  loop(worker, "mail-outbox", pollIntervalMs, async () => {
    while (!worker.stopped) {
      const r = await processOutboxBatch({ limit: 20 });
      if (r.claimed < 20) break;
    }
  }, 0);
  // Webhook deliveries, the same way (app/features/webhooks/delivery.server.ts).
  loop(worker, "webhooks", pollIntervalMs, async () => {
    while (!worker.stopped) {
      const r = await processWebhookBatch({ limit: 20 });
      if (r.claimed < 20) break;
    }
  }, 0);
  for (const task of tasks) loop(worker, task.name, task.intervalMs, () => task.run(), Math.min(task.intervalMs, pollIntervalMs));
  logger.info({ pollIntervalMs, tasks: tasks.map((t) => t.name) }, "job worker started");
}

/** Stops the loops and waits for the running batch and tasks to finish (graceful shutdown). */
export async function stopJobs(): Promise<void> {
  const worker = running;
  if (!worker) return;
  worker.stopped = true;
  running = undefined;
  for (const t of worker.timers) clearTimeout(t);
  worker.timers.clear();
  await Promise.allSettled([...worker.inFlight]);
  defaultTransport?.close();
  defaultTransport = undefined;
}
