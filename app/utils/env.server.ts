/**
 * The server's environment, validated once with Zod at start-up (`docs/design.md` section 3).
 * Every variable is optional for a local run. A wrong value stops the process with a message that
 * names the variable. Secrets stay here; `publicEnv` is the only part that reaches the browser.
 *
 * The server listens on 127.0.0.1 unless `HOST` says otherwise. Local defaults (a `PUBLIC_URL` of
 * `http://localhost:$PORT`, a random secret, demo content and a demo admin) apply only to a server
 * listening on a loopback address (docs/decisions/0004): production on any
 * other address needs `PUBLIC_URL` and `BETTER_AUTH_SECRET` (and, on the first start, the first
 * admin's `ADMIN_EMAIL` / `ADMIN_PASSWORD`, checked by `ensureFirstAdmin`).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";

/** The shapes `BACKUP_ENCRYPTION_KEY` accepts: an age secret key or an age X25519 recipient. */
export const BACKUP_KEY_PATTERN = /^(AGE-SECRET-KEY-1[0-9A-Z]{58}|age1[02-9ac-hj-np-z]{58})$/;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** The named address ranges Express's `trust proxy` understands (proxy-addr). */
const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustedAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(TRUST_PROXY_NAMES)]);

/**
 * `TRUST_PROXY`: which proxies may set `X-Forwarded-For` (and so the client address every rate
 * limit keys on). `false` trusts none (the server faces the internet), `true` trusts every hop
 * (only behind a proxy that overwrites the header), a whole number trusts that many hops, or a
 * comma-separated list of addresses, CIDR ranges and `loopback` / `linklocal` / `uniquelocal`
 * trusts those. Default `loopback` (a proxy on the same machine). Parsed into the value Express's
 * `app.set("trust proxy", ...)` takes.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default("loopback")
  .transform((raw, ctx): boolean | number | string[] => {
    const value = (raw || "loopback").toLowerCase();
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !trustedAddress.safeParse(entry).success);
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: `expected true, false, a hop count, or addresses/CIDR ranges/loopback/linklocal/uniquelocal separated by commas; not ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address to listen on: 127.0.0.1 by default; `0.0.0.0` or `::` to listen publicly. */
  HOST: z.string().trim().default("127.0.0.1"),
  TRUST_PROXY: TrustProxySchema,
  /** The site's public origin (links in mail, canonical URLs, cookies). Required in production. */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** Folder of the embedded PGlite database when DATABASE_URL is unset; `memory://` for none. */
  PGLITE_DIR: z.string().default("./data/pglite"),
  /**
   * A PGlite data-directory tarball (as `dumpDataDir` writes it, gzipped or not) that an
   * in-memory embedded database (`PGLITE_DIR=memory://`) starts from instead of an empty cluster.
   * Ignored for a folder on disk. The Vitest setup points it at a database it migrated once.
   */
  PGLITE_TEMPLATE: optionalString,
  DATA_DIR: z.string().default("./data"),
  BETTER_AUTH_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Meridian Engineering <hello@meridian-engineering.example>"),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, "must be at least 12 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Turns off the in-process mail worker (tests that drive it themselves). */
  DISABLE_JOBS: z.stringbool().default(false),
  /**
   * Lets the firm's IMAP mailbox (Admin > Settings > Mailbox) be on a loopback or private address.
   * Off by default, so a staff setting cannot make the server connect to internal services (SSRF).
   */
  IMAP_ALLOW_PRIVATE: z.stringbool().default(false),
  /** Milliseconds between two reads of the firm's mailbox by the job worker (default one minute). */
  MAILBOX_POLL_MS: z.coerce.number().int().min(100).max(24 * 3_600_000).default(60_000),
  /** Milliseconds between two looks for free times to offer the waiting list (default one minute). */
  WAITING_LIST_CHECK_MS: z.coerce.number().int().min(100).max(24 * 3_600_000).default(60_000),
  /**
   * Lets engineers' calendars (ICS subscriptions, CalDAV servers) be read over plain http and from
   * loopback or private addresses: a calendar server on the firm's own network, and tests. Off by
   * default: https and public addresses only, so a calendar address cannot make the server reach
   * internal services (SSRF).
   */
  CALENDAR_ALLOW_PRIVATE: z.stringbool().default(false),
  /**
   * Lets a WordPress import fetch its pictures over plain http and from loopback or private
   * addresses (an old site on the firm's own network, and tests). Off by default: https and public
   * addresses only, so an export cannot make the server reach internal services (SSRF).
   */
  WORDPRESS_ALLOW_PRIVATE: z.stringbool().default(false),
  /**
   * Milliseconds between two reads of each engineer's calendar by the job worker (default 5
   * minutes). A calendar not read successfully for twice this long is failing: its engineer is
   * offered for nothing until it reads again.
   */
  CALENDAR_REFRESH_MS: z.coerce.number().int().min(100).max(24 * 3_600_000).default(5 * 60_000),
  /**
   * Milliseconds between two looks of the job worker for bookings due to be written into
   * engineers' CalDAV calendars (default 15 seconds); a failed write waits its own backoff.
   */
  CALENDAR_WRITE_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * Public write limits, shared by every instance through the database
   * (`app/features/abuse/limits.server.ts`): bookings and enquiries per client (IPv4 address or
   * IPv6 /64) per hour, for everyone together per hour, and active future bookings per e-mail.
   */
  BOOKING_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  BOOKING_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(100),
  BOOKING_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  ENQUIRY_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(5),
  ENQUIRY_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(100),
  /**
   * Suspected spam stored per client per hour and for everyone per hour;
   * past either cap a spam submission is counted and dropped, the visitor still sees success.
   */
  SPAM_STORE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  SPAM_STORE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(200),
  /** Moves from the manage link per client per hour, and per booking per hour. */
  RESCHEDULE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  RESCHEDULE_LIMIT_PER_BOOKING: z.coerce.number().int().min(1).default(3),
  /** Fetches of one staff calendar feed per hour (calendar apps poll every 5 minutes at most). */
  CALENDAR_FEED_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /**
   * How long a claimed outbox message stays invisible to other instances' workers while one sends
   * it, in ms (default 5 minutes); after that an instance that died mid-send is taken over.
   */
  MAIL_CLAIM_LEASE_MS: z.coerce.number().int().min(1_000).default(5 * 60_000),
  /**
   * Lets webhook endpoints (Admin > Settings > Webhooks) be plain http and on loopback or private
   * addresses: a receiver on the firm's own network, and tests. Off by default: https and public
   * addresses only, checked where the connection is made, so an endpoint cannot make the server
   * reach internal services (SSRF).
   */
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().default(false),
  /**
   * First-party analytics: page views are counted in memory and written every
   * ANALYTICS_FLUSH_MS milliseconds (and at shutdown). ANALYTICS_ENABLED=false counts nothing
   * (the benchmark compares both).
   */
  ANALYTICS_ENABLED: z.stringbool().default(true),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Seeds demo content on first start; on by default outside production. */
  SEED_DEMO: z.stringbool().optional(),
  /**
   * Image storage: an S3-compatible bucket when S3_BUCKET is set, else local disk under
   * DATA_DIR/uploads. S3_ENDPOINT for a non-AWS service (path-style addressing is used then);
   * S3_PUBLIC_URL for a CDN or public bucket URL in front of it (else the app serves /uploads).
   */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default("auto"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /**
   * Backups: written under BACKUP_DIR (default DATA_DIR/backups), or to the
   * S3-compatible bucket BACKUP_S3_BUCKET (same endpoint and keys as S3_*; never the public media
   * bucket unless named here) under `backups/`. The job worker makes one a day unless
   * BACKUP_DAILY=false, keeping the newest of each of the last BACKUP_KEEP_DAILY days and of each
   * of the last BACKUP_KEEP_WEEKLY ISO weeks.
   */
  BACKUP_DIR: optionalString,
  /**
   * Encrypts every backup with age: a secret key `AGE-SECRET-KEY-1...` (backs up and restores) or
   * its recipient `age1...` (backs up only). Unset: backups are not encrypted.
   */
  BACKUP_ENCRYPTION_KEY: optionalString.pipe(
    z.string().regex(BACKUP_KEY_PATTERN, "must be an age secret key (AGE-SECRET-KEY-1...) or recipient (age1...); `npm run backup -- --new-key` makes one").optional(),
  ),
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_DAILY: z.stringbool().default(true),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(14),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(8),
  /**
   * `/metrics` answers only requests carrying `Authorization: Bearer METRICS_TOKEN`
   * (at least 24 characters); when METRICS_PORT is set it is also served without a token on that
   * port of 127.0.0.1 only. Neither set: `/metrics` answers 404.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(24, "must be at least 24 characters").optional()),
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  /**
   * The public forms' minimum time between render and submit in ms, below which a submission
   * counts as a bot's (default 3,000, `MIN_SUBMIT_MS` of the form guard). For browser tests, which
   * type faster than people, on a local run only: a public deployment refuses to start with it.
   */
  FORM_GUARD_MIN_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(60_000).optional()),
});

