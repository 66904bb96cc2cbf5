/**
 * The database connection: node-postgres when `DATABASE_URL` is set, otherwise embedded PGlite
 * persisted under `PGLITE_DIR` (`shared/DESIGN.md` section 2). Both speak the same SQL through one
 * Drizzle schema. Migrations in `app/db/migrations` are applied by `migrate()` at start-up.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { sql } from "drizzle-orm";
import { env } from "~/utils/env.server";
import * as schema from "./schema";

/** A Drizzle database over either driver; transactions and `FOR UPDATE` work on both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => ...)`; domain functions accept `Database | Transaction`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A LISTEN subscription. `onConnected(true)` once listening (again, after a reconnect: messages
 * sent while it was down are lost, so the caller re-reads what it follows), `onConnected(false)`
 * when the dedicated connection drops. `stop()` unsubscribes and closes it.
 */
export type Subscription = { stop: () => Promise<void> };
type ListenHandlers = { onMessage: (payload: string) => void; onConnected: (connected: boolean) => void };

type Connection = {
  db: Database;
  kind: "postgres" | "pglite";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  listen: (channel: string, handlers: ListenHandlers) => Subscription;
};

/** Delay before re-opening a dropped LISTEN connection, in milliseconds. */
const LISTEN_RETRY_MS = 500;

/**
 * LISTEN on a dedicated node-postgres client (a pooled one would be handed to queries and lose
 * the subscription), re-opened and re-subscribed after any error or disconnect.
 */
function listenPostgres(connectionString: string, channel: string, handlers: ListenHandlers): Subscription {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 2000, keepAlive: true });
    client = next;
    const drop = () => {
      if (client !== next) return;
      client = null;
      handlers.onConnected(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void open(), LISTEN_RETRY_MS);
    };
    next.on("error", drop);
    next.on("end", drop);
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (client === next) handlers.onConnected(true);
    } catch {
      drop();
    }
  };
  void open();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** Folder of the committed SQL migrations; the server always runs from the project root. */
const migrationsFolder = () => path.resolve(process.cwd(), "app/db/migrations");

function connect(): Connection {
  const migrationsDir = migrationsFolder();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      // An advisory lock keeps two instances starting together from migrating at once.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727001)");
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
        } finally {
          await client.query("select pg_advisory_unlock(727001)").catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, handlers) => listenPostgres(env.DATABASE_URL!, channel, handlers),
    };
  }
  const dir = env.PGLITE_DIR;
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    // In process: PGlite delivers NOTIFY from its own triggers to its own listeners.
    listen: (channel, handlers) => {
      const unsubscribe = client.listen(channel, handlers.onMessage).then((off) => {
        handlers.onConnected(true);
        return off;
      });
      return { stop: async () => (await unsubscribe)() };
    },
  };
}

const globalForDb = globalThis as unknown as { __dbConnection?: Connection };
// One connection per process, kept across dev-server module reloads.
const connection = (globalForDb.__dbConnection ??= connect());

export const db: Database = connection.db;
export const databaseKind = connection.kind;

/** Applies pending migrations. Safe to call from several instances at once on PostgreSQL. */
export const migrate = () => connection.migrate();

/** Subscribes to `NOTIFY channel` (see `Subscription`); on PGlite in process. */
export const listen = (channel: string, handlers: ListenHandlers): Subscription => connection.listen(channel, handlers);

/** Closes the pool or the embedded database (graceful shutdown). */
export const closeDatabase = () => connection.close();

/** True when the database answers a trivial query (readiness probe). */
export async function isDatabaseReady(): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
