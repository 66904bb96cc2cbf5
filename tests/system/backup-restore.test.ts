/**
 * Backups that restore (issue 20): a production server seeds the demo content, uploads are added,
 * `npm run backup` writes a backup (on PostgreSQL while the server runs), the data is wiped,
 * `npm run restore` brings it back, and every row of every table (application and migration
 * bookkeeping) and every upload is byte-identical. A corrupted backup is refused before anything
 * is written, and a non-empty target is refused without --force. Both database kinds.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../bench/lib";
import { startServers, systemDatabaseUrl } from "./support/servers";

const run = promisify(execFile);
type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Runs `npm run backup` / `npm run restore` as an operator would (tsx), returning exit code and output. */
async function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
      env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "silent", BACKUP_DIR: "", BACKUP_S3_BUCKET: "", S3_BUCKET: "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every table of `public` and `drizzle`: its row count and the MD5 of all its rows in a stable order. */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  const tables = await query(
    "select table_schema as s, table_name as t from information_schema.tables where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2",
  );
  const result: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [row] = await query(`select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${s}"."${t}" x`);
    result[`${s}.${t}`] = `${row!.n} rows ${row!.h}`;
  }
  return result;
}

async function pgliteFingerprint(dir: string) {
  const client = new PGlite(dir);
  try {
    return await fingerprint(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

async function pgFingerprint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fingerprint(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** Writes three uploads of random bytes (real media keys) and returns key -> bytes. */
async function addUploads(dataDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const [key, size] of [["project-images/bridge-1.webp", 40_000], ["project-images/bridge-1-640.avif", 9_000], ["project-images/site-2.jpg", 120_000]] as const) {
    const body = randomBytes(size);
    await mkdir(path.dirname(path.join(dataDir, "uploads", key)), { recursive: true });
    await writeFile(path.join(dataDir, "uploads", key), body);
    files.set(key, body);
  }
  return files;
}

async function uploadsOf(dataDir: string): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, "uploads");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Map<string, Buffer>();
  for (const e of entries.filter((e) => e.isFile())) {
    const file = path.join(e.parentPath, e.name);
    files.set(path.relative(root, file).split(path.sep).join("/"), await readFile(file));
  }
  return files;
}

/** A copy of `backup` with one byte of `part` flipped. */
async function corruptCopy(backup: string, part: string, work: string): Promise<string> {
  const copy = path.join(work, "corrupt", path.basename(backup));
  await cp(backup, copy, { recursive: true });
  const body = await readFile(path.join(copy, part));
  body[Math.floor(body.length / 2)] ^= 0xff;
  await writeFile(path.join(copy, part), body);
  return copy;
}

const lastLine = (text: string) => text.trim().split("\n").at(-1)!;

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "backup-system-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("backup and restore on PGlite", () => {
  it("restores every row and every upload byte-identical; refuses a corrupted backup and a non-empty target", async () => {
    const dataDir = path.join(work, "pglite-data");
    const pgliteDir = path.join(dataDir, "pglite");
    const env = { DATABASE_URL: "", DATA_DIR: dataDir, PGLITE_DIR: pgliteDir };
    const server = await startServer({ label: "backup", env: () => ({ ...env, SEED_DEMO: "true", DISABLE_JOBS: "true" }) });
    // While the server holds the database, the CLI refuses rather than open it a second time.
    const busy = await cli("backup", [], env);
    await server.stop();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain("stop the server first");

    await addUploads(dataDir);
    // The demo seed stored its images as uploads too.
    const uploads = await uploadsOf(dataDir);
    expect(uploads.size).toBeGreaterThan(3);
    const before = await pgliteFingerprint(pgliteDir);
    expect(before["public.insights"]).not.toMatch(/^0 rows/);
    expect(before["drizzle.__drizzle_migrations"]).not.toMatch(/^0 rows/);

    const backup = await cli("backup", [], env);
    expect(backup.code, backup.stderr).toBe(0);
    const location = lastLine(backup.stdout);
    expect(location).toBe(path.join(dataDir, "backups", path.basename(location)));
    const manifest = JSON.parse(await readFile(path.join(location, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ database: { kind: "pglite", file: "database.tar.gz" }, uploads: uploads.size, app: { version: "1.0.0" } });

    // Not empty: refused, nothing touched.
    const refused = await cli("restore", [location], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Restore into an empty target, or pass --force");

    // Wipe.
    const backups = path.join(work, "pglite-backups");
    await cp(path.join(dataDir, "backups"), backups, { recursive: true });
    await rm(dataDir, { recursive: true, force: true });
    const saved = path.join(backups, path.basename(location));

    // A flipped byte in one upload: refused before the database or any upload is written.
    const corrupt = await cli("restore", [await corruptCopy(saved, "uploads/project-images/site-2.jpg", path.join(work, "pglite-corrupt"))], env);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain("uploads/project-images/site-2.jpg: checksum mismatch");
    expect(await readdir(dataDir).catch(() => [])).toEqual([]);

    const restored = await cli("restore", [saved], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`uploads: ${uploads.size} files`);
    expect(await pgliteFingerprint(pgliteDir)).toEqual(before);
    expect(await uploadsOf(dataDir)).toEqual(uploads);

    // --force replaces a non-empty target and keeps the old folder aside.
    const forced = await cli("restore", [saved, "--force"], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("Moved the existing database folder aside");
    expect(await pgliteFingerprint(pgliteDir)).toEqual(before);
  });
});

describe("backup and restore on PostgreSQL", () => {
  const adminUrl = () => Object.assign(new URL(systemDatabaseUrl()), { pathname: "/postgres" }).toString();
  const targetName = `${new URL(systemDatabaseUrl()).pathname.slice(1)}_restore`;
  const targetUrl = () => Object.assign(new URL(systemDatabaseUrl()), { pathname: `/${targetName}` }).toString();
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  afterAll(async () => {
    await admin(`drop database if exists "${targetName}" with (force)`);
  });

  it("backs up while the server runs and restores every row and upload byte-identical into an empty database", async () => {
    const dataDir = path.join(work, "pg-data");
    const cluster = await startServers(1, { env: { SEED_DEMO: "true", DISABLE_JOBS: "true" } });
    try {
      const uploads = await addUploads(dataDir);
      const before = await pgFingerprint(cluster.databaseUrl);
      expect(before["public.insights"]).not.toMatch(/^0 rows/);

      const backup = await cli("backup", [], { DATABASE_URL: cluster.databaseUrl, DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      const location = lastLine(backup.stdout);
      const manifest = JSON.parse(await readFile(path.join(location, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({ database: { kind: "postgres", file: "database.pgdump" }, uploads: 3 });
      expect(manifest.counts["public.insights"]).toBe(Number(before["public.insights"]!.split(" ")[0]));

      // The source is not empty: refused.
      const refused = await cli("restore", [location], { DATABASE_URL: cluster.databaseUrl, DATA_DIR: path.join(work, "pg-empty") });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Refusing to restore: the database has \d+ tables/);

      // Wipe the uploads; restore into a new, empty database.
      await rm(path.join(dataDir, "uploads"), { recursive: true, force: true });
      await admin(`drop database if exists "${targetName}" with (force)`);
      await admin(`create database "${targetName}"`);
      const env = { DATABASE_URL: targetUrl(), DATA_DIR: dataDir };

      const corrupt = await cli("restore", [await corruptCopy(location, "database.pgdump", path.join(work, "pg-corrupt"))], env);
      expect(corrupt.code).toBe(1);
      expect(corrupt.stderr).toContain("database.pgdump: checksum mismatch");
      expect(await pgFingerprint(targetUrl())).toEqual({});
      expect(await uploadsOf(dataDir)).toEqual(new Map());

      const restored = await cli("restore", [location], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(await pgFingerprint(targetUrl())).toEqual(before);
      expect(await uploadsOf(dataDir)).toEqual(uploads);
    } finally {
      await cluster.stop();
    }
  });

  it("the daily job backs up exactly once with two workers, audited", async () => {
    const backups = path.join(work, "daily");
    const cluster = await startServers(2, { env: { BACKUP_DAILY: "true", BACKUP_DIR: backups } });
    const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 });
    try {
      const completed = async () => (await pool.query("select entity_id from audit_log where action = 'backup.completed'")).rows;
      const deadline = Date.now() + 60_000;
      while ((await completed()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      // Both workers have ticked (first tick 5 s after start); give a second one time to show up.
      await new Promise((r) => setTimeout(r, 6_000));
      const names = (await completed()).map((r) => r.entity_id);
      expect(names).toHaveLength(1);
      expect(await readdir(backups)).toEqual(names);
      expect((await pool.query("select count(*)::int as n from job_runs where job = 'daily-backup'")).rows[0].n).toBe(1);
    } finally {
      await pool.end();
      await cluster.stop();
    }
  });
});
