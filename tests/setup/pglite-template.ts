/**
 * Vitest global setup: one embedded database migrated once for the whole run, written as a
 * PGlite data-directory tarball, and `PGLITE_TEMPLATE` pointing at it. Each test file's in-memory
 * PGlite then loads that tarball instead of creating a cluster and applying every migration itself
 * (about 2-6 s per file on a 2-core machine). `migrate()` in a test file still runs and finds
 * nothing to apply, so a file never depends on the template being current.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "meridian-pglite-template-"));
  const file = path.join(folder, "migrated.tar.gz");
  const client = new PGlite("memory://");
  await migrate(drizzle(client), { migrationsFolder: path.resolve("app/db/migrations") });
  const tarball = await client.dumpDataDir("gzip");
  await client.close();
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  // Workers are started after global setup and inherit this process's environment.
  process.env.PGLITE_TEMPLATE = file;
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
