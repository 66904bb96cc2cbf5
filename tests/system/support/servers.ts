/**
 * The system-test harness: starts N production servers
 * (`node server.js`, NODE_ENV=production, from the build `npm run build` made) on free ports
 * against one PostgreSQL database (by default the test file's own), waits until each answers GET /readyz with 200, and stops them.
 * Process plumbing (free ports, spawn, readiness, SIGTERM then SIGKILL) is bench/lib.ts's.
 *
 *   const cluster = await startServers(2, { env: { SMTP_URL: smtp.url } });
 *   try { await fetch(`${cluster.servers[1].base}/admin`, { headers: { cookie } }) }
 *   finally { await cluster.stop() }
 */
import path from "node:path";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { baseUrl, freePort, startServer, type BenchServer } from "../../../bench/lib";

/** The super admin every system-test server bootstraps (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const SYSTEM_ADMIN = { email: "admin@system.test", password: "system-admin-password-1" } as const;

/**
 * The form guard's minimum render-to-submit time on system-test servers (their FORM_GUARD_MIN_MS;
 * a deployment keeps 3,000 ms, a rule Vitest tests), so a test posts a form without the three
 * seconds a person takes.
 */
export const SYSTEM_FORM_GUARD_MIN_MS = 200;

/** Waits until a form rendered just now is old enough for a system-test server's form guard. */
export function waitForFormGuard(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SYSTEM_FORM_GUARD_MIN_MS + 50));
}

/** The auth secret all instances of a cluster share (sessions must verify on each of them). */
const AUTH_SECRET = "system-test-secret-system-test-secret-0123";

/**
 * A message body as the servers of a system test seal it in `email_outbox.body` (with their shared
 * secret; see `sealMailBody` in app/features/mail/outbox.server.ts), for a test that queues mail
 * straight into the table.
 */
export function sealMailBodyForServers(body: { html: string; text: string; attachments?: null }): Promise<string> {
  return symmetricEncrypt({ key: AUTH_SECRET, data: JSON.stringify({ attachments: null, ...body }) });
}

/** The text body of a message the servers queued and have not sent yet (its sealed `email_outbox.body`). */
export async function queuedMailText(sealed: string): Promise<string> {
  return (JSON.parse(await symmetricDecrypt({ key: AUTH_SECRET, data: sealed })) as { text: string }).text;
}

/**
 * The environment a system-test server needs whatever it tests: database `databaseUrl`, the auth
 * secret every instance shares, SYSTEM_ADMIN as first admin and no demo content (SEED_DEMO=false).
 * A test spreads its own variables over it.
 */
export function serverBaseEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: AUTH_SECRET,
    ADMIN_EMAIL: SYSTEM_ADMIN.email,
    ADMIN_PASSWORD: SYSTEM_ADMIN.password,
    SEED_DEMO: "false",
  };
}

/**
 * The database of the running system-test file: its own copy on the TEST_DATABASE_URL server,
 * which tests/setup/postgres-database-per-file.ts makes and names in DATABASE_URL before the file
 * runs. Errors: throws when DATABASE_URL names no PostgreSQL database (the setup did not run).
 */
export function systemDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) throw new Error("DATABASE_URL names no per-file PostgreSQL database: run the system tests with vitest.system.config.ts and TEST_DATABASE_URL set.");
  return url;
}

/**
 * Applies app/db/migrations to the database at `url` once, then empties every application table
 * (migration bookkeeping kept), so a cluster starts on a known, empty database.
 * Errors: whatever pg throws (unreachable server, permission denied).
 */
export async function prepareDatabase(url: string = systemDatabaseUrl()): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.resolve("app/db/migrations") });
    const { rows } = await pool.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'");
    if (rows.length > 0) await pool.query(`truncate ${rows.map((r) => `"${r.tablename}"`).join(", ")} restart identity cascade`);
  } finally {
    await pool.end();
  }
}

/** One running production server of a cluster. */
export type SystemServer = BenchServer & {
  /** Sends `signal` to the process (e.g. SIGKILL to simulate a crash) and waits until it exits. */
  kill(signal: NodeJS.Signals): Promise<void>;
};

/** Options of `startServers`. */
export type StartServersOptions = {
  /** Database URL; default the file's own database (`systemDatabaseUrl()`). */
  databaseUrl?: string;
  /** Migrate and empty the database first (default true). */
  prepare?: boolean;
  /**
   * Extra environment for every server (SMTP_URL, DISABLE_JOBS, E2E_FAST_JOBS...). Defaults:
   * DATABASE_URL, a shared BETTER_AUTH_SECRET, SYSTEM_ADMIN as first admin, SEED_DEMO=false,
   * DISABLE_JOBS=false (each instance runs its job worker, as in production) without the daily
   * backup (BACKUP_DAILY=false), LOG_LEVEL=warn, FORM_GUARD_MIN_MS=SYSTEM_FORM_GUARD_MIN_MS,
   * and one PUBLIC_URL for all: the first server's base URL (instances behind one address).
   */
  env?: Record<string, string>;
  /** How long each server may take to answer /readyz 200, in ms (default 60,000). */
  readyWithinMs?: number;
  /** Receives every server's stdout and stderr as text (default: stdout dropped, stderr shown). */
  onOutput?: (text: string) => void;
};

/** The servers of `startServers`; `stop()` stops them all (SIGTERM, then SIGKILL after a grace period). */
export type Cluster = {
  servers: SystemServer[];
  /**
   * The shared PUBLIC_URL (the first server's base URL). Form posts carry the `Origin` of the
   * instance they go to: React Router refuses an action whose Origin differs from its Host.
   */
  publicUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
};

/**
 * Starts `count` production servers on free ports of 127.0.0.1 against one database (migrated and
 * emptied once first unless `prepare: false`), in parallel, and resolves when all are ready.
 * If one fails to start the others are stopped and the error is rethrown.
 */
export async function startServers(count: number, options: StartServersOptions = {}): Promise<Cluster> {
  const databaseUrl = options.databaseUrl ?? systemDatabaseUrl();
  if (options.prepare ?? true) await prepareDatabase(databaseUrl);
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const publicUrl = baseUrl(ports[0]);
  const started = await Promise.allSettled(
    ports.map((port) =>
      startServer({
        port,
        label: "system",
        readyWithinMs: options.readyWithinMs,
        onOutput: options.onOutput,
        env: () => ({
          ...serverBaseEnv(databaseUrl),
          PUBLIC_URL: publicUrl,
          DISABLE_JOBS: "false",
          BACKUP_DAILY: "false",
          LOG_LEVEL: "warn",
          FORM_GUARD_MIN_MS: String(SYSTEM_FORM_GUARD_MIN_MS),
          ...options.env,
        }),
      }),
    ),
  );
  const servers = started.flatMap((r) => (r.status === "fulfilled" ? [withKill(r.value)] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failure = started.find((r) => r.status === "rejected");
  if (failure) {
    await stop();
    throw failure.reason;
  }
  return { servers, publicUrl, databaseUrl, stop };
}

function withKill(server: BenchServer): SystemServer {
  return {
    ...server,
    async kill(signal) {
      const { child } = server;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * Signs in through the login form of `base` (as a browser without JavaScript would) and returns
 * the session's Cookie header value. Throws when the form does not answer with a redirect.
 */
export async function signIn(base: string, account: { email: string; password: string } = SYSTEM_ADMIN): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: account.email, password: account.password, redirectTo: "/admin/dashboard" }),
  });
  const cookies = response.headers.getSetCookie();
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`sign-in on ${base} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return cookies.map((c) => c.split(";")[0]).join("; ");
}