/** The validated environment; `PUBLIC_URL` is always set after `loadEnv`. */
export type ServerEnv = Omit<z.infer<typeof EnvSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

/** True for a host name or address that only this machine can reach: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/.test(h);
}

/**
 * A production start that may use local defaults (demo content, a demo admin, a random secret):
 * listening on a loopback address with a loopback `PUBLIC_URL` (`npm start` on a laptop). A
 * server reachable from elsewhere, or one serving a public `PUBLIC_URL` through a local proxy, is
 * a real deployment.
 */
export function isLocalRun(e: Pick<ServerEnv, "HOST" | "PUBLIC_URL">): boolean {
  return isLoopbackHost(e.HOST) && isLoopbackHost(new URL(e.PUBLIC_URL).hostname);
}

/**
 * Validates `source` (normally `process.env`). Throws an Error listing every invalid variable, or
 * naming what production lacks: on a non-loopback `HOST`, `PUBLIC_URL` and `BETTER_AUTH_SECRET`;
 * on a loopback `HOST` with a public `PUBLIC_URL` (behind a local proxy), `BETTER_AUTH_SECRET`;
 * and a production deployment refuses the test-only `FORM_GUARD_MIN_MS`.
 * On a loopback `HOST` a missing `PUBLIC_URL` becomes `http://localhost:$PORT`.
 */
