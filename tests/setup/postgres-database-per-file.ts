/**
 * The PostgreSQL Vitest project and the system tests give each test file a database of its own, so
 * their files run in parallel instead of one at a time on a shared database. The first file to
 * need it migrates a template database once (named after the migrations, so a new migration makes
 * a new template and the old ones of the same base database are dropped); every file then gets a
 * copy of it (`CREATE DATABASE ... TEMPLATE`, a file copy on the server) as `DATABASE_URL`, dropped
 * after the file. Runs before the test file imports the app, which reads `DATABASE_URL` then.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("the PostgreSQL project needs TEST_DATABASE_URL");

const migrationsFolder = path.resolve("app/db/migrations");
const base = new URL(serverUrl);
const baseName = base.pathname.slice(1);
const migrationsHash = createHash("sha256")
  .update(readFileSync(path.join(migrationsFolder, "meta/_journal.json")))
  .digest("hex")
  .slice(0, 10);
const template = `${baseName}_tmpl_${migrationsHash}`;
const fileDatabase = `${baseName}_f_${randomBytes(5).toString("hex")}`;
const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

/** Runs `fn` on a connection to the base database. */
async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

await onServer(async (client) => {
  // One file at a time checks for the template and makes it when missing.
  await client.query("select pg_advisory_lock(727002)");
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [template]);
    if (!rowCount) {
      const stale = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${baseName}\\_tmpl\\_%`]);
      for (const { datname } of stale.rows) await client.query(`drop database if exists "${datname}" with (force)`);
      await client.query(`create database "${template}"`);
      const migrator = new pg.Client({ connectionString: urlOf(template) });
      await migrator.connect();
      try {
        await migrate(drizzle(migrator), { migrationsFolder });
      } finally {
        await migrator.end();
      }
    }
    await client.query(`create database "${fileDatabase}" template "${template}"`);
  } finally {
    await client.query("select pg_advisory_unlock(727002)");
  }
});
process.env.DATABASE_URL = urlOf(fileDatabase);

/** How long the drop waits for the file's own connections to leave before it forces them out. */
const DRAIN_WAIT_MS = 2_000;

afterAll(async () => {
  await onServer(async (client) => {
    // `pool.end()` (node-postgres) resolves before its connections have closed. Dropping WITH
    // (FORCE) at that moment terminates them mid-goodbye, and the "terminating connection due to
    // administrator command" error reaches the test file as an unhandled error. So wait for the
    // database's sessions to leave, briefly; force only what a file left open.
    const deadline = Date.now() + DRAIN_WAIT_MS;
    for (;;) {
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [fileDatabase]);
      if (rows[0]!.n === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists "${fileDatabase}" with (force)`);
  });
});
