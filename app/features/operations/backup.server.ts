/**
 * Taking a backup: one consistent copy of the database and
 * every upload, with a manifest (`backup-manifest.server.ts`), written to the configured
 * `BackupStore`. Used by `npm run backup` (which opens the database itself) and by the daily job
 * (through the running server's own connection).
 *
 * - PGlite: the data directory as PGlite's own gzipped tarball (`dumpDataDir`), taken through this
 *   process's instance; counts are read on the same single connection just before.
 * - PostgreSQL: `pg_dump --format=custom` inside an exported snapshot: the counts in the manifest
 *   and the dump see exactly the same data, while the servers keep running. The rows of
 *   `TABLES_WITHOUT_DATA_IN_BACKUPS` (the analytics salt) are left out.
 * - Uploads: every file of the configured media storage, copied after the database, so every
 *   file the dumped rows reference is included.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { databaseKind, db, dumpEmbeddedDatabase, reportDatabaseError } from "~/db/client.server";
import { storage, type FileStorage } from "~/features/media/storage.server";
import { env } from "~/utils/env.server";
import {
  appVersion,
  BACKUP_FORMAT,
  BackupError,
  countRows,
  DATABASE_FILE,
  lastMigration,
  partOf,
  runPostgresTool,
  TABLES_WITHOUT_DATA_IN_BACKUPS,
  UPLOADS_FOLDER,
  type BackupManifest,
  type BackupPart,
  type SqlQuery,
} from "./backup-manifest.server";
import { BACKUP_ENCRYPTION, encryptPart, parseBackupKey, type BackupKey } from "./backup-encryption.server";
import { configuredBackupStore, type BackupStore } from "./backup-store.server";

/** Options of `createBackup`. */
export type CreateBackupOptions = {
  /** Where to write (default: the store the environment configures). */
  store?: BackupStore;
  /** Files to copy (default: the configured media storage). */
  files?: FileStorage;
  /** "daily" for the job's backups (only those are pruned), "manual" for `npm run backup`. */
  trigger?: BackupManifest["trigger"];
  /** The backup's instant, in its name (UTC) and manifest (default: now). */
  now?: Date;
  /** The key to encrypt every part to (default: `BACKUP_ENCRYPTION_KEY`; null: not encrypted). */
  encryptionKey?: BackupKey | null;
};

/** A finished backup: its name, where it is, and its manifest. */
export type BackupResult = { name: string; location: string; manifest: BackupManifest; bytes: number };

/** `backup-2026-11-25T02-00-00Z` (UTC), with `-daily` for the job's backups. */
export function backupName(now: Date, trigger: BackupManifest["trigger"]): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, "Z").replaceAll(":", "-");
  return `backup-${stamp}${trigger === "daily" ? "-daily" : ""}`;
}

/** The instant in a name made by `backupName`, or null for another name. */
export function backupInstant(name: string): Date | null {
  const match = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-daily)?$/.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

type DatabaseDump = { body: Buffer; counts: Record<string, number>; migration: BackupManifest["migration"] };

async function dumpPglite(): Promise<DatabaseDump> {
  const query: SqlQuery = async (text) => ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const counts = await countRows(query);
  const migration = await lastMigration(query);
  const blob = await dumpEmbeddedDatabase();
  return { body: Buffer.from(await blob.arrayBuffer()), counts, migration };
}

async function dumpPostgres(url: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: url });
  // A connection dropped between statements is reported by the next statement; without a listener
  // it would be an unhandled 'error' event that ends the process.
  client.on("error", (error) => reportDatabaseError(error));
  await client.connect();
  const work = await mkdtemp(path.join(tmpdir(), "meridian-backup-"));
  try {
    // The snapshot stays valid while this transaction is open; pg_dump reads exactly it.
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const query: SqlQuery = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    const counts = await countRows(query);
    const migration = await lastMigration(query);
    const file = path.join(work, DATABASE_FILE.postgres);
    const withoutData = TABLES_WITHOUT_DATA_IN_BACKUPS.map((table) => `--exclude-table-data=${table}`);
    await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", ...withoutData, `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    await client.query("commit");
    return { body: await readFile(file), counts, migration };
  } finally {
    await client.end().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Writes one backup of the app's database and uploads to the store and returns it. Nothing is
 * sealed (listed, restorable) unless every part was written. With an encryption key every part is
 * encrypted (backup-encryption.server.ts). Throws `BackupError` when `pg_dump` is missing or
 * fails or `BACKUP_ENCRYPTION_KEY` is malformed, or the store's or storage's I/O error.
 */
export async function createBackup(options: CreateBackupOptions = {}): Promise<BackupResult> {
  const store = options.store ?? configuredBackupStore();
  const files = options.files ?? storage();
  const trigger = options.trigger ?? "manual";
  const now = options.now ?? new Date();
  const name = backupName(now, trigger);
  const key = options.encryptionKey !== undefined ? options.encryptionKey : await parseBackupKey(env.BACKUP_ENCRYPTION_KEY);
  const parts: BackupPart[] = [];
  /** Writes one part (encrypted when there is a key) and records what was stored. */
  const writePart = async (file: string, body: Buffer) => {
    const stored = key ? await encryptPart(key, body) : body;
    await store.write(name, file, stored);
    parts.push(partOf(file, stored));
  };
  try {
    const dump = databaseKind === "pglite" ? await dumpPglite() : await dumpPostgres(env.DATABASE_URL!);
    const databaseFile = DATABASE_FILE[databaseKind];
    await writePart(databaseFile, dump.body);

    for (const upload of await files.list()) {
      const file = await files.get(upload);
      if (!file) continue; // deleted since listing: not part of this backup
      await writePart(`${UPLOADS_FOLDER}${upload}`, file.body);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      name,
      createdAt: now.toISOString(),
      trigger,
      app: { version: appVersion() },
      migration: dump.migration,
      database: { kind: databaseKind, file: databaseFile },
      counts: dump.counts,
      uploads: parts.length - 1,
      parts,
      ...(key ? { encryption: BACKUP_ENCRYPTION } : {}),
    };
    await store.seal(name, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    return { name, location: store.location(name), manifest, bytes: parts.reduce((n, p) => n + p.bytes, 0) };
  } catch (error) {
    await store.remove(name).catch(() => {});
    throw error;
  }
}

/**
 * Which of `names` (backups made by `backupName`) to keep: the newest of each of the `daily` most
 * recent UTC days that have one, and the newest of each of the `weekly` most recent ISO weeks that
 * have one. Names that `backupInstant` cannot read are always kept.
 */
export function backupsToKeep(names: string[], keep: { daily: number; weekly: number }): Set<string> {
  const dated = names
    .map((name) => ({ name, at: backupInstant(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set(names.filter((n) => backupInstant(n) === null));
  const newestPer = (bucket: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of dated) {
      const key = bucket(b.at);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(b.name);
    }
  };
  newestPer((at) => at.toISOString().slice(0, 10), keep.daily);
  newestPer(isoWeek, keep.weekly);
  return kept;
}

/** `2026-W48`: the ISO 8601 week (UTC) of `at`. */
function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * Deletes the daily backups (`-daily` names) that `backupsToKeep` does not keep; backups made by
 * hand are never deleted. Returns the names removed.
 */
export async function pruneDailyBackups(store: BackupStore, keep: { daily: number; weekly: number }): Promise<string[]> {
  const daily = (await store.list()).filter((n) => n.endsWith("-daily"));
  const kept = backupsToKeep(daily, keep);
  const removed = daily.filter((n) => !kept.has(n));
  for (const name of removed) await store.remove(name);
  return removed;
}

export { BackupError };
