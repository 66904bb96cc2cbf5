/**
 * Page weight and speed of the public site (`shared/DESIGN.md` section 8): for /, /projects, one
 * project and one article it prints
 *   - HTML bytes gzipped (the server's document, gzip level 6 as the compression middleware sends),
 *   - JS bytes gzipped: the sum of the module scripts the page loads (modulepreload links,
 *     `<script src>` and the entry's `import()`), each gzipped the same way,
 *   - Lighthouse 12 mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT, CLS,
 *   - requests/s served with autocannon (10 connections, ~5 s per page).
 *
 * It builds nothing: it starts its own production server from BUILD_DIR (default `build`) on a
 * fresh embedded database with the demo content, on a free port, and stops it at the end.
 * Run alone: `npx tsx bench/pages.ts`; from bench/run.ts: `runPagesBench()`.
 * Chromium: CHROME_PATH (default /usr/bin/chromium).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PAGES = [
  { name: "home", path: "/" },
  { name: "projects", path: "/projects" },
  { name: "project", path: "/projects/thames-wharf-mixed-use-tower" },
  { name: "article", path: "/insights/embodied-carbon-in-structural-frames" },
];
const CANNON_SECONDS = 5;
const CANNON_CONNECTIONS = 10;

/** One row of the printed table. Bytes are gzipped; scores 0-100; LCP/TBT in ms. */
export type PageFigures = {
  page: string;
  path: string;
  htmlGzip: number;
  jsGzip: number;
  jsFiles: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  requestsPerSecond: number;
};

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, "close");
  return port;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: "",
      PGLITE_DIR: `${dataDir}/pglite`,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-02",
      ADMIN_EMAIL: "bench-pages@example.com",
      ADMIN_PASSWORD: "bench-pages-password-1",
      SEED_DEMO: "true",
      DISABLE_JOBS: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("server did not become ready within 90 s");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await Promise.race([once(child, "exit"), new Promise((r) => setTimeout(r, 12_000))]);
}

const gzipBytes = (body: Buffer | string) => gzipSync(body, { level: 6 }).length;

/** Same-origin module script URLs a document loads: modulepreload links, script src and inline import() calls. */
export function scriptUrls(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href) urls.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s+["']([^"']+\.js)["']/g)) urls.add(m[1]!);
  return [...urls].map((u) => new URL(u.replace(/&amp;/g, "&"), base).toString()).filter((u) => u.startsWith(base));
}

async function weigh(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = scriptUrls(html, base);
  let js = 0;
  for (const url of scripts) js += gzipBytes(Buffer.from(await (await fetch(url)).arrayBuffer()));
  return { htmlGzip: gzipBytes(html), jsGzip: js, jsFiles: scripts.length };
}

type LhResult = { lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> } };

async function audit(url: string, port: number): Promise<Omit<PageFigures, "page" | "path" | "htmlGzip" | "jsGzip" | "jsFiles" | "requestsPerSecond">> {
  const result = (await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  })) as unknown as LhResult | undefined;
  const score = (k: string) => {
    const s = result?.lhr.categories[k]?.score;
    return s == null ? null : Math.round(s * 100);
  };
  const num = (k: string) => result?.lhr.audits[k]?.numericValue ?? null;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
  };
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CANNON_CONNECTIONS, duration: CANNON_SECONDS, headers: { "accept-encoding": "gzip" } });
  if (result.non2xx > 0 || result.errors > 0) console.warn(`  ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const or = (v: number | null, f: (n: number) => string = String) => (v == null ? "-" : f(v));

/** Prints the figures as a table. */
export function printPagesTable(rows: PageFigures[]): void {
  const header = ["page", "HTML gz", "JS gz (files)", "perf", "a11y", "best", "SEO", "LCP", "TBT", "CLS", "req/s"];
  const lines = rows.map((r) => [
    `${r.page} ${r.path}`,
    kb(r.htmlGzip),
    `${kb(r.jsGzip)} (${r.jsFiles})`,
    or(r.performance),
    or(r.accessibility),
    or(r.bestPractices),
    or(r.seo),
    or(r.lcpMs, (n) => `${(n / 1000).toFixed(2)} s`),
    or(r.tbtMs, (n) => `${Math.round(n)} ms`),
    or(r.cls, (n) => n.toFixed(3)),
    String(r.requestsPerSecond),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
  console.log(`Lighthouse ${"12"} mobile (simulated throttling); req/s: autocannon, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s per page.`);
}

/** Starts a production server, measures the four pages, prints the table, stops the server. Returns the rows. */
export async function runPagesBench(): Promise<PageFigures[]> {
  const port = await freePort();
  const dataDir = `./data/bench-pages-${port}`;
  const base = `http://127.0.0.1:${port}`;
  await rm(dataDir, { recursive: true, force: true });
  const server = await startServer(port, dataDir);
  const rows: PageFigures[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Warm the server (first render compiles templates, fills caches).
    for (const p of PAGES) await fetch(base + p.path).then((r) => r.text());
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    for (const p of PAGES) {
      const url = base + p.path;
      const weight = await weigh(base, p.path);
      const scores = await audit(url, chrome.port);
      rows.push({ page: p.name, path: p.path, ...weight, ...scores, requestsPerSecond: 0 });
    }
    await chrome.kill();
    chrome = undefined;
    for (const row of rows) row.requestsPerSecond = await throughput(base + row.path);
  } finally {
    if (chrome) await chrome.kill();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  printPagesTable(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPagesBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
