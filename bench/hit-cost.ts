/**
 * What an HTML-cache hit costs beside the in-memory limit for the same bytes, per page and per
 * encoding. For each cached content page (home, /projects, a project, /insights, an article,
 * /about, /contact, a French project and an Arabic article) and each of two `Accept-Encoding` values, none (the raw HTML) and a browser's
 * `gzip, deflate, br` (the brotli bytes), it prints
 *   - cached req/s and p99: autocannon at 50 connections for BENCH_PAGES_CANNON_SECONDS (default 4)
 *     against the site's HTML cache,
 *   - limit req/s and p99: the same against `bench/static-limit.mjs` (a bare node:http
 *     server, no middleware) serving the very bytes the site sent for that encoding, from memory,
 *     one run right after the other on the same machine,
 *   - the ratio cached / limit (target: 75% or more, p99 under 30 ms),
 *   - µs of the server's CPU per hit: `process.cpuUsage()` of the server (prom-client's
 *     `process_cpu_*_seconds_total`, scraped from its loopback metrics port) around a fixed number
 *     of requests (BENCH_HIT_COST_REQUESTS, default 10,000; a run of its own) and the analytics
 *     write they cause,
 *     divided by that number, less one scrape's cost; and the limit server's per request around
 *     its run of the same number (from /proc, 10 ms steps).
 *     A page that is not stored (cache "bypass") shows what a render costs, with CPU runs of 200
 *     requests.
 * Every page and encoding is measured BENCH_HIT_COST_ROUNDS times (default 3), cached then limit,
 * the rounds one after another over all pages (so a busy spell on the shared machine hits both
 * sides of a few rows, not all the runs of one); the table shows the median of each column and the
 * range of the ratio.
 * The server logs at `info` (one line per request, as in production; its output goes nowhere) and
 * counts page views (requests carry a desktop Chrome user agent), writing them every second.
 *
 * Redirects: the server holds BENCH_HIT_COST_REDIRECTS redirects (default 1,000, as a WordPress
 * import makes: a permalink and a `?p=` address per post, and a few prefixes), imported as CSV in
 * the portal before the runs, so every row pays the lookup every request makes before the cache;
 * the rows "redirect" (a permalink) and "redirect-query" (`/?p=`) measure a redirect answered (a
 * 301 without a body; the limit serves an empty file).
 *
 * It starts its own production server (BUILD_DIR, fresh embedded database, demo content) and the
 * limit server on free ports and stops both at the end.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { baseUrl, envInt, freePort, pgliteDemoEnv, printTable, procCpuMs, signIn, startServer } from "./lib";

const STATIC_LIMIT = process.env.STATIC_LIMIT_TOOL ?? fileURLToPath(new URL("./static-limit.mjs", import.meta.url));
const CONNECTIONS = 50;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** The cached content pages measured. */
export const HIT_COST_PAGES = (
  [
    ["home", "/"],
    ["projects", "/projects"],
    ["project", "/projects/thames-wharf-mixed-use-tower"],
    ["insights", "/insights"],
    ["article", "/insights/embodied-carbon-in-structural-frames"],
    ["about", "/about"],
    ["contact", "/contact"],
    // Translated pages (demo content): every language's pages are cached alike.
    ["project-fr", "/fr/projects/tour-mixte-thames-wharf"],
    ["article-ar", "/ar/insights/madaris-tasmud-amam-alzalazil"],
    // Old addresses answered 301 from the redirects in memory (BENCH_HIT_COST_REDIRECTS).
    ["redirect", "/2013/01/11/old-post-250/"],
    ["redirect-query", "/?p=250"],
  ] as const
).map(([name, path]) => ({ name, path }));

/** The pages of this run: BENCH_HIT_COST_PAGES (names, comma-separated, e.g. `article,about`) or all. */
const PAGES = (() => {
  const names = process.env.BENCH_HIT_COST_PAGES?.split(",").map((name) => name.trim()).filter(Boolean);
  if (!names?.length) return HIT_COST_PAGES;
  const unknown = names.filter((name) => !HIT_COST_PAGES.some((page) => page.name === name));
  if (unknown.length) throw new Error(`BENCH_HIT_COST_PAGES: unknown page ${unknown.join(", ")} (known: ${HIT_COST_PAGES.map((p) => p.name).join(", ")})`);
  return HIT_COST_PAGES.filter((page) => names.includes(page.name));
})();

/** The two ways of asking: no `Accept-Encoding` (raw HTML) and a browser's. */
const ENCODINGS = [
  { label: "none", headers: {} as Record<string, string> },
  { label: "gzip, deflate, br", headers: { "accept-encoding": "gzip, deflate, br" } as Record<string, string> },
];

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET with node:http, the body as sent (not decoded, unlike fetch). */
function getRaw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** `seconds` of requests at CONNECTIONS connections, or `amount` requests (autocannon notices the end on its one-second tick, so such a run's length says nothing). */
async function cannon(url: string, headers: Record<string, string>, run: { seconds: number } | { amount: number }, expected: "2xx" | "301" = "2xx") {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, ...("seconds" in run ? { duration: run.seconds } : { amount: run.amount }) });
  const answers = expected === "2xx" ? result.non2xx : result.requests.total - (result.statusCodeStats?.["301"]?.count ?? 0);
  return { rps: result.requests.total / Math.max(0.01, result.duration), p99: result.latency.p99, total: result.requests.total, errors: answers + result.errors };
}

