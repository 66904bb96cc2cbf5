/**
 * The HTML cache against the in-memory limit (issue 10): for each page, autocannon at 50
 * connections for `seconds` against
 *   - the site from its HTML cache (anonymous, `Accept-Encoding: br, gzip` as a browser sends),
 *   - the site with the cache bypassed (a cookie the cache does not accept: every request is
 *     rendered by React Router, which is what a miss costs),
 *   - /work/shared/tools/static-limit.mjs (a bare node:http server, no middleware, no compression)
 *     serving the same page's HTML, saved from the site in this run, from memory;
 *   - a second server with analytics counting off (ANALYTICS_ENABLED=false) from its HTML cache
 *     (issue 21: counting must keep cached throughput within 10%);
 * and prints requests/s, p99 latency, the cache's share of the limit, and counted/uncounted.
 * Requests carry a desktop Chrome user agent, so the counting server counts every one.
 * Called by bench/pages.ts with its running servers; the machine's load affects all alike.
 */
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { baseUrl, freePort, printTable } from "./lib";

/** The tool that serves saved files from memory with node:http (shared by the team's benchmarks). */
const STATIC_LIMIT = process.env.STATIC_LIMIT_TOOL ?? "/work/shared/tools/static-limit.mjs";
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
        `Targets: cached >= 50% of the limit with p99 < 50 ms (issue 10); counted >= 90% of uncounted (issue 21).`,
    );
  } finally {
    limit.kill("SIGTERM");
    await rm(dir, { recursive: true, force: true });
  }
}
