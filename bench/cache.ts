/**
 * The HTML cache against the in-memory limit: for each page, autocannon at 50
 * connections for `seconds` against
 *   - the site from its HTML cache (anonymous, `Accept-Encoding: br, gzip` as a browser sends),
 *   - the site with the cache bypassed (a cookie the cache does not accept: every request is
 *     rendered by React Router, which is what a miss costs),
 *   - the static-limit tool (`bench/static-limit.mjs`, or `STATIC_LIMIT_TOOL`; a bare node:http server, no middleware, no compression)
 *     serving the same page's HTML, saved from the site in this run, from memory;
 *   - a second server with analytics counting off (ANALYTICS_ENABLED=false) from its HTML cache
 *     (counting must keep cached throughput within 10%);
 * and prints requests/s, p99 latency, the cache's share of the limit, and counted/uncounted.
 * Requests carry a desktop Chrome user agent, so the counting server counts every one.
 * `runMissCostBench` then prints what a miss costs beside a hit: ms of the server's CPU
 * per request, read from /proc before and after sequential requests.
 * Called by bench/pages.ts with its running servers; the machine's load affects all alike.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { baseUrl, freePort, printTable, type BenchServer } from "./lib";

/** The tool that serves saved files from memory with node:http; `STATIC_LIMIT_TOOL` names its script. */
const STATIC_LIMIT = process.env.STATIC_LIMIT_TOOL ?? fileURLToPath(new URL("./static-limit.mjs", import.meta.url));
const CONNECTIONS = 50;
const BROWSER_HEADERS = {
  "accept-encoding": "br, gzip",
  accept: "text/html",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
};

type Run = { rps: number; p99: number; non2xx: number };

async function cannon(url: string, seconds: number, headers: Record<string, string>): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/**
 * Measures each page from the cache (counting on, `base`), bypassing it, from the static limit,
 * and from the cache of `uncountedBase` (the same build with counting off); prints one table.
 */
