/**
 * Admin lists at volume: 10,000 enquiries and 5,000 bookings (over
 * the 1,000 slots they need) seeded into a throwaway PostgreSQL database, the production server
 * started on it, an admin signed in, then the server time of /admin/enquiries and
 * /admin/consultations with a search and a filter, and the content studio's lists at
 * 1,000 projects and 5,000 insights (/admin/cms/projects and /admin/cms/blog with a search, a
 * filter and a later page): p50/p95 over 30 requests each, both the full HTML document and the
 * loader data alone (`.data`). Target: p50 under 150 ms.
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (user postgres; override with BENCH_PG_URL, any database:
 * the bench creates and drops its own) and a production build (BUILD_DIR, default `build`).
 * Run: `npm run bench -- admin`. Quick runs: BENCH_ADMIN_ENQUIRIES (default 10,000),
 * BENCH_ADMIN_BOOKINGS (default 5,000), BENCH_ADMIN_PROJECTS (default 1,000), BENCH_ADMIN_INSIGHTS
 * (default 5,000), BENCH_ADMIN_SAMPLES (timed requests each, default 30);
 * BENCH_ADMIN_PORT fixes the server's port (default: a free one).
 */
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { adminDatabaseUrl, createBenchDatabase, envInt, percentile, signIn, startServer, type BenchDatabase, type BenchServer } from "./lib";

const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-1" };
/** Timed requests per measurement: BENCH_ADMIN_SAMPLES, default 30. */
const SAMPLES = envInt("BENCH_ADMIN_SAMPLES", 30);
const WARMUP = 3;
/** Enquiries seeded (5% spam): BENCH_ADMIN_ENQUIRIES, default 10,000. */
const ENQUIRIES = envInt("BENCH_ADMIN_ENQUIRIES", 10_000);
/** Bookings seeded, 5 per slot over BOOKINGS / 5 slots: BENCH_ADMIN_BOOKINGS, default 5,000. */
const BOOKINGS = envInt("BENCH_ADMIN_BOOKINGS", 5_000);
/** CMS projects seeded: BENCH_ADMIN_PROJECTS, default 1,000. */
const PROJECTS = envInt("BENCH_ADMIN_PROJECTS", 1_000);
/** Insights seeded: BENCH_ADMIN_INSIGHTS, default 5,000. */
const INSIGHTS = envInt("BENCH_ADMIN_INSIGHTS", 5_000);
const TARGET_P50_MS = 150;

/**
 * ENQUIRIES enquiries (5% spam), ceil(BOOKINGS / 5) slots and BOOKINGS bookings (10,000, 1,000 and
 * 5,000 by default), with varied names, types and statuses.
 */
