/**
 * A database that stops part-way through the real migrations, for tests of a migration on an
 * install that already holds data: rows are written as the older schema had them, then the
 * remaining migrations run over them.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const MIGRATIONS = path.resolve("app/db/migrations");

/** An embedded database migrated up to a given migration; see {@link databaseAtMigration}. */
export type PartlyMigratedDatabase = {
  client: PGlite;
  db: ReturnType<typeof drizzle>;
  /** Runs every migration after the one the database stopped at. */
  migrateRest(): Promise<void>;
  /** Closes the database and removes the copied migrations. */
  close(): Promise<void>;
};

/**
 * A fresh in-memory PGlite with the real migrations applied up to and including the one whose
 * journal index is `lastIdx` (e.g. 29 for `0029_*.sql`), from a copy of the migrations folder whose
 * journal ends there.
 */
export async function databaseAtMigration(lastIdx: number): Promise<PartlyMigratedDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), `migrations-${lastIdx}-`));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  await writeFile(journalPath, JSON.stringify(journal));
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: folder });
  return {
    client,
    db,
    migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS }),
    close: async () => {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