export async function runCacheBench(base: string, pages: { name: string; path: string }[], seconds: number, uncountedBase: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "static-limit-"));
  const port = await freePort();
  const limit = spawn(process.execPath, [STATIC_LIMIT, dir, String(port)], { stdio: "ignore" });
  try {
    for (const page of pages) {
      const response = await fetch(base + page.path, { headers: { "accept-encoding": "identity" } });
      await mkdir(path.join(dir, page.name), { recursive: true });
      await writeFile(path.join(dir, page.name, "index.html"), Buffer.from(await response.arrayBuffer()));
    }
    const staticBase = baseUrl(port);
    for (let i = 0; i < 50 && !(await fetch(`${staticBase}/${pages[0]!.name}/`).then((r) => r.ok).catch(() => false)); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows: string[][] = [];
    for (const page of pages) {
      await fetch(base + page.path, { headers: BROWSER_HEADERS });
      const state = (await fetch(base + page.path, { headers: BROWSER_HEADERS })).headers.get("x-html-cache");
      await fetch(uncountedBase + page.path, { headers: BROWSER_HEADERS });
      const uncounted = await cannon(uncountedBase + page.path, seconds, BROWSER_HEADERS);
      const cached = await cannon(base + page.path, seconds, BROWSER_HEADERS);
      const miss = await cannon(base + page.path, seconds, { ...BROWSER_HEADERS, cookie: "bench=miss" });
      const raw = await cannon(`${staticBase}/${page.name}/`, seconds, BROWSER_HEADERS);
      const errors = cached.non2xx + miss.non2xx + raw.non2xx + uncounted.non2xx;
      rows.push([
        `${page.name} ${page.path}`,
        state ?? "-",
        String(cached.rps),
        `${cached.p99} ms`,
        String(raw.rps),
        `${raw.p99} ms`,
        `${Math.round((cached.rps / Math.max(1, raw.rps)) * 100)}%`,
        String(uncounted.rps),
        `${uncounted.p99} ms`,
        `${Math.round((cached.rps / Math.max(1, uncounted.rps)) * 100)}%`,
        String(miss.rps),
        `${miss.p99} ms`,
        errors ? String(errors) : "0",
      ]);
    }
    printTable(
      ["page", "cache", "cached req/s", "p99", "limit req/s", "p99", "cached/limit", "uncounted req/s", "p99", "counted/uncounted", "miss req/s", "p99", "errors"],
      rows,
    );
    console.log(
      `autocannon, ${CONNECTIONS} connections, ${seconds} s each. cached: Accept-Encoding br, gzip from the HTML cache; ` +
        `limit: static-limit.mjs serving the same HTML uncompressed from memory; uncounted: the same from a server with analytics ` +
        `counting off; miss: the cache bypassed (every request rendered). ` +
        `Targets: cached >= 50% of the limit with p99 < 50 ms; counted >= 90% of uncounted.`,
    );
  } finally {
    limit.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user + system) process `pid` has used so far, in ms, from /proc/<pid>/stat (10 ms steps). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // After "pid (comm) ": field 3 (state) is index 0, so utime (14) and stime (15) are 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The server's CPU ms per request over `urls` (one sequential request each, body read), after one warm-up request. */
async function cpuPerRequest(server: BenchServer, urls: string[], headers: Record<string, string>): Promise<number> {
  await fetch(urls[0]!, { headers }).then((r) => r.arrayBuffer());
  const before = await cpuMs(server.child.pid!);
  for (const url of urls) await fetch(url, { headers }).then((r) => r.arrayBuffer());
  return ((await cpuMs(server.child.pid!)) - before) / urls.length;
}

/** This process's CPU ms per call of `work`, over `times` calls. */
function localCpuMs(work: () => unknown, times: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

/**
 * What a cache miss costs beside a hit, per page, in ms of CPU per request:
 *   - hit: the page from the HTML cache (`Accept-Encoding: br, gzip`), measured on the server;
 *   - junk query: the same page with a different `utm_source` each time (every one must stay a hit);
 *   - miss, render: the cache bypassed (a cookie it does not accept), `Accept-Encoding: identity`,
 *     so the render alone (React Router, loaders, database), measured on the server;
 *   - miss, render + gzip: the same with `Accept-Encoding: gzip` (level 6, what the cache makes
 *     during a miss), measured on the server;
 *   - brotli 11: the brotli encoding the cache makes later, off the request, once per page
 *     (quality 11, measured in this process on the page's HTML).
 * Sequential requests on one connection: figures are CPU, not latency.
 */
export async function runMissCostBench(server: BenchServer, pages: { name: string; path: string }[], hits = 2000, misses = 40): Promise<void> {
  const rows: string[][] = [];
  const bypass = { ...BROWSER_HEADERS, cookie: "bench=miss" };
  for (const page of pages) {
    const url = server.base + page.path;
    const join = url.includes("?") ? "&" : "?";
    const hit = await cpuPerRequest(server, Array.from({ length: hits }, () => url), BROWSER_HEADERS);
    const junk = await cpuPerRequest(server, Array.from({ length: hits }, (_, i) => `${url}${join}utm_source=bench-${i}-${Math.random().toString(36).slice(2)}`), BROWSER_HEADERS);
    const state = (await fetch(`${url}${join}utm_source=last`, { headers: BROWSER_HEADERS })).headers.get("x-html-cache");
    const render = await cpuPerRequest(server, Array.from({ length: misses }, () => url), { ...bypass, "accept-encoding": "identity" });
    const renderGzip = await cpuPerRequest(server, Array.from({ length: misses }, () => url), { ...bypass, "accept-encoding": "gzip" });
    const html = Buffer.from(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
    const gzip = localCpuMs(() => gzipSync(html, { level: 6 }), 50);
    const br = localCpuMs(() => brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }), 5);
    const ms = (n: number) => n.toFixed(2);
    rows.push([
      `${page.name} ${page.path}`,
      `${(html.length / 1024).toFixed(0)} KB`,
      ms(hit),
      `${ms(junk)} (${state ?? "-"})`,
      ms(render),
      ms(renderGzip),
      ms(gzip),
      ms(br),
      `${Math.round(renderGzip / Math.max(hit, 0.01))}x`,
    ]);
  }
  printTable(
    ["page", "HTML", "hit ms", "junk query ms (cache)", "miss: render ms", "miss: render+gzip ms", "gzip 6 ms", "brotli 11 ms (later)", "miss/hit"],
    rows,
  );
  console.log(
    `ms of CPU per request, sequential, on one connection. hit, junk query, render and render+gzip: the server process's user + ` +
      `system CPU (/proc, ${1000 / TICKS_PER_SECOND} ms steps) over ${hits} hits or ${misses} renders; junk query: ${hits} different ` +
      `utm_source values (dropped from the key: all hits). gzip 6 and brotli 11: this process compressing the page's HTML as the ` +
      `cache does; a miss pays render + gzip, brotli is made once per page off the request.`,
  );
}