async function seed(pool: pg.Pool): Promise<void> {
  const started = performance.now();
  await pool.query(
    `
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
    from generate_series(1, $1::int) as i
  `,
    [ENQUIRIES],
  );
  await pool.query(`
    insert into consultation_types (name, description, duration_minutes, sort_order)
    values ('Initial Consultation', 'A first conversation about your project.', 30, 1),
           ('Technical Review', 'A detailed look at drawings or a design.', 60, 2)
    on conflict do nothing
  `);
  await pool.query(
    `
    insert into consultation_availability (date, start_time, end_time, max_bookings, current_bookings, is_available)
    select current_date - 50 + (i / 10), time '09:00' + make_interval(mins => (i % 10) * 30),
           time '09:30' + make_interval(mins => (i % 10) * 30), 10, 5, true
    from generate_series(0, $1::int - 1) as i
  `,
    [Math.ceil(BOOKINGS / 5)],
  );
  await pool.query(
    `
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
    where n <= $1::int
  `,
    [BOOKINGS],
  );
  await pool.query(
    `
    insert into cms_projects (slug, title, subtitle, client, location, year, category, status, display_status, featured,
                              overview, tags, hero_image, published_at, created_at, updated_at)
    select 'bench-project-' || i,
      (array['Harbour','Riverside','Civic','Hillside','Northgate','Station','Market','Bridge'])[1 + i % 8] || ' ' ||
      (array['Footbridge','Library','School','Warehouse','Clinic','Shelter','Tower','Depot'])[1 + (i / 8) % 8] || ' ' || i,
      'A structural engineering case study, number ' || i,
      (array['City Council','Relief Now','Arden Developments','Harbour Trust','Civic Homes'])[1 + i % 5],
      (array['London','Leeds','Kathmandu','Beira','Bristol'])[1 + i % 5],
      (2010 + i % 16)::text,
      (array['commercial','humanitarian'])[1 + i % 2],
      (array['Completed','In Progress','On Hold'])[1 + i % 3],
      (array['published','published','draft','archived'])[1 + i % 4],
      i % 10 = 0,
      'Overview of project ' || i,
      array['Steel','Timber','Concrete'],
      '/media/projects/fallback-1280.webp',
      case when i % 4 < 2 then now() - make_interval(days => i) else null end,
      now() - make_interval(days => i),
      now() - make_interval(mins => i * 13)
    from generate_series(1, $1::int) as i
  `,
    [PROJECTS],
  );
  await pool.query(
    `
    insert into insights (slug, title, subtitle, excerpt, summary, category, author_name, author_role, reading_time, tags,
                          content, status, featured, hero_image, published_date, created_at, updated_at)
    select 'bench-insight-' || i,
      (array['Seismic','Flood','Timber','Retrofit','Carbon','Bridge','Shelter','Digital'])[1 + i % 8] || ' ' ||
      (array['lessons','guide','analysis','notes','review','outlook'])[1 + (i / 8) % 6] || ' ' || i,
      'What we learnt, part ' || i,
      (array['Designing schools that stand up to earthquakes.','Why old buildings carry more load than their drawings say.',
             'Embodied carbon in frames, and how to halve it.','Living with rising rivers in market towns.',
             'Digital twins for asset owners.'])[1 + i % 5] || ' Ref ' || i,
      'Summary of article ' || i,
      (array['Industry Analysis','Technical Guide','Case Study','Market Analysis','Innovation','Sustainability','Humanitarian'])[1 + i % 7],
      (array['James','Priya','Amara','Tom','Sofia','Liam'])[1 + i % 6] || ' ' ||
      (array['Whitfield','Raman','Okafor','Smith','Patel','Evans','Clarke'])[1 + (i / 6) % 7],
      'Structural Engineer',
      (1 + i % 12) || ' mins read',
      array['Seismic','Schools','Nepal','Resilience','Concrete'],
      jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', 'Body of article ' || i)),
      (array['published','published','published','draft','archived'])[1 + i % 5],
      i % 12 = 0,
      '/media/insights/fallback-1280.webp',
      case when i % 5 < 3 then now() - make_interval(hours => i) else null end,
      now() - make_interval(hours => i),
      now() - make_interval(mins => i * 3)
    from generate_series(1, $1::int) as i
  `,
    [INSIGHTS],
  );
  await pool.query("analyze");
  const counts = await pool.query<{ e: string; b: string; s: string; p: string; i: string }>(
    `select (select count(*) from enquiries) e, (select count(*) from consultation_bookings) b, (select count(*) from consultation_availability) s,
            (select count(*) from cms_projects) p, (select count(*) from insights) i`,
  );
  const c = counts.rows[0]!;
  console.log(`seeded ${c.e} enquiries, ${c.b} bookings over ${c.s} slots, ${c.p} projects, ${c.i} insights in ${Math.round(performance.now() - started)} ms`);
}

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

/** Seeds, serves, measures and prints the table; stops the server and drops the database afterwards, even on failure. */
export async function runAdminBench(): Promise<void> {
  let database: BenchDatabase<void> | undefined;
  let server: BenchServer | undefined;
  try {
    database = await createBenchDatabase(adminDatabaseUrl(), `bench_admin_${process.pid}`, seed);
    const databaseUrl = database.url;
    server = await startServer({
      label: "admin",
      port: process.env.BENCH_ADMIN_PORT ? Number(process.env.BENCH_ADMIN_PORT) : undefined,
      env: () => ({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "false",
      }),
    });
    const { base } = server;
    const cookie = await signIn(base, ADMIN);

    const enquiryRows = (body: string) => String((body.match(/View enquiry from /g) ?? []).length);
    const anything = (body: string) => (body.length > 0 ? "-" : "empty");
    const cmsRows = (body: string) => String((body.match(/ Edit<span class="sr-only">/g) ?? []).length);
    const pages: [string, string, (b: string) => string][] = [
      ["enquiries", "/admin/enquiries", enquiryRows],
      ["enquiries search", "/admin/enquiries?q=seismic", enquiryRows],
      ["enquiries filter", "/admin/enquiries?status=in_review&priority=high", enquiryRows],
      ["enquiries search+filter p3", "/admin/enquiries?q=smith&status=new&page=3", enquiryRows],
      ["enquiries spam view", "/admin/enquiries?view=spam", enquiryRows],
      ["consultations", "/admin/consultations", anything],
      ["consultations search", "/admin/consultations?q=patel", anything],
      ["consultations filter", "/admin/consultations?status=confirmed", anything],
      ["cms projects", "/admin/cms/projects", cmsRows],
      ["cms projects filter", "/admin/cms/projects?status=draft", cmsRows],
      ["cms projects filter p10", "/admin/cms/projects?status=published&page=10", cmsRows],
      ["cms blog", "/admin/cms/blog", cmsRows],
      ["cms blog search", "/admin/cms/blog?q=seismic", cmsRows],
      ["cms blog filter", "/admin/cms/blog?status=draft", cmsRows],
      ["cms blog search+filter p3", "/admin/cms/blog?q=okafor&status=published&page=3", cmsRows],
      ["cms blog search none", `/admin/cms/blog?q=${encodeURIComponent("100%_none")}`, cmsRows],
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
    await server?.stop();
    await database?.drop();
  }
}

// Run directly: `npx tsx bench/admin.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  await runAdminBench();
}
