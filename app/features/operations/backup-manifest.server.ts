/**
 * The backup format (issue 20 "Backups and restore"), shared by `npm run backup`, the daily job
 * and `npm run restore`: the manifest's shape, SHA-256 of every part, row counts and the applied
 * migration. Imports no database connection, so restore can use it before any database exists.
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";

/** The manifest's format marker; a restore refuses any other. */
export const BACKUP_FORMAT = "meridian-backup/1";

/** The database part's file name for each database kind. */
export const DATABASE_FILE = { pglite: "database.tar.gz", postgres: "database.pgdump" } as const;

/** The folder of upload parts inside a backup: `uploads/<storage key>`. */
export const UPLOADS_FOLDER = "uploads/";

const PartSchema = z.object({
  file: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * What `manifest.json` holds. `counts` maps `schema.table` to its rows at the backup's instant;
 * `migration` is the last applied migration's journal tag (e.g. `0011_staff-calendar-feeds`);
 * `parts` lists every other file of the backup with its size in bytes and SHA-256 (hex), of the
 * bytes as stored (encrypted ones when `encryption` is set).
 */
export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  name: z.string(),
  createdAt: z.iso.datetime(),
  trigger: z.enum(["manual", "daily"]),
  app: z.object({ version: z.string() }),
  migration: z.object({ tag: z.string(), appliedAt: z.iso.datetime() }).nullable(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), file: z.string() }),
  counts: z.record(z.string(), z.number().int().min(0)),
  uploads: z.number().int().min(0),
  parts: z.array(PartSchema),
  /** "age" when every part is encrypted (backup-encryption.server.ts); absent when not. */
  encryption: z.literal("age").optional(),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;
export type BackupPart = z.infer<typeof PartSchema>;

/** Runs one SQL statement and returns its rows (a PGlite, pg or Drizzle executor adapted to this). */
export type SqlQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** SHA-256 of `body` in lowercase hex. */
export function sha256(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

/** The part record of `body` stored as `file`. */
export function partOf(file: string, body: Buffer): BackupPart {
  return { file, bytes: body.length, sha256: sha256(body) };
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Tables whose rows never enter a backup, only their definition: the analytics day's salt (beside
 * the visitor hashes it would re-identify visits; a restored server makes a new one). PGlite
 * keeps it outside the database altogether (analytics/visitor.server.ts).
 */
export const TABLES_WITHOUT_DATA_IN_BACKUPS = ["public.analytics_salts"] as const;

/**
 * Rows of every table of the schemas `public` and `drizzle` (migration bookkeeping), keyed
 * `schema.table`, in name order; `TABLES_WITHOUT_DATA_IN_BACKUPS` are left out.
 */
export async function countRows(query: SqlQuery): Promise<Record<string, number>> {
  const tables = await query(
    "select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2",
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    if ((TABLES_WITHOUT_DATA_IN_BACKUPS as readonly string[]).includes(`${t.schema}.${t.name}`)) continue;
    const [row] = await query(`select count(*)::int as n from ${quote(String(t.schema))}.${quote(String(t.name))}`);
    counts[`${t.schema}.${t.name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The journal of `app/db/migrations` (run from the project root, as the server is). */
function migrationJournal(): { tag: string; when: number }[] {
  const file = path.resolve(process.cwd(), "app/db/migrations/meta/_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { entries: { tag: string; when: number }[] }).entries;
}

/** The last applied migration (its journal tag and when it was created), or null before any. */
export async function lastMigration(query: SqlQuery): Promise<BackupManifest["migration"]> {
  const [row] = await query("select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1").catch(() => []);
  if (!row) return null;
  const when = Number(row.created_at);
  const entry = migrationJournal().find((e) => e.when === when);
  return { tag: entry?.tag ?? `unknown (${when})`, appliedAt: new Date(when).toISOString() };
}

/** The tag of this code's newest migration (a restore warns when a backup is newer than the code). */
export function newestKnownMigration(): string | null {
  return migrationJournal().at(-1)?.tag ?? null;
}

/** `version` from the project's package.json. */
export function appVersion(): string {
  const file = path.resolve(process.cwd(), "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
}

/** A backup or restore that cannot go ahead, with a message for the operator (no stack needed). */
export class BackupError extends Error {
  override name = "BackupError";
}

const run = promisify(execFile);

/**
 * Runs one of PostgreSQL's client tools (`pg_dump`, `pg_restore`) and returns its stdout.
 * Throws `BackupError` saying how to install it when it is missing, or with its own error output
 * (e.g. a server version mismatch) when it fails.
 */
export async function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") {
      throw new BackupError(
        `${tool} is not installed, so the PostgreSQL database cannot be ${tool === "pg_dump" ? "backed up" : "restored"}. ` +
          "Install PostgreSQL's client tools of the server's major version or newer (Debian: `apt-get install postgresql-client`), or use your provider's backups.",
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}
