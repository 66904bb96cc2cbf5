/** Column and constraint builders every area's tables share. */
import { sql } from "drizzle-orm";
import { text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** `id`: a random uuid primary key. */
export const uuidId = () => uuid("id").primaryKey().defaultRandom();

/**
 * A not-null uuid column `name` pointing at `target`, the row it belongs to: deleting that row
 * deletes this one (ON DELETE CASCADE).
 */
export const uuidOwner = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: "cascade" });
/** The same as `uuidOwner` for a text key (better-auth's user ids). */
export const textOwner = (name: string, target: () => AnyPgColumn) => text(name).notNull().references(target, { onDelete: "cascade" });

/** `created_at`: the instant the row was written (timestamptz, defaults to now). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** `updated_at`: the instant of the row's last change (timestamptz, defaults to now; set by the writer). */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * `lease_until`, `lease_holder`, spread into a table's columns: a row one server instance at a
 * time works on holds the instant its claim lapses (timestamptz) and the name of the instance that
 * made it; both null while nobody holds it. Another instance may take the row over once
 * `lease_until` has passed.
 */
export const leaseColumns = () => ({
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
  leaseHolder: text("lease_holder"),
});

/** A CHECK condition `column between min and max` (inclusive), for a bound of `RETENTION_LIMITS`. */
export const between = (column: string, { min, max }: { min: number; max: number }) => sql.raw(`${column} between ${min} and ${max}`);

/** A CHECK condition `column in ('a', 'b', ...)` from a fixed vocabulary of `app/utils/domain.ts`. */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
