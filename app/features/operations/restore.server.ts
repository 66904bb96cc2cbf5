/**
 * Restoring a backup (issue 20 "Backups and restore", `npm run restore`). In this order, so a bad
 * backup changes nothing:
 *
 * 1. read the manifest and verify the SHA-256 of every part (refuse on any mismatch or missing part);
 *    an encrypted backup's database part is decrypted here, so a missing or wrong key is refused
 *    before anything is written;
 * 2. check the target is empty: the PGlite folder absent or empty, or no tables in the PostgreSQL
 *    database, and no stored uploads. A non-empty target is refused unless `force` is given: then
 *    an existing PGlite folder is moved aside (not deleted) and PostgreSQL objects are replaced;
 * 3. restore the database (PGlite `loadDataDir`, or `pg_restore` in one transaction), then the
 *    uploads, each checked again against its checksum as it is written;
 * 4. count the rows of the restored database, for the report.
 *
 * It never opens the app's shared database connection (`~/db/client.server` would create the
 * PGlite folder on import); it opens the target itself.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { contentTypeOfKey, type FileStorage } from "~/features/media/storage.server";
import {
  BackupError,
  BackupManifestSchema,
  countRows,
  lastMigration,
  runPostgresTool,
  sha256,
  UPLOADS_FOLDER,
  type BackupManifest,
  type SqlQuery,
} from "./backup-manifest.server";
import { ensurePrivateDir, narrowTree, writePrivateFile } from "~/utils/private-files.server";
import { decryptPart, type BackupKey } from "./backup-encryption.server";
import { MANIFEST_FILE, type BackupStore } from "./backup-store.server";

/** The database to restore into: PostgreSQL at `url`, or a PGlite data folder. */
export type RestoreTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

/** Options of `restoreBackup`. */
export type RestoreOptions = {
  target: RestoreTarget;
  /** Where the uploads go (the configured media storage). */
  files: FileStorage;
  /** Replace a non-empty target instead of refusing. */
  force?: boolean;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
  /** The key of an encrypted backup (`BACKUP_ENCRYPTION_KEY`'s secret key); unused for a plain one. */
  encryptionKey?: BackupKey | null;
};

/** What a restore did: the manifest, the rows now in each table, the files written, what was moved aside. */
export type RestoreResult = {
  manifest: BackupManifest;
  counts: Record<string, number>;
  uploads: number;
  movedAside: string | null;
  migration: BackupManifest["migration"];
};

/**
 * Reads and checks the manifest of backup `name`, then verifies every part's size and SHA-256,
 * and decrypts the database part of an encrypted backup with `encryptionKey`. Returns the
 * manifest and the database part's (decrypted) bytes. Throws `BackupError` listing each problem,
 * or saying the key is missing, only a recipient, or not the one the backup was made for.
 */
export async function verifyBackup(
  store: BackupStore,
  name: string,
  encryptionKey: BackupKey | null = null,
): Promise<{ manifest: BackupManifest; database: Buffer }> {
  let raw: Buffer;
  try {
    raw = await store.read(name, MANIFEST_FILE);
  } catch {
    throw new BackupError(`No backup at ${store.location(name)}: it has no ${MANIFEST_FILE} (an incomplete backup or a wrong path).`);
  }
  let manifest: BackupManifest;
  try {
    manifest = BackupManifestSchema.parse(JSON.parse(raw.toString("utf8")));
  } catch {
    throw new BackupError(`The manifest of ${store.location(name)} is not a valid backup manifest.`);
  }
  const problems: string[] = [];
  let database: Buffer | null = null;
  for (const part of manifest.parts) {
    const body = await store.read(name, part.file).catch(() => null);
    if (!body) problems.push(`${part.file}: missing`);
    else if (body.length !== part.bytes || sha256(body) !== part.sha256) problems.push(`${part.file}: checksum mismatch`);
    else if (part.file === manifest.database.file) database = body;
    else if (!part.file.startsWith(UPLOADS_FOLDER) || !contentTypeOfKey(part.file.slice(UPLOADS_FOLDER.length))) problems.push(`${part.file}: not a part this app restores`);
  }
  if (!database && !problems.some((p) => p.startsWith(`${manifest.database.file}:`))) problems.push(`${manifest.database.file}: not listed in the manifest`);
  if (problems.length > 0) {
    throw new BackupError(`The backup ${store.location(name)} failed verification; nothing was restored.\n  ${problems.join("\n  ")}`);
  }
  if (manifest.encryption) return { manifest, database: await decryptPart(encryptionKey, database!, store.location(name)) };
  return { manifest, database: database! };
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries.length === 0;
}

