/**
 * A full-text scan of every table of the database (erasure leaves no trace): for each
 * base table of the `public` schema, how many rows contain `needle` anywhere (`t::text ilike`).
 */
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern } from "~/db/sql";

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** `{ table: matchingRows }` for every table with at least one row containing `needle` (case-insensitive). */
export async function tablesContaining(needle: string): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  expectSomeTables(tables.length);
  const found: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select count(*) as n from ${sql.identifier(name)} t where t::text ilike ${containsPattern(needle)}`),
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) found[name] = n;
  }
  return found;
}

function expectSomeTables(count: number) {
  if (count < 10) throw new Error(`expected the application's tables, found ${count}`);
}
