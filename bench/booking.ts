/**
 * Free time first: a week of offered times for 10 engineers with 500 calendar events each over a
 * 60-day horizon, computed by `free-time.ts` from busy times already read (cached), as the wizard
 * does per request; prints p50/p95 ms over 200 runs. Target: p95 under 50 ms.
 *
 * Then the booking race on two instances: two production servers on one PostgreSQL database,
 * engineers set up (BENCH_BOOKING_ENGINEERS, default 3, taking the bench's 60-minute type every
 * day 08:00-20:00), three overlapping slots a few days ahead (10:00, 10:30 and 11:00, each of
 * BENCH_BOOKING_PLACES places, default 10), and BENCH_BOOKING_REQUESTS (default 50) Confirm
 * Booking posts fired at once, each with its own visitor and idempotency key, alternately at
 * either instance and round the three slots. Prints what the bookers got and their p50/p99
 * latency, then each engineer's consultations and overlapping pairs. Waiting lists are in play:
 * BENCH_BOOKING_WAITING (default 200) people wait for that day, and both instances' workers offer
 * them free times every half second during the race. Targets: 0 overlapping
 * consultations for every engineer; every stored booking has an engineer; the slots' place counts
 * match their bookings; p99 under 1 s.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (user postgres; override with BENCH_PG_URL, any database:
 * the bench creates and drops its own) and a production build (BUILD_DIR, default `build`).
 * Run: `npm run bench -- booking`.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { isUkBankHoliday } from "../app/features/consultations/availability/index.server";
import { offeredSlots, prepareDiary, type EngineerDiary, type SlotLike } from "../app/features/consultations/core/index.server";
import { addDays, currentWeekStart, londonInstant, londonToday } from "../app/utils/time";
import { adminDatabaseUrl, createBenchDatabase, percentile, startServer, type BenchDatabase, type BenchServer } from "./lib";

const PLACES = Number(process.env.BENCH_BOOKING_PLACES ?? 10);
const REQUESTS = Number(process.env.BENCH_BOOKING_REQUESTS ?? 50);
const ENGINEERS = Number(process.env.BENCH_BOOKING_ENGINEERS ?? 3);
/** People on the waiting list for the race's day (BENCH_BOOKING_WAITING, default 200). */
const WAITING = Number(process.env.BENCH_BOOKING_WAITING ?? 200);
const MEETING_MINUTES = 60;
const SLOT_TIMES = [
  ["10:00", "11:00"],
  ["10:30", "11:30"],
  ["11:00", "12:00"],
] as const;
const TARGET_P99_MS = 1000;

/** What the race needs of its database: the type, the slots' ids and date, the engineers' ids and names. */
type RaceRows = { typeId: string; slotIds: string[]; date: string; engineers: { id: string; name: string }[] };

/** The first London date five or more days ahead that is not a bank holiday (those are closed once engineers exist). */
function raceDate(): string {
  let date = addDays(londonToday(new Date()), 5);
  while (isUkBankHoliday(date)) date = addDays(date, 1);
  return date;
}

/**
 * The bench's rows: one 60-minute consultation type, ENGINEERS members of staff who take it every
 * day from 08:00 to 20:00, and the three overlapping slots of PLACES places on `raceDate()`.
 */
