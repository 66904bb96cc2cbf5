/**
 * The database connection: node-postgres when `DATABASE_URL` is set, otherwise embedded PGlite
 * persisted under `PGLITE_DIR` (`docs/design.md` section 2). Both speak the same SQL through one
 * Drizzle schema. Migrations in `app/db/migrations` are applied by `migrate()` at start-up.
 *
 * PostgreSQL failures: the pool has timeouts (`POOL_TIMEOUTS`) so nothing hangs,
 * and an `error` listener so a connection dropped by the server (a restart) never crashes the
 * process. A connection-class error reported through `reportDatabaseError` marks the database
 * unavailable: pages then answer 503 (server/app.ts, entry.server.tsx) until a probe every
 * `PROBE_INTERVAL_MS` reaches it again. Nothing needs a restart.
 */
import { readFileSync } from "node:fs";
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
import { logger } from "~/utils/logger.server";
import { ensurePrivateDirSync, narrowTree } from "~/utils/private-files.server";
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
  /** Connections checked out of the pool and queries waiting for one (PGlite: none). */
  poolStats: () => { inUse: number; waiting: number };
  /** PGlite only: the whole data directory as a gzipped tarball (`dumpDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
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

/**
 * Limits of the PostgreSQL pool, in ms: a connection must open within `connect`; PostgreSQL
 * cancels a statement after `statement`, and the client gives up waiting for an answer after
 * `query` (a server that stopped answering); a transaction left idle is ended after
 * `idleInTransaction`. Migrations run on their own connection without these limits.
 */
export const POOL_TIMEOUTS = { connect: 5_000, statement: 15_000, query: 20_000, idleInTransaction: 30_000 } as const;

function connect(): Connection {
  const migrationsDir = migrationsFolder();
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 10,
      connectionTimeoutMillis: POOL_TIMEOUTS.connect,
      statement_timeout: POOL_TIMEOUTS.statement,
      query_timeout: POOL_TIMEOUTS.query,
      idle_in_transaction_session_timeout: POOL_TIMEOUTS.idleInTransaction,
      keepAlive: true,
    });
    // An idle connection closed by the server (restart, failover) is dropped and replaced;
    // without this listener pg would crash the process.
    pool.on("error", (error) => reportDatabaseError(error));
    // A connection checked out of the pool (inside a transaction, between two statements) has no
    // pool listener: one that drops there would otherwise be an unhandled 'error' event and end the
    // process. The statement waiting on it fails on its own and the pool discards the connection.
    pool.on("connect", (client) => client.on("error", (error) => reportDatabaseError(error)));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      // An advisory lock keeps two instances starting together from migrating at once.
      migrate: async () => {
        const client = new pg.Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: POOL_TIMEOUTS.connect });
        client.on("error", (error) => logger.warn({ err: error }, "migration connection failed"));
        await client.connect();
        try {
          await client.query("select pg_advisory_lock(727001)");
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
        } finally {
          await client.query("select pg_advisory_unlock(727001)").catch(() => {});
          await client.end().catch(() => {});
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, handlers) => listenPostgres(env.DATABASE_URL!, channel, handlers),
    };
  }
  const dir = env.PGLITE_DIR;
  if (!dir.startsWith("memory://")) ensurePrivateDirSync(dir);
  // An in-memory database may start from a data-directory tarball (PGLITE_TEMPLATE) instead of an
  // empty cluster: the test runner migrates one once and every test file loads it.
  const template = env.PGLITE_TEMPLATE && dir.startsWith("memory://") ? readFileSync(env.PGLITE_TEMPLATE) : null;
  const client = new PGlite(dir, template ? { loadDataDir: new Blob([new Uint8Array(template)]) } : undefined);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
    // PGlite writes its files 0666 in the 0700 folder: they are narrowed to 0600 once it is closed.
    close: async () => {
      await client.close();
      if (!dir.startsWith("memory://")) await narrowTree(dir);
    },
    poolStats: () => ({ inUse: 0, waiting: 0 }),
    dumpDataDir: () => client.dumpDataDir("gzip"),
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

/** The PostgreSQL pool's use for `/metrics`: connections checked out, queries waiting; zeros on PGlite. */
export const poolStats = (): { inUse: number; waiting: number } => connection.poolStats();

/**
 * The embedded database's whole data directory as a gzipped tarball, taken through this process's
 * own PGlite instance (a second process cannot open it): what a backup stores.
 * Throws on PostgreSQL, whose backups use `pg_dump`.
 */
export async function dumpEmbeddedDatabase(): Promise<Blob> {
  if (!connection.dumpDataDir) throw new Error("dumpEmbeddedDatabase: the database is PostgreSQL, not PGlite");
  return connection.dumpDataDir();
}

/** Closes the pool or the embedded database (graceful shutdown). */
export const closeDatabase = async () => {
  stopProbe();
  await connection.close();
};

/** True when the database answers a trivial query (readiness probe). */
export async function isDatabaseReady(): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (error) {
    reportDatabaseError(error);
    return false;
  }
}

/** SQLSTATE codes and socket errors that mean "cannot reach PostgreSQL", not "bad query". */
const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "57P01", "57P02", "57P03"]);
const CONNECTION_ERROR_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down)/i;

/**
 * True when `error` (or any error in its `cause` chain, e.g. Drizzle's wrapper around pg's) says
 * PostgreSQL cannot be reached: a refused or dropped connection, a connect or read timeout, an
 * administrator shutdown, SQLSTATE class 08 (connection exception). False for query errors.
 */
export function isDatabaseConnectionError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || code.startsWith("08"))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && CONNECTION_ERROR_MESSAGES.test(message)) return true;
  }
  return false;
}

/** How often, while the database is unavailable, a `select 1` checks whether it is back. */
export const PROBE_INTERVAL_MS = 1_000;
let probe: NodeJS.Timeout | undefined;

function stopProbe() {
  clearInterval(probe);
  probe = undefined;
}

/** True from a connection error reported by `reportDatabaseError` until the probe reaches the database again. */
export function isDatabaseUnavailable(): boolean {
  return probe !== undefined;
}

/**
 * Reports an error seen while using the database. A connection-class error marks the database
 * unavailable (logged once) and starts the recovery probe; returns whether it was one.
 */
export function reportDatabaseError(error: unknown): boolean {
  if (!isDatabaseConnectionError(error)) return false;
  if (probe) return true;
  logger.error({ err: error }, "database unavailable: answering 503 until it is reachable again");
  let checking = false;
  probe = setInterval(() => {
    if (checking) return;
    checking = true;
    db.execute(sql`select 1`)
      .then(() => {
        stopProbe();
        logger.info("database reachable again");
      })
      .catch(() => {})
      .finally(() => (checking = false));
  }, PROBE_INTERVAL_MS);
  probe.unref();
  return true;
}

export { schema };
