/**
 * The booking race: 50 simultaneous Confirm Booking posts over HTTP,
 * each with its own idempotency key, at one slot with N places, against the production server on
 * PostgreSQL. Prints the bookings made (must equal N), what the others got, and p50/p99 latency.
 * Target: bookings made == places, p99 under 1 s.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (user postgres; override with BENCH_PG_URL, any database:
 * the bench creates and drops its own) and a production build (BUILD_DIR, default `build`).
 * Run: `npm run bench -- booking`. BENCH_BOOKING_PLACES (default 3) and BENCH_BOOKING_REQUESTS
 * (default 50) change the figures.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { adminDatabaseUrl, createBenchDatabase, percentile, startServer, type BenchDatabase, type BenchServer } from "./lib";

const PLACES = Number(process.env.BENCH_BOOKING_PLACES ?? 3);
const REQUESTS = Number(process.env.BENCH_BOOKING_REQUESTS ?? 50);
const TARGET_P99_MS = 1000;

/** A London date `days` from today, `yyyy-mm-dd` (a weekday is not needed: slots may be any day). */
function dateInDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(d);
}

/** The bench's rows: one consultation type and one slot of PLACES places, 5 days ahead, 10:00-11:00. */
async function populate(pool: pg.Pool): Promise<{ typeId: string; slotId: string }> {
  const type = await pool.query<{ id: string }>(
    `insert into consultation_types (name, description, duration_minutes) values ('Bench Consultation', 'Benchmark', 30) returning id`,
  );
  const slot = await pool.query<{ id: string }>(
    `insert into consultation_availability (date, start_time, end_time, max_bookings) values ($1, '10:00', '11:00', $2) returning id`,
    [dateInDays(5), PLACES],
  );
  return { typeId: type.rows[0].id, slotId: slot.rows[0].id };
}

/**
 * Runs the race on a fresh database and server and prints its figures; sets exit code 1 when the
 * bookings made differ from the places. The server and database are removed even when it throws.
 */
export async function runBookingBench(): Promise<void> {
  let database: BenchDatabase<{ typeId: string; slotId: string }> | undefined;
  let server: BenchServer | undefined;
  try {
    database = await createBenchDatabase(adminDatabaseUrl(), `bench_booking_${process.pid}`, populate);
    const databaseUrl = database.url;
    server = await startServer({
      label: "booking",
      env: () => ({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
        SEED_DEMO: "false",
        // All 50 posts come from 127.0.0.1: the race measures capacity, not the per-client limit.
        BOOKING_LIMIT_PER_CLIENT: String(REQUESTS + 1),
      }),
    });
    await race(server.base, databaseUrl, database.populated);
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

/** Fires REQUESTS Confirm Booking posts at once at the slot, prints the table and sets the exit code. */
async function race(base: string, databaseUrl: string, { typeId, slotId }: { typeId: string; slotId: string }): Promise<void> {
  // BENCH_BOOKING_MODE=document posts as a browser without JavaScript (full page back);
  // the default posts as the enhanced wizard does (React Router's `.data` request).
  const documentMode = process.env.BENCH_BOOKING_MODE === "document";
  const action = `${base}/book-consultation${documentMode ? "" : ".data"}?step=4&type=${typeId}&slot=${slotId}`;
  // Warm the route (module load, pool) with a page view, and take the details page's signed form
  // token, old enough (the bot check's 3 s) by the time the race starts.
  await fetch(`${base}/book-consultation?step=2&type=${typeId}`).then((r) => r.text());
  const detailsPage = await fetch(`${base}/book-consultation?step=3&type=${typeId}&slot=${slotId}`).then((r) => r.text());
  const formToken = /name="formToken" value="([^"]+)"/.exec(detailsPage)?.[1];
  if (!formToken) throw new Error("the details page carries no form token");
  await new Promise((r) => setTimeout(r, 3_500));

  const post = async (i: number) => {
    const body = new URLSearchParams({
      intent: "confirm",
      formToken,
      website: "",
      typeId,
      slotId,
      idempotencyKey: randomUUID(),
      name: `Bench Visitor ${i}`,
      email: `bench${i}@example.com`,
      projectType: "commercial",
      projectDescription: "Benchmark booking",
    });
    const started = performance.now();
    const response = await fetch(action, { method: "POST", body, redirect: "manual" });
    const text = await response.text();
    const booked = documentMode ? response.status === 302 : response.status < 300 && text.includes("step=5");
    return { status: booked && !documentMode ? 302 : response.status, ms: performance.now() - started, booked };
  };
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => post(i)));
  const wall = performance.now() - started;

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const stored = await pool
    .query<{ bookings: number; current: number }>(
      `select (select count(*)::int from consultation_bookings where availability_id = $1) as bookings,
              (select current_bookings from consultation_availability where id = $1) as current`,
      [slotId],
    )
    .finally(() => pool.end());

  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
  const made = results.filter((r) => r.booked).length;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.table([
    {
      mode: documentMode ? "document" : "data",
      requests: REQUESTS,
      places: PLACES,
      "bookings made (HTTP)": made,
      "bookings stored": stored.rows[0].bookings,
      current_bookings: stored.rows[0].current,
      statuses: Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(" "),
      "p50 ms": Math.round(p50),
      "p99 ms": Math.round(p99),
      "wall ms": Math.round(wall),
    },
  ]);
  const ok = made === PLACES && stored.rows[0].bookings === PLACES && stored.rows[0].current === PLACES;
  console.log(
    `${ok ? "OK" : "FAIL"}: ${made} bookings made for ${PLACES} places; p99 ${Math.round(p99)} ms (target < ${TARGET_P99_MS} ms${p99 < TARGET_P99_MS ? ", met" : ", missed"})`,
  );
  if (!ok) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBookingBench();
}
