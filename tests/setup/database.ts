/**
 * Test database lifecycle for Vitest feature tests: migrate once per file, empty every table
 * before each test. Works on PGlite (a fresh in-memory database per file) and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { closeDatabase, db, databaseKind, migrate } from "~/db/client.server";

/** Every application table, emptied between tests (migration bookkeeping is kept). */
export async function resetDatabase(): Promise<void> {
  const rows = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = (rows as unknown as { rows: { tablename: string }[] }).rows ?? (rows as unknown as { tablename: string }[]);
  const names = tables.map((t) => `"${t.tablename}"`).join(", ");
  if (names) await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/** Registers the hooks: migrate before the file, reset before each test, close after. */
export function setupTestDatabase(): { kind: typeof databaseKind } {
  beforeAll(async () => {
    await migrate();
  });
  beforeEach(async () => {
    await resetDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
  });
  return { kind: databaseKind };
}
