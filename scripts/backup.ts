/**
 * `npm run backup` (issue 20): writes one backup of the database and the uploads, with a manifest,
 * to BACKUP_DIR (default ./data/backups) or to the bucket BACKUP_S3_BUCKET, records it in the
 * audit log, and prints the backup's location as its last line.
 *
 * With BACKUP_ENCRYPTION_KEY every part is encrypted (age); `--new-key` prints a new key instead.
 *
 * On PGlite it opens the database folder itself, so the server must be stopped (PGlite allows one
 * process at a time; the daily job backs up a running server). On PostgreSQL it uses `pg_dump`
 * and works while the servers run.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "~/utils/env.server";
import { restrictNewFiles } from "~/utils/private-files.server";

// Whatever this script writes (database, backup, restored files) is the owner's alone.
restrictNewFiles();

const { values } = parseArgs({ options: { help: { type: "boolean", short: "h" }, "new-key": { type: "boolean" } } });
if (values.help) {
  console.log(
    "Usage: npm run backup [-- --new-key]\nWrites a backup to BACKUP_DIR (default ./data/backups) or BACKUP_S3_BUCKET and prints its location last " +
      "(encrypted when BACKUP_ENCRYPTION_KEY is set).\n--new-key prints a new BACKUP_ENCRYPTION_KEY (secret key and recipient) and backs up nothing.",
  );
  process.exit(0);
}
if (values["new-key"]) {
  const { newBackupKey } = await import("~/features/operations/backup-encryption.server");
  const { identity, recipient } = await newBackupKey();
  console.log(`Secret key (restores; keep it safe, away from the backups):\n  BACKUP_ENCRYPTION_KEY=${identity}`);
  console.log(`Recipient (backs up only; the server then cannot read its own backups):\n  BACKUP_ENCRYPTION_KEY=${recipient}`);
  process.exit(0);
}

if (!env.DATABASE_URL) {
  const dir = path.resolve(env.PGLITE_DIR);
  if (env.PGLITE_DIR.startsWith("memory://") || !existsSync(path.join(dir, "PG_VERSION"))) {
    console.error(`No database at ${dir} (PGLITE_DIR): nothing to back up. Start the app once, or set DATABASE_URL.`);
    process.exit(1);
  }
  if (existsSync(path.join(dir, "postmaster.pid"))) {
    console.error(
      `The database at ${dir} is open in another process: stop the server first (PGlite allows one process at a time; the daily backup job covers a running server). ` +
        "If no server runs, it was not shut down cleanly: start and stop it once.",
    );
    process.exit(1);
  }
}

const { closeDatabase } = await import("~/db/client.server");
const { createBackup, BackupError } = await import("~/features/operations/backup.server");
const { recordBackup } = await import("~/features/operations/daily-backup.server");

try {
  const backup = await createBackup({ trigger: "manual" });
  await recordBackup(backup);
  const rows = Object.values(backup.manifest.counts).reduce((n, c) => n + c, 0);
  console.log(`Backed up ${backup.manifest.database.kind} database (migration ${backup.manifest.migration?.tag ?? "none"}, ${rows} rows in ${Object.keys(backup.manifest.counts).length} tables) and ${backup.manifest.uploads} uploads: ${(backup.bytes / 1024 / 1024).toFixed(1)} MB.`);
  console.log(backup.location);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