async function withPostgres<T>(url: string, fn: (query: SqlQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores backup `name` from `store` into `options.target` and `options.files` (see the module
 * comment for the order). Throws `BackupError` before writing anything when the backup fails
 * verification, does not match the target's kind, or the target is not empty without `force`.
 */
export async function restoreBackup(store: BackupStore, name: string, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { target, files } = options;
  const { manifest, database } = await verifyBackup(store, name, options.encryptionKey ?? null);
  log(`Verified ${manifest.parts.length} parts of ${manifest.name} (SHA-256).`);

  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      `This backup holds a ${manifest.database.kind === "pglite" ? "PGlite" : "PostgreSQL"} database but the target is ${target.kind === "pglite" ? "PGlite (DATABASE_URL is not set)" : "PostgreSQL (DATABASE_URL)"}; restore it into the same kind.`,
    );
  }

  // Both targets are checked before either is written.
  const existingTables =
    target.kind === "postgres"
      ? Number((await withPostgres(target.url, (q) => q("select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')")))[0]?.n)
      : 0;
  if (target.kind === "pglite" && existsSync(path.join(target.dir, "postmaster.pid"))) {
    throw new BackupError(`The database folder ${path.resolve(target.dir)} is in use (a running server?). Stop the server first.`);
  }
  const databaseEmpty = target.kind === "postgres" ? existingTables === 0 : await isEmptyFolder(target.dir);
  const existingFiles = (await files.list()).length;
  if (!options.force && (!databaseEmpty || existingFiles > 0)) {
    const what = [
      databaseEmpty ? null : target.kind === "postgres" ? `the database has ${existingTables} tables` : `the folder ${path.resolve(target.dir)} is not empty`,
      existingFiles > 0 ? `the upload storage holds ${existingFiles} files` : null,
    ].filter(Boolean);
    throw new BackupError(`Refusing to restore: ${what.join(" and ")}. Restore into an empty target, or pass --force to replace it.`);
  }

  let movedAside: string | null = null;
  let counts: Record<string, number>;
  let migration: BackupManifest["migration"];
  if (target.kind === "pglite") {
    if (!databaseEmpty) {
      movedAside = `${path.resolve(target.dir)}.before-restore-${Date.now()}`;
      await rename(target.dir, movedAside);
      log(`Moved the existing database folder aside to ${movedAside}.`);
    }
    await ensurePrivateDir(target.dir);
    const client = new PGlite(target.dir, { loadDataDir: new Blob([new Uint8Array(database)]) });
    try {
      const query: SqlQuery = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
      counts = await countRows(query);
      migration = await lastMigration(query);
    } finally {
      await client.close();
      await narrowTree(target.dir);
    }
  } else {
    const work = await mkdtemp(path.join(tmpdir(), "meridian-restore-"));
    try {
      const file = path.join(work, manifest.database.file);
      await writePrivateFile(file, database);
      const clean = databaseEmpty ? [] : ["--clean", "--if-exists"];
      await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", ...clean, `--dbname=${target.url}`, file]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    ({ counts, migration } = await withPostgres(target.url, async (q) => ({ counts: await countRows(q), migration: await lastMigration(q) })));
  }
  log(`Restored the database (${Object.keys(counts).length} tables).`);

  let uploads = 0;
  for (const part of manifest.parts) {
    if (!part.file.startsWith(UPLOADS_FOLDER)) continue;
    const key = part.file.slice(UPLOADS_FOLDER.length);
    const contentType = contentTypeOfKey(key)!; // checked by verifyBackup
    const body = await store.read(name, part.file);
    if (sha256(body) !== part.sha256) throw new BackupError(`${part.file}: changed since verification; restore stopped`);
    await files.put(key, manifest.encryption ? await decryptPart(options.encryptionKey ?? null, body, store.location(name)) : body, contentType);
    uploads++;
  }
  log(`Restored ${uploads} uploads.`);
  return { manifest, counts, uploads, movedAside, migration };
}
