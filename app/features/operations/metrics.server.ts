/**
 * Prometheus metrics, with prom-client. One registry per process,
 * served at `/metrics` (server/app.ts) to a bearer token or on a loopback-only port. Names follow
 * Prometheus conventions (base units: seconds and bytes; counters end in `_total`):
 *
 * - `http_requests_total{route,method,status}` and `http_request_duration_seconds{...}`: every
 *   request, by React Router route id (or `static`, `uploads`, `healthz`, `readyz`, `metrics`);
 * - `html_cache_requests_total{result="hit"|"miss"|"bypass"}` (a miss rendered and stored the
 *   page, a bypass rendered one that may not be stored), `html_cache_evictions_total`,
 *   `html_cache_bytes` and `html_cache_entries`;
 * - `outbox_pending_messages` and `outbox_oldest_pending_age_seconds` (read at scrape time);
 * - `job_runs_total{job}`, `job_failures_total{job}`, `job_lag_seconds{job}` (how late the last
 *   run started after it was due);
 * - `db_pool_connections_in_use`, `db_pool_waiting_requests` (PostgreSQL; 0 on PGlite);
 * - `rate_limit_refusals_total{limit}` (the names of `LIMITS` in `~/features/abuse/limits.server`);
 * - `calendar_reads_total{result="read"|"refused"|"unchanged"}`: calendars read on the calendar
 *   worker thread (`calendarReadCounts` of `~/features/calendars/ics-pool.server`, read at scrape
 *   time); `unchanged` was refused before and sent again unchanged, so it was refused again
 *   without being parsed;
 * - Node's default process metrics (`process_*`, `nodejs_*`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { db, poolStats } from "~/db/client.server";
import { calendarReadCounts } from "~/features/calendars/ics-pool.server";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const htmlCacheSource: { current: (() => { entries: number; bytes: number }) | null } = { current: null };
  return {
    registry,
    htmlCacheSource,
    httpRequests: new Counter({ name: "http_requests_total", help: "HTTP requests answered, by route id, method and status.", labelNames: ["route", "method", "status"] as const, registers }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from receiving a request to the end of its response, in seconds.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    htmlCacheRequests: new Counter({ name: "html_cache_requests_total", help: "Cacheable page requests: hit (from memory), miss (rendered and stored), bypass (rendered, not storable).", labelNames: ["result"] as const, registers }),
    htmlCacheEvictions: new Counter({ name: "html_cache_evictions_total", help: "Pages dropped from the HTML cache to stay within its byte budget.", registers }),
    htmlCacheBytes: new Gauge({
      name: "html_cache_bytes",
      help: "Bytes held by the HTML cache (all encodings of all pages).",
      registers,
      collect() {
        this.set(htmlCacheSource.current?.().bytes ?? 0);
      },
    }),
    htmlCacheEntries: new Gauge({
      name: "html_cache_entries",
      help: "Pages held by the HTML cache.",
      registers,
      collect() {
        this.set(htmlCacheSource.current?.().entries ?? 0);
      },
    }),
    outboxPending: new Gauge({
      name: "outbox_pending_messages",
      help: "E-mails waiting in the outbox (status pending).",
      registers,
      async collect() {
        this.set((await outboxState()).pending);
      },
    }),
    outboxOldestAge: new Gauge({
      name: "outbox_oldest_pending_age_seconds",
      help: "Age of the oldest pending e-mail in the outbox, in seconds (0 when none).",
      registers,
      async collect() {
        this.set((await outboxState()).oldestAgeSeconds);
      },
    }),
    jobRuns: new Counter({ name: "job_runs_total", help: "Runs of the job worker's loops, by job.", labelNames: ["job"] as const, registers }),
    jobFailures: new Counter({ name: "job_failures_total", help: "Runs of the job worker's loops that threw, by job.", labelNames: ["job"] as const, registers }),
    jobLag: new Gauge({ name: "job_lag_seconds", help: "How late the last run of each job started after it was due, in seconds.", labelNames: ["job"] as const, registers }),
    poolInUse: new Gauge({
      name: "db_pool_connections_in_use",
      help: "PostgreSQL pool connections checked out (0 on PGlite).",
      registers,
      collect() {
        this.set(poolStats().inUse);
      },
    }),
    poolWaiting: new Gauge({
      name: "db_pool_waiting_requests",
      help: "Queries waiting for a PostgreSQL pool connection (0 on PGlite).",
      registers,
      collect() {
        this.set(poolStats().waiting);
      },
    }),
    rateLimitRefusals: new Counter({ name: "rate_limit_refusals_total", help: "Requests over a rate limit, by limit.", labelNames: ["limit"] as const, registers }),
    calendarReads: new Counter({
      name: "calendar_reads_total",
      help: "Calendars read on the calendar worker thread: read, refused (over its budget or not iCalendar), unchanged (refused before and sent again unchanged: refused without being parsed).",
      labelNames: ["result"] as const,
      registers,
      collect() {
        this.reset();
        for (const [result, count] of Object.entries(calendarReadCounts())) this.inc({ result }, count);
      },
    }),
  };
}

/** The outbox figures of one scrape (both gauges share one query per scrape). */
let outboxRead: { at: number; value: Promise<{ pending: number; oldestAgeSeconds: number }> } | null = null;
function outboxState(): Promise<{ pending: number; oldestAgeSeconds: number }> {
  if (outboxRead && Date.now() - outboxRead.at < 1_000) return outboxRead.value;
  const value = db
    .execute(sql`select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from email_outbox where status = 'pending'`)
    .then((result) => {
      const row = (result as unknown as { rows: { pending: number; age: number }[] }).rows[0];
      return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
    })
    .catch(() => ({ pending: Number.NaN, oldestAgeSeconds: Number.NaN }));
  outboxRead = { at: Date.now(), value };
  return value;
}

const globalForMetrics = globalThis as unknown as { __metrics?: ReturnType<typeof createMetrics> };
/** The process's metrics, kept across dev-server module reloads (a second registration would throw). */
export const metrics = (globalForMetrics.__metrics ??= createMetrics());

/** Lets the HTML cache report its size to `html_cache_bytes` / `html_cache_entries` at scrape time. */
export function reportHtmlCacheSize(source: () => { entries: number; bytes: number }): void {
  metrics.htmlCacheSource.current = source;
}
