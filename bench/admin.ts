/**
 * Admin lists at volume (issue 4 "Tests and figures"): 10,000 enquiries and 5,000 bookings (over
 * the 1,000 slots they need) seeded into a throwaway PostgreSQL database, the production server
 * started on it, an admin signed in, then the server time of /admin/enquiries and
 * /admin/consultations with a search and a filter: p50/p95 over 30 requests each, both the full
 * HTML document and the loader data alone (`.data`). Target: p50 under 150 ms.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (user postgres; override with BENCH_PG_URL, any database:
 * the bench creates and drops its own) and a production build (BUILD_DIR, default `build`).
 * Run: `npm run bench -- admin`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-1" };
const SAMPLES = 30;
const WARMUP = 3;
const TARGET_P50_MS = 150;

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, "close");
  return port;
}

/** Creates the throwaway database, applies the migrations and seeds the rows. */
export async function prepareDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.resolve("app/db/migrations") });
    await seed(pool);
  } finally {
    await pool.end();
  }
  return url.toString();
}

/** 10,000 enquiries (5% spam), 1,000 slots and 5,000 bookings, with varied names, types and statuses. */
async function seed(pool: pg.Pool): Promise<void> {
  const started = performance.now();
  await pool.query(`
    insert into enquiries (name, email, company, project_type, message, status, priority, spam_reason, created_at)
    select
      (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Sophia','Leo','Grace',
             'Arthur','Lily','Muhammad','Freya','Oscar','Emily','Charlie','Ella'])[1 + i % 20]
        || ' ' ||
      (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson',
             'Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Thomas','Clarke',
             'Jackson','Wood','Harris','Edwards','Turner'])[1 + (i / 20) % 25],
      'client' || i || '@' || (array['gmail.com','outlook.com','example.org','ngo.example','build.co.uk'])[1 + i % 5],
      case when i % 3 = 0 then null else
        (array['Arden Developments','Thames Holdings','Relief Now','Northgate Estates','Harbour Trust',
               'Civic Homes','BlueRiver NGO','Keystone Retail','Summit Schools','Delta Water'])[1 + i % 10] || ' Ltd' end,
      (array['General Enquiry','Project Consultation','Partnership Opportunity','Commercial Engineering',
             'Humanitarian Engineering','Media & Press','Careers','Other'])[1 + i % 8],
      (array['We are planning a four-storey steel frame office and need structural advice.',
             'Our charity is rebuilding schools after the earthquake and needs resilient designs.',
             'Could you review the foundations of a listed warehouse conversion?',
             'We need a flood risk assessment for a riverside housing scheme.',
             'Interested in partnering on a disaster shelter programme in the region.',
             'Please send your fee proposal for a retail unit refurbishment.',
             'Looking for a seismic retrofit of a hospital wing.',
             'Journalist writing about sustainable timber structures; can we talk?',
             'Graduate structural engineer asking about vacancies.',
             'Temporary works design for a basement dig next to a railway.',
             'Solar canopy structure for a car park, 400 spaces.',
             'Bridge inspection and load rating for a rural council.'])[1 + i % 12] || ' Ref ' || i,
      (array['new','in_review','responded','project_started','closed'])[1 + (i * 7) % 5],
      (array['low','medium','high'])[1 + (i * 11) % 3],
      case when i % 20 = 0 then 'honeypot' else null end,
      now() - make_interval(mins => i * 7)
    from generate_series(1, 10000) as i
  `);
  await pool.query(`
    insert into consultation_types (name, description, duration_minutes, sort_order)
    values ('Initial Consultation', 'A first conversation about your project.', 30, 1),
           ('Technical Review', 'A detailed look at drawings or a design.', 60, 2)
    on conflict do nothing
  `);
  await pool.query(`
    insert into consultation_availability (date, start_time, end_time, max_bookings, current_bookings, is_available)
    select current_date - 50 + (i / 10), time '09:00' + make_interval(mins => (i % 10) * 30),
           time '09:30' + make_interval(mins => (i % 10) * 30), 10, 5, true
    from generate_series(0, 999) as i
  `);
  await pool.query(`
    insert into consultation_bookings (availability_id, name, email, phone, company_name, consultation_type,
                                       project_type, project_description, status, created_at)
    select s.id,
      (array['Oliver','Amelia','George','Isla','Harry','Ava','Noah','Mia','Jack','Sophia'])[1 + n % 10] || ' ' ||
      (array['Smith','Jones','Taylor','Brown','Patel','Wilson','Evans','Walker','Green','Hall'])[1 + (n / 10) % 10],
      'booker' || n || '@example.com',
      case when n % 2 = 0 then '+44 20 7946 ' || lpad((n % 10000)::text, 4, '0') else null end,
      case when n % 3 = 0 then null else 'Company ' || (n % 97) end,
      case when n % 4 = 0 then 'Technical Review' else 'Initial Consultation' end,
      (array['commercial','humanitarian','mixed'])[1 + n % 3],
      'Project description number ' || n,
      (array['pending','confirmed','completed','cancelled','no_show','rescheduled'])[1 + n % 6],
      now() - make_interval(mins => n * 11)
    from (select id, row_number() over (order by date, start_time) as r from consultation_availability) as s
    cross join generate_series(1, 5) as k
    cross join lateral (select ((s.r - 1) * 5 + k)::int as n) as x
  `);
  await pool.query("analyze");
  const counts = await pool.query<{ e: string; b: string; s: string }>(
    "select (select count(*) from enquiries) e, (select count(*) from consultation_bookings) b, (select count(*) from consultation_availability) s",
  );
  const c = counts.rows[0]!;
  console.log(`seeded ${c.e} enquiries, ${c.b} bookings over ${c.s} slots in ${Math.round(performance.now() - started)} ms`);
}

