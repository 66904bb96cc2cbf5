/** Column and constraint builders every area's tables share. */
import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** `created_at`: the instant the row was written (timestamptz, defaults to now). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** `updated_at`: the instant of the row's last change (timestamptz, defaults to now; set by the writer). */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A CHECK condition `column between min and max` (inclusive), for a bound of `RETENTION_LIMITS`. */
export const between = (column: string, { min, max }: { min: number; max: number }) => sql.raw(`${column} between ${min} and ${max}`);

/** A CHECK condition `column in ('a', 'b', ...)` from a fixed vocabulary of `app/utils/domain.ts`. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