/** Redirects the server holds: BENCH_HIT_COST_REDIRECTS, default 1,000. */
const REDIRECTS = envInt("BENCH_HIT_COST_REDIRECTS", 1_000);

/**
 * Imports `count` redirects through the portal's CSV import (signed in as the bench admin): half
 * permalinks `/2013/01/11/old-post-N/`, half `/?p=N`, and 20 prefixes `/category/c-N/*`.
 */
async function importRedirects(base: string, admin: { email: string; password: string }, count: number): Promise<void> {
  const cookie = await signIn(base, admin);
  const lines = ["source,target,status"];
  for (let i = 0; i < count / 2; i++) lines.push(`/2013/01/11/old-post-${i}/,/insights,301`, `/?p=${i},/insights,301`);
  for (let i = 0; i < 20; i++) lines.push(`/category/c-${i}/*,/insights,301`);
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", new Blob([lines.join("\n")], { type: "text/csv" }), "redirects.csv");
  const response = await fetch(`${base}/admin/site/redirects`, { method: "POST", headers: { cookie, origin: base }, body: form, redirect: "manual" });
  const body = await response.text();
  if (!response.ok || !body.includes("Imported:")) throw new Error(`importing redirects failed: ${response.status} ${body.slice(0, 300)}`);
}

/** The median of `values` (the lower middle one of an even count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Seconds of each throughput run: BENCH_PAGES_CANNON_SECONDS, default 4. */
const SECONDS = envInt("BENCH_PAGES_CANNON_SECONDS", 4);
/** Requests of each CPU run: BENCH_HIT_COST_REQUESTS, default 10,000; a page that is not stored gets 200. */
const REQUESTS = envInt("BENCH_HIT_COST_REQUESTS", 10_000);
const UNCACHED_REQUESTS = 200;
/** Rounds over every page and encoding: BENCH_HIT_COST_ROUNDS, default 3. */
const ROUNDS = envInt("BENCH_HIT_COST_ROUNDS", 3);
/** The bench server's analytics write interval (ANALYTICS_FLUSH_MS); each run waits for one write after it. */
const ANALYTICS_FLUSH_MS = 1_000;

/** The server's CPU seconds so far (user + system, `process.cpuUsage()` as prom-client reports it). */
async function serverCpuSeconds(metricsBase: string): Promise<number> {
  const text = await (await fetch(`${metricsBase}/metrics`)).text();
  let total = 0;
  for (const name of ["process_cpu_user_seconds_total", "process_cpu_system_seconds_total"]) {
    const value = new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1];
    if (value === undefined) throw new Error(`${name} missing from /metrics`);
    total += Number(value);
  }
  return total;
}

