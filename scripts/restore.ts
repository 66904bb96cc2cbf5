/**
 * `npm run restore -- <backup> [--force]` (issue 20): restores a backup made by `npm run backup`
 * or the daily job into the configured database (DATABASE_URL, else the PGlite folder PGLITE_DIR)
 * and upload storage. Verifies every checksum first; refuses a non-empty target unless --force.
 * An encrypted backup needs BACKUP_ENCRYPTION_KEY set to its secret key; a missing or wrong key
 * is refused before anything is written.
 *
 * <backup> is a backup folder (e.g. ./data/backups/backup-2026-11-25T02-00-00Z), the name of one
 * in BACKUP_DIR or BACKUP_S3_BUCKET, or `s3://bucket/backups/<name>`. Stop the servers first.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError } from "~/features/operations/backup-manifest.server";
import { configuredBackupStore, createLocalBackupStore, createS3BackupStore, type BackupStore } from "~/features/operations/backup-store.server";
import { parseBackupKey } from "~/features/operations/backup-encryption.server";
import { restoreBackup } from "~/features/operations/restore.server";
import { createS3Storage, storage } from "~/features/media/storage.server";
import { env } from "~/utils/env.server";
import { restrictNewFiles } from "~/utils/private-files.server";

// Whatever this script writes (database, backup, restored files) is the owner's alone.
restrictNewFiles();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
});
if (values.help || positionals.length !== 1) {
  console.log("Usage: npm run restore -- <backup folder | backup name | s3://bucket/backups/name> [--force]");
  process.exit(values.help ? 0 : 1);
}

/** The store holding the backup the operator named, and its name there. */
function locate(argument: string): { store: BackupStore; name: string } {
  const s3 = /^s3:\/\/([^/]+)\/backups\/([^/]+)\/?$/.exec(argument);
  if (s3) {
    const { client } = createS3Storage({ bucket: s3[1]!, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
    return { store: createS3BackupStore(s3[1]!, client), name: s3[2]! };
  }
  if (existsSync(argument)) {
    const folder = path.resolve(argument);
    return { store: createLocalBackupStore(path.dirname(folder)), name: path.basename(folder) };
  }
  return { store: configuredBackupStore(), name: argument };
}

try {
  const { store, name } = locate(positionals[0]!);
  const result = await restoreBackup(store, name, {
    target: env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dir: env.PGLITE_DIR },
    files: storage(),
    force: values.force,
    log: (line) => console.log(line),
    encryptionKey: await parseBackupKey(env.BACKUP_ENCRYPTION_KEY),
  });
  const { manifest } = result;
  const mismatched = Object.entries(manifest.counts).filter(([table, n]) => result.counts[table] !== n);
  console.log(`Restored ${manifest.name} (taken ${manifest.createdAt}, app ${manifest.app.version}, migration ${manifest.migration?.tag ?? "none"}):`);
  for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table}: ${n} rows`);
  console.log(`  uploads: ${result.uploads} files`);
  if (mismatched.length > 0) console.log(`Warning: row counts differ from the manifest for ${mismatched.map(([t]) => t).join(", ")}.`);
  console.log("Start the server: it applies any newer migrations of this code.");
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