export function loadEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  const parsed = result.data;
  const production = parsed.NODE_ENV === "production";
  if (production && !isLoopbackHost(parsed.HOST)) {
    const missing = [
      parsed.PUBLIC_URL ? null : "PUBLIC_URL (the site's public address, e.g. https://www.example.com)",
      parsed.BETTER_AUTH_SECRET ? null : "BETTER_AUTH_SECRET (a long random string, e.g. `openssl rand -base64 32`)",
    ].filter((m) => m !== null);
    if (missing.length > 0) {
      throw new Error(
        `HOST=${parsed.HOST} is not a loopback address, so this is a public server and ${missing.length === 1 ? "this variable is" : "these variables are"} required:\n${missing.map((m) => `  ${m}`).join("\n")}\nFor a local run leave HOST unset (127.0.0.1).`,
      );
    }
  }
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  const deployment = production && !isLocalRun({ HOST: parsed.HOST, PUBLIC_URL: publicUrl });
  if (deployment && !parsed.BETTER_AUTH_SECRET) {
    throw new Error(
      "BETTER_AUTH_SECRET is not set. Set it to a long random string (e.g. `openssl rand -base64 32`) before starting in production.",
    );
  }
  if (deployment && parsed.FORM_GUARD_MIN_MS !== undefined) {
    throw new Error("FORM_GUARD_MIN_MS is for browser tests on a local run: unset it, so the public forms keep their bot check.");
  }
  return { ...parsed, PUBLIC_URL: publicUrl };
}

/**
 * The start-up warning about `X-Forwarded-For`, or null: trusting a hop
 * count (or every hop) while listening on a non-loopback address lets a client that reaches the
 * server directly pick its own address, and so its rate-limit bucket, unless every path to the
 * server goes through the proxies counted.
 */
export function trustProxyWarning(e: Pick<ServerEnv, "HOST" | "TRUST_PROXY">): string | null {
  if (isLoopbackHost(e.HOST) || (e.TRUST_PROXY !== true && typeof e.TRUST_PROXY !== "number")) return null;
  return `TRUST_PROXY=${String(e.TRUST_PROXY)} trusts X-Forwarded-For by hop count while listening on ${e.HOST}: a client that reaches this port directly can choose the address its rate limits key on. Accept connections only from the proxy (firewall), list the proxy's addresses in TRUST_PROXY, or listen on 127.0.0.1.`;
}

/** The validated environment. Throws at import with a readable message when a variable is invalid. */
export const env: ServerEnv = loadEnv(process.env);

export const isProduction = env.NODE_ENV === "production";

/**
 * Production as a real deployment ({@link isLocalRun} is false): no demo content, no demo admin,
 * an explicit secret (docs/decisions/0004). A production build listening on loopback with a
 * loopback `PUBLIC_URL` (`npm start` on a laptop) is a local run.
 */
export const isPublicProduction = isProduction && !isLocalRun(env);

const DEV_SECRET = "dev-only-better-auth-secret-change-me-0000000000";

/**
 * The one server secret: signs staff sessions (better-auth) and the public forms' tokens
 * (`~/features/abuse/form-guard.server`). `BETTER_AUTH_SECRET` when set; otherwise a fixed
 * development value outside production, and a random value per process for a local production
 * run (so no production build ever signs with a secret published in this repository).
 */
export const serverSecret: string = env.BETTER_AUTH_SECRET ?? (isProduction ? randomBytes(32).toString("base64url") : DEV_SECRET);