/** Starts the site and the limit server, measures every page in both encodings, prints the table, stops both. */
export async function runHitCostBench(): Promise<void> {
  const metricsPort = await freePort();
  const server = await startServer({
    label: "hit-cost",
    readyWithinMs: 240_000,
    env: ({ dataDir }) => ({
      ...pgliteDemoEnv(dataDir, "hit-cost", "03"),
      LOG_LEVEL: "info",
      METRICS_PORT: String(metricsPort),
      ANALYTICS_FLUSH_MS: String(ANALYTICS_FLUSH_MS),
    }),
    // Log lines are written (and cost what they cost) to /dev/null, not piped into this process:
    // reading them here would take CPU from the load generator, which shares this process.
  });
  if (REDIRECTS > 0) {
    const env = pgliteDemoEnv("", "hit-cost", "03");
    await importRedirects(server.base, { email: env.ADMIN_EMAIL!, password: env.ADMIN_PASSWORD! }, REDIRECTS);
  }
  const dir = await mkdtemp(path.join(tmpdir(), "hit-cost-limit-"));
  const limitPort = await freePort();
  const limit = spawn(process.execPath, [STATIC_LIMIT, dir, String(limitPort)], { stdio: "ignore" });
  const metricsBase = baseUrl(metricsPort);
  try {
    // The bytes each page is sent in for each encoding; brotli is made off the request, so ask until it is there.
    const saved: { page: string; path: string; encoding: (typeof ENCODINGS)[number]; state: string; sent: string; bytes: number; dirName: string }[] = [];
    for (const page of PAGES) {
      for (const encoding of ENCODINGS) {
        const headers = { ...encoding.headers, "user-agent": USER_AGENT };
        await getRaw(server.base + page.path, headers); // the first request of a page stores it
        let raw = await getRaw(server.base + page.path, headers);
        for (let i = 0; i < 50 && encoding.headers["accept-encoding"] && raw.headers["content-encoding"] !== "br"; i++) {
          await new Promise((r) => setTimeout(r, 100));
          raw = await getRaw(server.base + page.path, headers);
        }
        const dirName = `${page.name}-${encoding.label === "none" ? "identity" : "browser"}`;
        await mkdir(path.join(dir, dirName), { recursive: true });
        await writeFile(path.join(dir, dirName, "index.html"), raw.body);
        saved.push({
          page: page.name,
          path: page.path,
          encoding,
          state: raw.status === 301 ? "301" : String(raw.headers["x-html-cache"] ?? "-"),
          sent: String(raw.headers["content-encoding"] ?? "identity"),
          bytes: raw.body.length,
          dirName,
        });
      }
    }
    const limitBase = baseUrl(limitPort);
    for (let i = 0; i < 50 && !(await fetch(`${limitBase}/${saved[0]!.dirName}/`).then((r) => r.ok).catch(() => false)); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // One scrape's own CPU (the median of five), taken off each figure.
    const scrapes: number[] = [];
    for (let i = 0; i < 5; i++) scrapes.push(-(await serverCpuSeconds(metricsBase)) + (await serverCpuSeconds(metricsBase)));
    const scrapeSeconds = Math.max(0, scrapes.sort((a, b) => a - b)[2]!);
    type Run = { rps: number; limitRps: number; p99: number; limitP99: number; micros: number; limitMicros: number; total: number; errors: number };
    const runs = saved.map(() => [] as Run[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, item] of saved.entries()) {
        const headers = { ...item.encoding.headers, "user-agent": USER_AGENT };
        const amount = item.state === "hit" || item.state === "301" ? REQUESTS : UNCACHED_REQUESTS;
        const expected = item.state === "301" ? "301" : "2xx";
        const cached = await cannon(server.base + item.path, headers, { seconds: SECONDS }, expected);
        const bare = await cannon(`${limitBase}/${item.dirName}/`, headers, { seconds: SECONDS });
        // CPU around a fixed number of requests and the analytics write they cause (one per ANALYTICS_FLUSH_MS).
        const cpuBefore = await serverCpuSeconds(metricsBase);
        const counted = await cannon(server.base + item.path, headers, { amount }, expected);
        await new Promise((r) => setTimeout(r, ANALYTICS_FLUSH_MS + 200));
        const cpuAfter = await serverCpuSeconds(metricsBase);
        const limitBefore = await procCpuMs(limit.pid!);
        const limitCounted = await cannon(`${limitBase}/${item.dirName}/`, headers, { amount });
        const limitAfter = await procCpuMs(limit.pid!);
        runs[index]!.push({
          rps: cached.rps,
          limitRps: bare.rps,
          p99: cached.p99,
          limitP99: bare.p99,
          micros: ((cpuAfter - cpuBefore - scrapeSeconds) * 1e6) / Math.max(1, counted.total),
          limitMicros: ((limitAfter - limitBefore) * 1000) / Math.max(1, limitCounted.total),
          total: counted.total,
          errors: cached.errors + bare.errors + counted.errors + limitCounted.errors,
        });
      }
    }
    const rows = saved.map((item, index) => {
      const all = runs[index]!;
      const of = (pick: (run: Run) => number) => median(all.map(pick));
      const ratios = all.map((run) => (run.rps / Math.max(1, run.limitRps)) * 100);
      return [
        `${item.page} ${item.path}`,
        item.encoding.label,
        `${item.sent} ${(item.bytes / 1024).toFixed(1)} KB`,
        item.state,
        of((r) => r.rps).toFixed(0),
        of((r) => r.limitRps).toFixed(0),
        `${median(ratios).toFixed(0)}% (${Math.min(...ratios).toFixed(0)}-${Math.max(...ratios).toFixed(0)})`,
        `${of((r) => r.p99)} ms`,
        `${of((r) => r.limitP99)} ms`,
        `${of((r) => r.micros).toFixed(0)} (${all[0]!.total})`,
        of((r) => r.limitMicros).toFixed(0),
        String(all.reduce((sum, r) => sum + r.errors, 0)),
      ];
    });
    printTable(
      ["page", "Accept-Encoding", "sent", "cache", "cached req/s", "limit req/s", "cached/limit (range)", "p99", "limit p99", "µs CPU/hit (requests)", "limit µs/req", "errors"],
      rows,
    );
    console.log(
      `Medians of ${ROUNDS} rounds; autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, cached then limit (static-limit.mjs ` +
        `serving the bytes the site sent for that encoding, from memory). ${REDIRECTS} redirects in the server's table; "301" rows are redirects answered. Server at LOG_LEVEL=info, counting page views (Chrome user agent, ` +
        `written every ${ANALYTICS_FLUSH_MS} ms). µs CPU/hit: the server's process.cpuUsage() (prom-client, loopback metrics port) around ` +
        `a run of ${REQUESTS} requests (${UNCACHED_REQUESTS} for a page not stored, "bypass") and the analytics write after it, divided by them, less one scrape; ` +
        `limit µs/req: the same for the limit server from /proc (10 ms steps). The cache column is the state after a warm-up request; ` +
        `Targets: cached >= 75% of the limit, p99 < 30 ms.`,
    );
  } finally {
    limit.kill("SIGTERM");
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runHitCostBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
