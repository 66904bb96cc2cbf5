/**
 * Plumbing shared by the benchmarks (bench/pages.ts, bench/booking.ts, bench/admin.ts): free ports,
 * throwaway PostgreSQL databases, the production server (`node server.js`, NODE_ENV=production)
 * started and stopped, a staff sign-in, percentiles and plain-text tables.
 *
 * Every server and database made here is registered for clean-up: the bench stops/drops it in its
 * own `finally`, and if the process is interrupted (SIGINT, SIGTERM) first, the handler installed
 * here does it before exiting (status 130 / 143).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** The host every bench server listens on and is measured through. */
export const HOST = "127.0.0.1";

/** `http://127.0.0.1:<port>`, no trailing slash. */
export const baseUrl = (port: number): string => `http://${HOST}:${port}`;

// ---------------------------------------------------------------------------------------------
// Clean-up on interruption

const cleanups = new Set<() => Promise<void>>();
let signalsHooked = false;

/**
 * Registers `task` to run if the process is interrupted (SIGINT/SIGTERM) before it is released;
 * tasks run newest first, one after another.
 * Returns the release function: call it once the task has run normally (in a `finally`).
 */
function onInterrupt(task: () => Promise<void>): () => void {
  if (!signalsHooked) {
    signalsHooked = true;
    for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: stopping bench servers and dropping bench databases...`);
        void (async () => {
          // Newest first, one at a time: a server stops before the database it uses is dropped.
          for (const task of [...cleanups].reverse()) await task().catch((error: unknown) => console.error(error));
          process.exit(code);
        })();
      });
    }
  }
  cleanups.add(task);
  return () => cleanups.delete(task);
}

// ---------------------------------------------------------------------------------------------
// Ports

/** A TCP port free on 127.0.0.1 at the time of the call (the OS picks it; 1-65535). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, "close");
  return port;
}

// ---------------------------------------------------------------------------------------------
// Throwaway PostgreSQL databases

/**
 * URL of a PostgreSQL database the bench may connect to in order to create and drop its own:
 * BENCH_PG_URL, default `postgres://postgres@127.0.0.1:5432/postgres`.
 */
export const adminDatabaseUrl = (): string => process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A database made by `createBenchDatabase`; `drop()` removes it (idempotent, never throws). */
export type BenchDatabase<R> = {
  /** Connection URL of the new database (same server and user as the admin URL). */
  url: string;
  /** What `populate` returned. */
  populated: R;
  drop(): Promise<void>;
};

/**
 * Drops the database `name` (closing its connections) and creates it empty, through the server
 * of `adminUrl` (a database URL of that server, e.g. its `postgres` database).
 * Errors: whatever pg throws (server unreachable, permission denied...).
 */
export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Creates database `name` on the server of `adminUrl` (dropping a leftover of the same name first),
 * applies app/db/migrations with Drizzle, then runs `populate` on a pool of 2 connections to it.
 * If migrating or populating throws, the database is dropped before the error is rethrown.
 * Errors: whatever pg throws (server unreachable, permission denied...).
 */
export async function createBenchDatabase<R = void>(
  adminUrl: string,
  name: string,
  populate?: (pool: pg.Pool) => Promise<R>,
): Promise<BenchDatabase<R>> {
  await recreateDatabase(adminUrl, name);
  let dropping: Promise<void> | undefined;
  // Memoized: the bench's `finally` and the interrupt handler await the same drop.
  const drop = () => (dropping ??= (release(), dropDatabase(adminUrl, name)));
  const release = onInterrupt(drop);

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  let populated: R;
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.resolve("app/db/migrations") });
    populated = populate ? await populate(pool) : (undefined as R);
  } catch (error) {
    await pool.end().catch(() => {});
    await drop();
    throw error;
  }
  await pool.end();
  return { url: url.toString(), populated, drop };
}

/** `drop database if exists ... with (force)`; logs and swallows errors so clean-up never masks the real one. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
  } catch (error) {
    console.error(`could not drop bench database ${name}:`, error);
  } finally {
    await admin.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// The production server

/** A running `node server.js`; `stop()` ends it and removes its data folder (idempotent). */
export type BenchServer = {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
};

