/**
 * Backups that restore (issue 20): a production server seeds the demo content, uploads are added,
 * `npm run backup` writes a backup (on PostgreSQL while the server runs), the data is wiped,
 * `npm run restore` brings it back, and every row of every table (application and migration
 * bookkeeping) and every upload is byte-identical. A corrupted backup is refused before anything
 * is written, and a non-empty target is refused without --force. Both database kinds.
 *
 * At rest: everything the server, the backup and the restore write is its owner's alone (files
 * 0600, folders 0700); the analytics day's salt never enters a backup; with BACKUP_ENCRYPTION_KEY
 * the parts are encrypted and a restore without the right secret key changes nothing.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
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

/** Every file and folder under `root` whose mode lets anyone but the owner in: `path mode` lines. */
async function notPrivate(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = [root, ...entries.map((e) => path.join(e.parentPath, e.name))];
  const open: string[] = [];
  for (const p of paths) {
    const mode = (await stat(p)).mode & 0o777;
    if (mode & 0o077) open.push(`${path.relative(root, p) || "."} ${mode.toString(8)}`);
  }
  return open;
}

/** Counts a page view as a browser would (the analytics skip bots), so the day's salt exists. */
async function visit(base: string) {
  const response = await fetch(`${base}/`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" } });
  expect(response.status).toBe(200);
}

/** A fingerprint without the analytics salt, whose rows a backup leaves out on purpose. */
const withoutSalt = (fingerprint: Record<string, string>) => {
  const { ["public.analytics_salts"]: _salt, ...rest } = fingerprint;
  return rest;
};

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "backup-system-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("backup and restore on PGlite", () => {
  it("restores every row and every upload byte-identical; refuses a corrupted backup and a non-empty target", { timeout: 300_000 }, async () => {
    const dataDir = path.join(work, "pglite-data");
    const pgliteDir = path.join(dataDir, "pglite");
    const env = { DATABASE_URL: "", DATA_DIR: dataDir, PGLITE_DIR: pgliteDir };
    const server = await startServer({ label: "backup", env: () => ({ ...env, SEED_DEMO: "true", DISABLE_JOBS: "true" }), readyWithinMs: 180_000 });
    await visit(server.base);
    // While the server holds the database, the CLI refuses rather than open it a second time.
    const busy = await cli("backup", [], env);
    await server.stop();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain("stop the server first");
    // The database folder, the seeded uploads and the salt file: the server account's only.
    expect(await notPrivate(dataDir)).toEqual([]);
    const { salt } = JSON.parse(await readFile(path.join(dataDir, "analytics-salt.json"), "utf8")) as { salt: string };
    expect(salt).toMatch(/^[\w-]{43}$/);

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
    expect(manifest.encryption).toBeUndefined();
    expect(await notPrivate(path.join(dataDir, "backups"))).toEqual([]);
    // The database folder is copied byte for byte: the salt is not in it.
    expect(gunzipSync(await readFile(path.join(location, "database.tar.gz"))).includes(salt)).toBe(false);

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
    expect(restored.stdout).not.toContain("Warning: row counts differ");
    expect(await notPrivate(dataDir)).toEqual([]);
    expect(await pgliteFingerprint(pgliteDir)).toEqual(before);
    expect(await uploadsOf(dataDir)).toEqual(uploads);

    // --force replaces a non-empty target and keeps the old folder aside.
    const forced = await cli("restore", [saved, "--force"], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("Moved the existing database folder aside");
    expect(await pgliteFingerprint(pgliteDir)).toEqual(before);
  });

  it("encrypts every part with BACKUP_ENCRYPTION_KEY; a restore without the right secret key changes nothing", { timeout: 400_000 }, async () => {
    const dataDir = path.join(work, "pglite-encrypted");
    const pgliteDir = path.join(dataDir, "pglite");
    const env = { DATABASE_URL: "", DATA_DIR: dataDir, PGLITE_DIR: pgliteDir };
    const server = await startServer({ label: "backup-age", env: () => ({ ...env, SEED_DEMO: "true", DISABLE_JOBS: "true" }), readyWithinMs: 180_000 });
    await server.stop();
    const before = await pgliteFingerprint(pgliteDir);
    const uploads = await uploadsOf(dataDir);
    const identity = await generateX25519Identity();

    const backup = await cli("backup", [], { ...env, BACKUP_ENCRYPTION_KEY: await identityToRecipient(identity) });
    expect(backup.code, backup.stderr).toBe(0);
    const saved = path.join(work, "pglite-encrypted-backups", path.basename(lastLine(backup.stdout)));
    await cp(lastLine(backup.stdout), saved, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(saved, "manifest.json"), "utf8"));
    expect(manifest.encryption).toBe("age");
    for (const part of manifest.parts as { file: string }[]) {
      const head = (await readFile(path.join(saved, part.file))).subarray(0, 21).toString("latin1");
      expect(head, part.file).toBe("age-encryption.org/v1");
    }
    await rm(dataDir, { recursive: true, force: true });

    const missing = await cli("restore", [saved], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("is encrypted: set BACKUP_ENCRYPTION_KEY to the secret key it was made with");
    const wrong = await cli("restore", [saved], { ...env, BACKUP_ENCRYPTION_KEY: await generateX25519Identity() });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("BACKUP_ENCRYPTION_KEY does not open the backup");
    const recipientOnly = await cli("restore", [saved], { ...env, BACKUP_ENCRYPTION_KEY: await identityToRecipient(identity) });
    expect(recipientOnly.code).toBe(1);
    expect(recipientOnly.stderr).toContain("holds only a recipient");
    expect(await readdir(dataDir).catch(() => [])).toEqual([]);

    const restored = await cli("restore", [saved], { ...env, BACKUP_ENCRYPTION_KEY: identity });
    expect(restored.code, restored.stderr).toBe(0);
    expect(await pgliteFingerprint(pgliteDir)).toEqual(before);
    expect(await uploadsOf(dataDir)).toEqual(uploads);
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

  it("backs up while the server runs and restores every row and upload byte-identical into an empty database", { timeout: 300_000 }, async () => {
    const dataDir = path.join(work, "pg-data");
    const cluster = await startServers(1, { env: { SEED_DEMO: "true", DISABLE_JOBS: "true", ANALYTICS_FLUSH_MS: "200" } });
    try {
      await visit(cluster.servers[0]!.base);
      // The view is written with the day's salt; wait for both (then nothing changes until the backup).
      const counted = async () => {
        const client = new pg.Client({ connectionString: cluster.databaseUrl });
        await client.connect();
        const { rows } = await client
          .query("select (select salt from analytics_salts limit 1) as salt, (select count(*)::int from analytics_events) as views")
          .finally(() => client.end());
        return rows[0]!.views > 0 ? (rows[0]!.salt as string) : undefined;
      };
      const deadline = Date.now() + 15_000;
      while (!(await counted()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const salt = (await counted())!;
      expect(salt).toMatch(/^[\w-]{43}$/);
      const uploads = await addUploads(dataDir);
      const before = await pgFingerprint(cluster.databaseUrl);
      expect(before["public.insights"]).not.toMatch(/^0 rows/);

      const backup = await cli("backup", [], { DATABASE_URL: cluster.databaseUrl, DATA_DIR: dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      const location = lastLine(backup.stdout);
      const manifest = JSON.parse(await readFile(path.join(location, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({ database: { kind: "postgres", file: "database.pgdump" }, uploads: 3 });
      expect(manifest.counts["public.insights"]).toBe(Number(before["public.insights"]!.split(" ")[0]));
      expect(manifest.counts["public.analytics_salts"]).toBeUndefined();
      expect(await notPrivate(location)).toEqual([]);
      // The dump holds the salt table's definition but not its row.
      const { stdout: dumpText } = await run("pg_restore", ["--file=-", path.join(location, "database.pgdump")], { maxBuffer: 256 * 1024 * 1024 });
      expect(dumpText).toContain("analytics_salts");
      expect(dumpText.includes(salt)).toBe(false);

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
      expect(restored.stdout).not.toContain("Warning: row counts differ");
      const after = await pgFingerprint(targetUrl());
      // No salt came back: the restored server makes a new one.
      expect(after["public.analytics_salts"]).toMatch(/^0 rows/);
      expect(withoutSalt(after)).toEqual(withoutSalt(before));
      expect(await uploadsOf(dataDir)).toEqual(uploads);
      expect(await notPrivate(path.join(dataDir, "uploads"))).toEqual([]);
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
