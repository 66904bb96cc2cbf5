/**
 * The daily backup (issue 20): the job worker calls `runDailyBackup` every few minutes; the first
 * call of each Europe/London day on any instance claims the day in `job_runs` (the insert is the
 * claim, committed at once, so exactly one instance backs up), takes a backup through this
 * server's own connection, prunes old daily backups (`BACKUP_KEEP_DAILY` / `BACKUP_KEEP_WEEKLY`)
 * and records the run in the audit log. A failed backup is audited and e-mailed to the
 * notification recipients; the day stays claimed (one attempt and one e-mail a day), and the
 * dashboard shows the age of the last good backup.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, jobRuns } from "~/db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { londonToday } from "~/utils/time";
import { enqueueEmails } from "~/features/mail/outbox.server";
import type { FileStorage } from "~/features/media/storage.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import { getMailSettings } from "~/features/mail/settings.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { createBackup, pruneDailyBackups, type BackupResult } from "./backup.server";
import { configuredBackupStore, type BackupStore } from "./backup-store.server";

/** The daily backup's name in `job_runs` and in logs. */
export const BACKUP_JOB = "daily-backup";

/** Audit actions of backups: a finished backup (daily or by hand) and a failed daily one. */
export const BACKUP_AUDIT = { completed: "backup.completed", failed: "backup.failed" } as const;

/** Records a finished backup in the audit log (by the system): name, where, size, counts. */
export async function recordBackup(backup: BackupResult, removed: string[] = []): Promise<void> {
  await recordAudit(db, {
    actor: null,
    action: BACKUP_AUDIT.completed,
    entityType: "backup",
    entityId: backup.name,
    details: {
      trigger: backup.manifest.trigger,
      location: backup.location,
      bytes: backup.bytes,
      uploads: backup.manifest.uploads,
      rows: Object.values(backup.manifest.counts).reduce((n, c) => n + c, 0),
      migration: backup.manifest.migration?.tag ?? null,
      ...(removed.length > 0 ? { removed } : {}),
    },
  });
}

/** What one call did: "skipped" (the day was already claimed), or the backup, or the failure. */
export type DailyBackupOutcome = { status: "skipped" } | { status: "completed"; backup: BackupResult; removed: string[] } | { status: "failed"; error: string };

/**
 * Makes today's backup unless an instance already claimed today (Europe/London date of `now`),
 * into `options.store` (default: the configured one) from `options.files` (default: the media
 * storage). Never throws for a backup failure (it is audited and mailed); throws only if the
 * claim fails.
 */
export async function runDailyBackup(now: Date = new Date(), options: { store?: BackupStore; files?: FileStorage } = {}): Promise<DailyBackupOutcome> {
  const day = londonToday(now);
  const claimed = await db.insert(jobRuns).values({ job: BACKUP_JOB, runOn: day, startedAt: now }).onConflictDoNothing().returning({ job: jobRuns.job });
  if (claimed.length === 0) return { status: "skipped" };
  try {
    const store = options.store ?? configuredBackupStore();
    const backup = await createBackup({ store, files: options.files, trigger: "daily", now });
    const removed = await pruneDailyBackups(store, { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY });
    await recordBackup(backup, removed);
    logger.info({ job: BACKUP_JOB, name: backup.name, bytes: backup.bytes, removed: removed.length }, "daily backup written");
    return { status: "completed", backup, removed };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    logger.error({ job: BACKUP_JOB, err: error }, "daily backup failed");
    const settings = await getMailSettings();
    const { html, text } = renderEmail(
      {
        heading: "The daily backup failed",
        intro: `The backup of ${day} could not be written. The next attempt is tomorrow; until then, run \`npm run backup\` on the server.`,
        paragraphs: [message],
        button: { label: "Open the dashboard", url: siteUrl("/admin/dashboard") },
        footerNote: "You receive this because you are a notification recipient in Settings.",
      },
      settings,
    );
    await db.transaction(async (tx) => {
      await recordAudit(tx, { actor: null, action: BACKUP_AUDIT.failed, entityType: "backup", entityId: day, details: { error: message } });
      await enqueueEmails(
        tx,
        settings.notificationRecipients.map((to) => ({ kind: "backup.failed", to, subject: `Backup failed on ${day}`, html, text, dedupeKey: `backup-failed:${day}:${to}` })),
      );
    });
    return { status: "failed", error: message };
  }
}

/** The last good backup and the last failed one after it, for the dashboard. Instants are ISO 8601 (UTC). */
export type BackupStatus = {
  lastGood: { at: string; name: string; location: string; bytes: number } | null;
  lastFailure: { at: string; error: string } | null;
};

/** Reads `BackupStatus` from the audit log. */
export async function getBackupStatus(): Promise<BackupStatus> {
  const rows = await db
    .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "backup"), inArray(auditLog.action, [BACKUP_AUDIT.completed, BACKUP_AUDIT.failed])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(20);
  const good = rows.find((r) => r.action === BACKUP_AUDIT.completed);
  const failed = rows.find((r) => r.action === BACKUP_AUDIT.failed);
  return {
    lastGood: good
      ? { at: good.createdAt.toISOString(), name: good.entityId ?? "", location: String(good.details?.location ?? ""), bytes: Number(good.details?.bytes ?? 0) }
      : null,
    lastFailure:
      failed && (!good || failed.createdAt > good.createdAt) ? { at: failed.createdAt.toISOString(), error: String(failed.details?.error ?? "") } : null,
  };
}
