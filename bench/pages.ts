/**
 * Page weight and speed of the public site (`shared/DESIGN.md` section 8). For every public page
 * (the budget: JS <= 100 KB gzip on each) it prints
 *   - HTML bytes gzipped (the server's document, gzip level 6 as the compression middleware sends),
 *   - JS bytes gzipped, first load: the sum of the module scripts the document loads (modulepreload
 *     links, `<script src>` and the entry's `import()`), each gzipped the same way,
 *   - JS bytes gzipped, all: every script Chromium fetched by the time the network is idle after
 *     load, which adds chunks imported after hydration (the toast area, the contact form's schema),
 * and, for the four pages the issue names (/, /projects, one project, one article) only:
 *   - Lighthouse 12 mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT, CLS,
 *   - requests/s served with autocannon (10 connections, ~5 s per page).
 *
 * It builds nothing: it starts its own production server from BUILD_DIR (default `build`) on a
 * fresh embedded database with the demo content, on a free port, and stops it at the end.
 * Run alone: `npx tsx bench/pages.ts`; from bench/run.ts: `runPagesBench()`.
 * Chromium: CHROME_PATH (default /usr/bin/chromium). Quick runs: BENCH_SKIP_LIGHTHOUSE=1 (no
 * Lighthouse), BENCH_PAGES_CANNON_SECONDS (seconds of autocannon per page, default 5).
 */
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Browser } from "playwright-core";
import { envInt, printTable, startServer } from "./lib";

/** Every public page; `audit` marks the four the issue names (Lighthouse and autocannon run on those). */
const PAGES: { name: string; path: string; audit?: true }[] = [
  { name: "home", path: "/", audit: true },
  { name: "about", path: "/about" },
  { name: "services", path: "/services" },
  { name: "commercial", path: "/services/commercial" },
  { name: "humanitarian", path: "/services/humanitarian" },
  { name: "projects", path: "/projects", audit: true },
  { name: "project", path: "/projects/thames-wharf-mixed-use-tower", audit: true },
  { name: "insights", path: "/insights" },
  { name: "article", path: "/insights/embodied-carbon-in-structural-frames", audit: true },
  { name: "contact", path: "/contact" },
  { name: "booking", path: "/book-consultation" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "404", path: "/no-such-page" },
];
/** The budget for first-load JS per page, gzipped. */
const JS_BUDGET_BYTES = 100 * 1024;
/** Length of each autocannon run, in seconds: BENCH_PAGES_CANNON_SECONDS, default 5. */
const CANNON_SECONDS = envInt("BENCH_PAGES_CANNON_SECONDS", 5);
const CANNON_CONNECTIONS = 10;
/** BENCH_SKIP_LIGHTHOUSE=1 leaves the Lighthouse columns empty (quick runs on a busy machine). */
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === "1";

/** One row of the printed table. Bytes are gzipped; scores 0-100; LCP/TBT in ms. */
export type PageFigures = {
  page: string;
  path: string;
  htmlGzip: number;
  jsGzip: number;
  jsFiles: number;
  /** Every script fetched up to network idle after load (first load plus lazy chunks), gzipped. */
  jsAllGzip: number | null;
  jsAllFiles: number | null;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  requestsPerSecond: number;
};

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

const gzipCache = new Map<string, number>();
async function gzipOf(url: string): Promise<number> {
  let n = gzipCache.get(url);
  if (n === undefined) {
    n = gzipBytes(Buffer.from(await (await fetch(url)).arrayBuffer()));
    gzipCache.set(url, n);
  }
  return n;
}

async function weigh(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = scriptUrls(html, base);
  let js = 0;
  for (const url of scripts) js += await gzipOf(url);
  return { htmlGzip: gzipBytes(html), jsGzip: js, jsFiles: scripts.length };
}