async function populate(pool: pg.Pool): Promise<RaceRows> {
  const type = await pool.query<{ id: string }>(
    `insert into consultation_types (name, description, duration_minutes) values ('Bench Consultation', 'Benchmark', $1) returning id`,
    [MEETING_MINUTES],
  );
  const typeId = type.rows[0].id;
  const engineers: RaceRows["engineers"] = [];
  for (let e = 0; e < ENGINEERS; e++) {
    const userId = `bench-engineer-${e}`;
    const name = `Bench Engineer ${e + 1}`;
    const email = `${userId}@bench.example`;
    await pool.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at) values ($1, $2, $3, true, now(), now())`, [userId, name, email]);
    const admin = await pool.query<{ id: string }>(`insert into admin_users (user_id, name, email, role) values ($1, $2, $3, 'admin') returning id`, [userId, name, email]);
    const id = admin.rows[0].id;
    engineers.push({ id, name });
    await pool.query(`insert into engineers (admin_user_id, takes_consultations) values ($1, true)`, [id]);
    await pool.query(`insert into engineer_consultation_types (admin_user_id, consultation_type_id) values ($1, $2)`, [id, typeId]);
    for (let weekday = 1; weekday <= 7; weekday++) {
      await pool.query(`insert into engineer_working_hours (admin_user_id, weekday, start_time, end_time) values ($1, $2, '08:00', '20:00')`, [id, weekday]);
    }
  }
  const date = raceDate();
  const slotIds: string[] = [];
  for (const [start, end] of SLOT_TIMES) {
    const slot = await pool.query<{ id: string }>(
      `insert into consultation_availability (date, start_time, end_time, max_bookings) values ($1, $2, $3, $4) returning id`,
      [date, start, end, PLACES],
    );
    slotIds.push(slot.rows[0].id);
  }
  // Waiting lists in play: people waiting for the race's day, whom both servers' workers offer
  // the free times to (every half second) while the bookings race.
  for (let w = 0; w < WAITING; w++) {
    await pool.query(
      `insert into waiting_list_entries (consultation_type_id, name, email, date_from, date_to, weekdays, day_parts)
       values ($1, $2, $3, $4, $4, '{1,2,3,4,5,6,7}', '{morning,afternoon,evening}')`,
      [typeId, `Waiting ${w}`, `waiting-${w}@bench.example`, date],
    );
  }
  return { typeId, slotIds, date, engineers };
}

/**
 * Runs the free-time bench, then the race on a fresh database and two servers, and prints their
 * figures; sets exit code 1 when an engineer has overlapping consultations or the places do not
 * add up. The servers and database are removed even when it throws.
 */
export async function runBookingBench(): Promise<void> {
  runFreeTimeBench();
  let database: BenchDatabase<RaceRows> | undefined;
  const servers: BenchServer[] = [];
  try {
    database = await createBenchDatabase(adminDatabaseUrl(), `bench_booking_${process.pid}`, populate);
    const databaseUrl = database.url;
    // One after the other: each migrates the (already migrated) database at start.
    for (const label of ["booking-a", "booking-b"]) {
      servers.push(
        await startServer({
          label,
          env: () => ({
            DATABASE_URL: databaseUrl,
            // The same secret on both: a form token signed by one is good on the other.
            BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
            SEED_DEMO: "false",
            // All posts come from 127.0.0.1: the race measures capacity, not the per-client limit.
            BOOKING_LIMIT_PER_CLIENT: String(REQUESTS + 1),
            WAITING_LIST_CHECK_MS: "500",
          }),
        }),
      );
    }
    await race(
      servers.map((s) => s.base),
      databaseUrl,
      database.populated,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  }
}

const FREE_TIME_TARGET_P95_MS = 50;

/**
 * A week of times (Monday to Friday, every 30 minutes from 09:00 to 16:30: 80 slots of 3 places)
 * for 10 engineers, each with 500 busy events (15 minutes to 3 hours, pseudo-random, fixed seed)
 * spread over the next 60 days and 20 bookings that week; 200 runs, each preparing the diaries and
 * computing the offer. Prints p50/p95 ms.
 */
export function runFreeTimeBench(): void {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const now = new Date();
  const monday = addDays(currentWeekStart(now), 7);
  const horizonStart = londonInstant(monday, "00:00").getTime();
  const slots: SlotLike[] = [];
  for (let d = 0; d < 5; d++) {
    for (let q = 0; q < 16; q++) {
      const t = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      slots.push({ id: `${d}-${q}`, date: addDays(monday, d), startTime: t(540 + q * 30), endTime: t(570 + q * 30), maxBookings: 3, currentBookings: 0 });
    }
  }
  const diaries: EngineerDiary[] = Array.from({ length: 10 }, (_, e) => ({
    id: `engineer-${e}`,
    workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: "09:00", endTime: "17:00" })),
    daysOff: [],
    failing: false,
    lastAssignedAt: null,
    busy: Array.from({ length: 500 }, () => {
      const start = horizonStart + Math.floor(random() * 60 * 96) * 15 * 60_000;
      return { start, end: start + (1 + Math.floor(random() * 12)) * 15 * 60_000 };
    }),
    bookings: Array.from({ length: 20 }, (_, i) => {
      const slot = slots[Math.floor(random() * slots.length)];
      const start = londonInstant(slot.date, slot.startTime).getTime();
      return { id: `b-${e}-${i}`, date: slot.date, start, end: start + 45 * 60_000, bufferBeforeMinutes: 10, bufferAfterMinutes: 10 };
    }),
  }));
  const rules = { durationMinutes: 45, bufferBeforeMinutes: 15, bufferAfterMinutes: 15, minimumNoticeHours: 12, horizonDays: 60, maxPerEngineerPerDay: 4 };
  const context = { now: now.getTime(), closedDates: new Set<string>() };
  const times: number[] = [];
  let offered = 0;
  for (let run = 0; run < 200; run++) {
    const started = performance.now();
    offered = offeredSlots(slots, diaries.map(prepareDiary), rules, context).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.table([
    { engineers: 10, "events each": 500, "horizon days": 60, slots: slots.length, offered, "p50 ms": percentile(times, 50).toFixed(2), "p95 ms": p95.toFixed(2) },
  ]);
  console.log(`${p95 < FREE_TIME_TARGET_P95_MS ? "OK" : "SLOW"}: free time for a week p95 ${p95.toFixed(2)} ms (target < ${FREE_TIME_TARGET_P95_MS} ms)`);
}

/**
 * Fires REQUESTS Confirm Booking posts at once, alternately at each of `bases` and round the
 * slots, then prints the bookers' table and each engineer's consultations and overlapping pairs,
 * and sets the exit code.
 */
async function race(bases: string[], databaseUrl: string, rows: RaceRows): Promise<void> {
  const { typeId, slotIds, date, engineers } = rows;
  // BENCH_BOOKING_MODE=document posts as a browser without JavaScript (full page back);
  // the default posts as the enhanced wizard does (React Router's `.data` request).
  const documentMode = process.env.BENCH_BOOKING_MODE === "document";
  const action = (base: string, slotId: string) => `${base}/book-consultation${documentMode ? "" : ".data"}?step=4&type=${typeId}&slot=${slotId}`;
  // Warm each instance's route (module load, pool) with a page view, and take the details page's
  // signed form token (good on both: one secret), old enough (the bot check's 3 s) by the start.
  for (const base of bases) await fetch(`${base}/book-consultation?step=2&type=${typeId}`).then((r) => r.text());
  const detailsPage = await fetch(`${bases[0]}/book-consultation?step=3&type=${typeId}&slot=${slotIds[0]}`).then((r) => r.text());
  const formToken = /name="formToken" value="([^"]+)"/.exec(detailsPage)?.[1];
  if (!formToken) throw new Error("the details page carries no form token");
  await new Promise((r) => setTimeout(r, 3_500));

  const post = async (i: number) => {
    const base = bases[i % bases.length];
    const slotId = slotIds[i % slotIds.length];
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
    const response = await fetch(action(base, slotId), { method: "POST", body, redirect: "manual" });
    const text = await response.text();
    const booked = documentMode ? response.status === 302 : response.status < 300 && text.includes("step=5");
    return { status: booked && !documentMode ? 302 : response.status, ms: performance.now() - started, booked };
  };
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => post(i)));
  const wall = performance.now() - started;

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const [stored, places] = await Promise.all([
    pool.query<{ id: string; engineer_id: string | null; start_time: string; duration_minutes: number }>(
      `select b.id, b.engineer_id, a.start_time::text, b.duration_minutes
         from consultation_bookings b join consultation_availability a on a.id = b.availability_id
        where a.id = any($1) and b.status in ('pending', 'confirmed')`,
      [slotIds],
    ),
    pool.query<{ id: string; current: number; held: number }>(
      `select a.id, a.current_bookings as current,
              (select count(*)::int from consultation_bookings b where b.availability_id = a.id and b.status in ('pending', 'confirmed')) as held
         from consultation_availability a where a.id = any($1)`,
      [slotIds],
    ),
  ]).finally(() => pool.end());

  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = results.reduce<Record<number, number>>((acc, r) => ((acc[r.status] = (acc[r.status] ?? 0) + 1), acc), {});
  const made = results.filter((r) => r.booked).length;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.table([
    {
      mode: documentMode ? "document" : "data",
      instances: bases.length,
      requests: REQUESTS,
      engineers: engineers.length,
      "slots × places": `${slotIds.length} × ${PLACES}`,
      "bookings made (HTTP)": made,
      "bookings stored": stored.rows.length,
      statuses: Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(" "),
      "p50 ms": Math.round(p50),
      "p99 ms": Math.round(p99),
      "wall ms": Math.round(wall),
    },
  ]);

  // Each engineer's consultations as instants, and the pairs of them that overlap.
  const meetings = stored.rows.map((r) => {
    const start = londonInstant(date, r.start_time).getTime();
    return { engineerId: r.engineer_id, start, end: start + r.duration_minutes * 60_000 };
  });
  const perEngineer = engineers.map(({ id, name }) => {
    const mine = meetings.filter((m) => m.engineerId === id).sort((a, b) => a.start - b.start);
    let overlapping = 0;
    for (let i = 0; i < mine.length; i++) for (let j = i + 1; j < mine.length; j++) if (mine[j].start < mine[i].end) overlapping += 1;
    return { engineer: name, consultations: mine.length, "overlapping pairs": overlapping };
  });
  console.table(perEngineer);

  const overlaps = perEngineer.reduce((sum, e) => sum + e["overlapping pairs"], 0);
  const unassigned = meetings.filter((m) => !m.engineerId).length;
  const placesAddUp = places.rows.every((p) => p.current === p.held && p.held <= PLACES);
  const ok = overlaps === 0 && unassigned === 0 && placesAddUp && made === stored.rows.length && made > 0;
  console.log(
    `${ok ? "OK" : "FAIL"}: ${made} bookings over ${bases.length} instances, ${overlaps} overlapping consultations (target 0), ` +
      `${unassigned} without an engineer, places ${placesAddUp ? "add up" : "do not add up"}; ` +
      `p99 ${Math.round(p99)} ms (target < ${TARGET_P99_MS} ms${p99 < TARGET_P99_MS ? ", met" : ", missed"})`,
  );
  if (!ok) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBookingBench();
}