/** Starts the production server on the database; resolves once /readyz answers 200. */
async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      DISABLE_JOBS: "true",
      LOG_LEVEL: "warn",
      DATA_DIR: `./data/bench-admin-${port}`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("server did not become ready within 60 s");
}

/** Signs in through better-auth's endpoint; returns the Cookie header. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Result = { page: string; kind: string; p50: number; p95: number; max: number; status: number; kb: number; rows: string };

/** Times `SAMPLES` sequential GETs (after a warm-up), full body read. */
async function measure(url: string, cookie: string, check: (body: string) => string): Promise<Omit<Result, "page" | "kind">> {
  const times: number[] = [];
  let status = 0;
  let body = "";
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    body = await response.text();
    const elapsed = performance.now() - t0;
    status = response.status;
    if (i >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    status,
    kb: Buffer.byteLength(body) / 1024,
    rows: check(body),
  };
}

/** Seeds, serves, measures and prints the table; drops the database afterwards. */
export async function runAdminBench(): Promise<void> {
  const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `bench_admin_${process.pid}`;
  const databaseUrl = await prepareDatabase(adminUrl, dbName);
  const port = Number(process.env.BENCH_ADMIN_PORT ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = await startServer(databaseUrl, port);
    const cookie = await signIn(base);

    const enquiryRows = (body: string) => String((body.match(/View enquiry from /g) ?? []).length);
    const anything = (body: string) => (body.length > 0 ? "-" : "empty");
    const pages: [string, string, (b: string) => string][] = [
      ["enquiries", "/admin/enquiries", enquiryRows],
      ["enquiries search", "/admin/enquiries?q=seismic", enquiryRows],
      ["enquiries filter", "/admin/enquiries?status=in_review&priority=high", enquiryRows],
      ["enquiries search+filter p3", "/admin/enquiries?q=smith&status=new&page=3", enquiryRows],
      ["enquiries spam view", "/admin/enquiries?view=spam", enquiryRows],
      ["consultations", "/admin/consultations", anything],
      ["consultations search", "/admin/consultations?q=patel", anything],
      ["consultations filter", "/admin/consultations?status=confirmed", anything],
    ];
    const results: Result[] = [];
    for (const [label, url, check] of pages) {
      const html = await measure(`${base}${url}`, cookie, check);
      results.push({ page: label, kind: "html", ...html });
      const [p, q = ""] = url.split("?");
      const dataUrl = `${base}${p}.data${q ? `?${q}` : ""}`;
      results.push({ page: label, kind: ".data", ...(await measure(dataUrl, cookie, anything)), rows: "-" });
    }

    console.log(`\nAdmin lists at volume: ${SAMPLES} sequential requests each (after ${WARMUP} warm-up), PostgreSQL, production build`);
    console.table(
      results.map((r) => ({
        page: r.page,
        kind: r.kind,
        status: r.status,
        "p50 ms": r.p50.toFixed(1),
        "p95 ms": r.p95.toFixed(1),
        "max ms": r.max.toFixed(1),
        KB: r.kb.toFixed(1),
        rows: r.rows,
        "p50 < 150": r.p50 < TARGET_P50_MS && r.status === 200 ? "yes" : "NO",
      })),
    );
    const failing = results.filter((r) => r.p50 >= TARGET_P50_MS || r.status !== 200);
    console.log(failing.length ? `${failing.length} measurement(s) miss the target or failed.` : "Every p50 is under 150 ms.");
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

// Run directly: `npx tsx bench/admin.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  await runAdminBench();
}