/** Every same-origin script a real page load fetches up to network idle, gzipped (level 6) and summed. */
async function weighLoaded(browser: Browser, base: string, path: string) {
  const page = await browser.newPage();
  const urls = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script" && r.url().startsWith(base)) urls.add(r.url());
  });
  try {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
  } finally {
    await page.close();
  }
  let js = 0;
  for (const url of urls) js += await gzipOf(url);
  return { jsAllGzip: js, jsAllFiles: urls.size };
}

type LhResult = { lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { numericValue?: number }> } };

async function audit(url: string, port: number): Promise<Omit<PageFigures, "page" | "path" | "htmlGzip" | "jsGzip" | "jsFiles" | "jsAllGzip" | "jsAllFiles" | "requestsPerSecond">> {
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

const NO_SCORES = { performance: null, accessibility: null, bestPractices: null, seo: null, lcpMs: null, tbtMs: null, cls: null };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const or = (v: number | null, f: (n: number) => string = String) => (v == null ? "-" : f(v));

/** Prints the figures as a table. */
export function printPagesTable(rows: PageFigures[]): void {
  const header = ["page", "HTML gz", "JS gz first (files)", "budget", "JS gz all (files)", "perf", "a11y", "best", "SEO", "LCP", "TBT", "CLS", "req/s"];
  const lines = rows.map((r) => [
    `${r.page} ${r.path}`,
    kb(r.htmlGzip),
    `${kb(r.jsGzip)} (${r.jsFiles})`,
    r.jsGzip <= JS_BUDGET_BYTES ? "ok" : `+${kb(r.jsGzip - JS_BUDGET_BYTES)}`,
    r.jsAllGzip == null ? "-" : `${kb(r.jsAllGzip)} (${r.jsAllFiles})`,
    or(r.performance),
    or(r.accessibility),
    or(r.bestPractices),
    or(r.seo),
    or(r.lcpMs, (n) => `${(n / 1000).toFixed(2)} s`),
    or(r.tbtMs, (n) => `${Math.round(n)} ms`),
    or(r.cls, (n) => n.toFixed(3)),
    r.requestsPerSecond ? String(r.requestsPerSecond) : "-",
  ]);
  printTable(header, lines);
  console.log(
    `KB = 1024 bytes; budget: first-load JS <= ${kb(JS_BUDGET_BYTES)} gzip. Lighthouse 12 mobile (simulated throttling) ` +
      `and req/s (autocannon, ${CANNON_CONNECTIONS} connections, ${CANNON_SECONDS} s) on the four pages the issue names only.` +
      (SKIP_LIGHTHOUSE ? " Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)." : ""),
  );
}

/** Starts a production server, measures every public page, prints the table, stops the server. Returns the rows. */
export async function runPagesBench(): Promise<PageFigures[]> {
  const server = await startServer({
    label: "pages",
    readyWithinMs: 90_000,
    env: ({ dataDir }) => ({
      DATABASE_URL: "",
      PGLITE_DIR: `${dataDir}/pglite`,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-02",
      ADMIN_EMAIL: "bench-pages@example.com",
      ADMIN_PASSWORD: "bench-pages-password-1",
      SEED_DEMO: "true",
    }),
  });
  const { base } = server;
  const rows: PageFigures[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Warm the server (first render compiles templates, fills caches).
    for (const p of PAGES) await fetch(base + p.path).then((r) => r.text());
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      for (const p of PAGES) {
        const weight = await weigh(base, p.path);
        const loaded = await weighLoaded(browser, base, p.path);
        rows.push({ page: p.name, path: p.path, ...weight, ...loaded, ...NO_SCORES, requestsPerSecond: 0 });
      }
    } finally {
      await browser.close();
    }
    const audited = rows.filter((r) => PAGES.find((p) => p.path === r.path)?.audit);
    if (!SKIP_LIGHTHOUSE) {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      for (const row of audited) Object.assign(row, await audit(base + row.path, chrome.port));
      await chrome.kill();
      chrome = undefined;
    }
    for (const row of audited) row.requestsPerSecond = await throughput(base + row.path);
  } finally {
    if (chrome) await chrome.kill();
    await server.stop();
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