/**
 * The environment of a bench server on its own embedded database (PGlite under `dataDir`) seeded
 * with the demo content, with its own auth secret (`secret`, two digits) and admin account
 * (`bench-<name>@example.com`).
 */
export function pgliteDemoEnv(dataDir: string, name: string, secret: string): Record<string, string> {
  return {
    DATABASE_URL: "",
    PGLITE_DIR: `${dataDir}/pglite`,
    BETTER_AUTH_SECRET: `bench-secret-bench-secret-bench-secret-${secret}`,
    ADMIN_EMAIL: `bench-${name}@example.com`,
    ADMIN_PASSWORD: `bench-${name}-password-1`,
    SEED_DEMO: "true",
  };
}

/** Options of `startServer`. */
export type StartServerOptions = {
  /** Port to listen on; default `freePort()`. */
  port?: number;
  /**
   * Folder for the server's files (DATA_DIR), emptied before the start and removed by `stop()`;
   * default `./data/bench-<label>-<port>`.
   */
  dataDir?: string;
  /** Names the default data folder: `pages`, `booking`, `admin`. */
  label: string;
  /** Extra environment (DATABASE_URL, SEED_DEMO, ADMIN_EMAIL...); may use the chosen port's base URL. */
  env: (ctx: { port: number; base: string; dataDir: string }) => Record<string, string>;
  /** How long /readyz may take to answer 200, in ms; default 60,000. */
  readyWithinMs?: number;
  /** Receives the server's stdout and stderr as text (default: stdout dropped, stderr shown). */
  onOutput?: (text: string) => void;
};

/** How long `stop()` waits after SIGTERM before sending SIGKILL, in ms. */
const STOP_GRACE_MS = 12_000;

/**
 * Spawns the production server (`node server.js` with NODE_ENV=production, HOST 127.0.0.1,
 * PUBLIC_URL its own base URL, DISABLE_JOBS, LOG_LEVEL=warn, the server's stderr shown) from the
 * current directory, so BUILD_DIR from the environment selects the build, and resolves once
 * GET /readyz answers 200 (polled every 250 ms).
 * Throws if the server exits first or is not ready within `readyWithinMs`; it is stopped then.
 */
export async function startServer(options: StartServerOptions): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const base = baseUrl(port);
  const dataDir = options.dataDir ?? `./data/bench-${options.label}-${port}`;
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DISABLE_JOBS: "true",
      LOG_LEVEL: "warn",
      ...options.env({ port, base, dataDir }),
    },
    stdio: ["ignore", options.onOutput ? "pipe" : "ignore", options.onOutput ? "pipe" : "inherit"],
  });
  if (options.onOutput) {
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => options.onOutput!(chunk.toString("utf8")));
  }
  let stopping: Promise<void> | undefined;
  // Memoized: the bench's `finally` and the interrupt handler await the same stop.
  const stop = () => (stopping ??= (release(), terminate()));
  const terminate = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit").catch(() => {});
      child.kill("SIGTERM");
      const timer = new Promise<"timeout">((r) => setTimeout(r, STOP_GRACE_MS, "timeout").unref());
      if ((await Promise.race([exited, timer])) === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const release = onInterrupt(stop);
  const server: BenchServer = { port, base, child, stop };

  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false)) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not become ready within ${Math.round(readyWithinMs / 1000)} s`);
}

// ---------------------------------------------------------------------------------------------
// Figures

/**
 * Signs `account` (a staff e-mail and password) in through better-auth's endpoint at `base`;
 * returns the Cookie header that carries the session. Throws when the server refuses.
 */
export async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Nearest-rank percentile: the smallest value with at least `p`% of the values at or below it.
 * `sorted` ascending (any unit; the result has the same), `p` in 0-100. NaN when `sorted` is empty.
 */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A whole number from environment variable `name`, or `fallback` when unset or empty. Throws on anything else. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/**
 * Prints a plain-text table to stdout: a header row, a rule of dashes, then the rows; two spaces
 * between columns, the first column left-aligned and the others right-aligned.
 */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of rows) console.log(fmt(l));
}

/** CPU ms process `pid` has used (user + system) from /proc/<pid>/stat, in 10 ms steps. */
export async function procCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
