/**
 * Page weight and speed of the public site (`docs/design.md` section 8). For every
 * public page (content pages, contact in three languages, each step of the booking wizard in
 * English and steps 1 and 2 in French and Arabic, and the manage page of a booking the bench makes
 * through the wizard's own forms) it prints
 *   - HTML bytes gzipped (the server's document, gzip level 6 as the compression middleware sends),
 *   - JS bytes gzipped, first load: the sum of the module scripts the document loads (modulepreload
 *     links, `<script src>` and the entry's `import()`, with the modules they import statically),
 *     each gzipped the same way, against the
 *     budget (<= 15 KB on content pages, <= 20 KB on the pages with forms; every public page is
 *     sent without React, ADR 40),
 *   - JS bytes gzipped, all: every script Chromium fetched by the time the network is idle after
 *     load, which adds chunks imported after hydration (the toast area, the contact form's schema),
 *   - on the audited pages (`audit`): Lighthouse 12 mobile, 3 runs, each figure the median of its
 *     own 3 values (performance, accessibility, best practices, SEO, LCP, TBT, CLS); a run
 *     Lighthouse could not finish (e.g. NO_NAVSTART on a busy machine) is run again, up to twice.
 *     On a page that is noindex on purpose (the manage page, a private link) the SEO cell also
 *     gives the score without Lighthouse's is-crawlable audit, which fails any noindex page and
 *     weighs a third of the category: Lighthouse has no setting to say a page is meant to be
 *     left out of search.
 * Then, on home, projects, a project and an article, and a French project and an Arabic article
 * (the HTML cache is keyed by language): requests/s and p99 latency with autocannon at
 * 50 connections from the HTML cache (analytics counting on), from a second server with counting
 * off, with the cache bypassed (every request rendered: what a miss costs), and from
 * `bench/static-limit.mjs` (a bare node:http server) serving the same saved HTML from
 * memory in the same run: the in-memory limit (`bench/cache.ts`). Last, what a miss costs beside
 * a hit in ms of the server's CPU per request: render alone, render + gzip, brotli; and
 * the home page's p99 from the cache alone and beside a flood of set-password requests
 * (`bench/password-flood.ts`).
 *
 * It builds nothing: it starts its own production server from BUILD_DIR (default `build`) on a
 * fresh embedded database with the demo content, on a free port, and stops it at the end.
 * Run alone: `npx tsx bench/pages.ts`; from bench/run.ts: `runPagesBench()`.
 * Chromium: CHROME_PATH (default /usr/bin/chromium). Quick runs: BENCH_SKIP_LIGHTHOUSE=1 (no
 * Lighthouse), BENCH_LIGHTHOUSE_RUNS (default 3), BENCH_PAGES_CANNON_SECONDS (seconds of
 * autocannon per page and mode, default 5), BENCH_PAGES_ONLY (a regular expression on the page
 * names: only those are weighed and audited, e.g. `^(contact|booking|manage)`),
 * BENCH_LIGHTHOUSE_DIR (a folder: every Lighthouse report is saved there as JSON,
 * `<page>-<run>.json`, to find what the LCP element is and which long tasks make the TBT).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium, type Browser } from "playwright-core";
import { runCacheBench, runMissCostBench } from "./cache";
import { envInt, pgliteDemoEnv, printTable, startServer } from "./lib";
import { runPasswordFloodBench } from "./password-flood";

/**
 * A public page; `audit` marks those audited with Lighthouse, `cannon` those for requests/s,
 * `form` the pages with forms (their JS budget is 20 KB). `html` is a document the bench fetched
 * itself (the answer to a post, which Lighthouse cannot load): weighed only. `noindex` marks a
 * page that asks search engines to leave it out on purpose.
 */
type BenchPage = { name: string; path: string; audit?: true; cannon?: true; form?: true; noindex?: true; html?: string };

/** Every public page reached by a plain GET. */
const PAGES: BenchPage[] = [
  { name: "home", path: "/", audit: true, cannon: true },
  { name: "about", path: "/about", audit: true },
  { name: "services", path: "/services", audit: true },
  { name: "commercial", path: "/services/commercial" },
  { name: "humanitarian", path: "/services/humanitarian" },
  { name: "projects", path: "/projects", audit: true, cannon: true },
  { name: "project", path: "/projects/thames-wharf-mixed-use-tower", audit: true, cannon: true },
  { name: "insights", path: "/insights", audit: true },
  { name: "article", path: "/insights/embodied-carbon-in-structural-frames", audit: true, cannon: true },
  { name: "contact", path: "/contact", audit: true, form: true },
  { name: "contact-fr", path: "/fr/contact", audit: true, form: true },
  { name: "contact-ar", path: "/ar/contact", audit: true, form: true },
  { name: "booking-1", path: "/book-consultation", audit: true, form: true },
  { name: "booking-fr-1", path: "/fr/book-consultation", audit: true, form: true },
  { name: "booking-ar-1", path: "/ar/book-consultation", audit: true, form: true },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "404", path: "/no-such-page" },
  // Translated demo pages: every language's content pages have the same budget.
  { name: "home-ar", path: "/ar", audit: true },
  { name: "project-fr", path: "/fr/projects/tour-mixte-thames-wharf", audit: true, cannon: true },
  { name: "article-ar", path: "/ar/insights/madaris-tasmud-amam-alzalazil", audit: true, cannon: true },
  { name: "privacy-fr", path: "/fr/privacy", audit: true },
];
/** The budget for first-load JS on a content page, gzipped. */
const JS_BUDGET_BYTES = 15 * 1024;
/** The budget for first-load JS on a public page with a form (contact, booking, manage), gzipped. */
const FORM_JS_BUDGET_BYTES = 20 * 1024;
/** BENCH_SKIP_LIGHTHOUSE=1 leaves the Lighthouse columns empty (quick runs on a busy machine). */
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === "1";
/** Lighthouse runs per page; each figure is reported as its median over the runs. */
const LIGHTHOUSE_RUNS = envInt("BENCH_LIGHTHOUSE_RUNS", 3);
/** Length of each autocannon run, in seconds: BENCH_PAGES_CANNON_SECONDS, default 5. */
const CANNON_SECONDS = envInt("BENCH_PAGES_CANNON_SECONDS", 5);

/** BENCH_LIGHTHOUSE_DIR: where each Lighthouse report is saved as JSON (not saved when unset). */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR;

/** BENCH_PAGES_ONLY: the pages weighed and audited, by name (all when unset). */
const ONLY = process.env.BENCH_PAGES_ONLY ? new RegExp(process.env.BENCH_PAGES_ONLY) : null;

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
  /** On a `noindex` page: the SEO score without the is-crawlable audit (which fails it by design). */
  seoIndexingAside: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** True for the pages with forms (budget 20 KB). */
  form: boolean;
  /** True for a page that is noindex on purpose. */
  noindex: boolean;
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

/**
 * `urls` and every module they import statically (`import … from "./x.js"`, `import "./x.js"`),
 * which the browser fetches before the first runs; dynamic `import()` is left to `weighLoaded`.
 */
async function withStaticImports(urls: string[]): Promise<string[]> {
  const seen = new Set(urls);
  const queue = [...urls];
  while (queue.length) {
    const url = queue.pop()!;
    const text = await (await fetch(url)).text();
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const found = new URL(m[1]!, url).toString();
      if (!seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return [...seen];
}

async function weigh(base: string, path: string, fetched?: string) {
  const html = fetched ?? (await (await fetch(base + path)).text());
  const scripts = await withStaticImports(scriptUrls(html, base));
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

type LhResult = {
  lhr: {
    runtimeError?: { code: string };
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { numericValue?: number; score: number | null }>;
  };
};

type Scores = Omit<PageFigures, "page" | "path" | "htmlGzip" | "jsGzip" | "jsFiles" | "jsAllGzip" | "jsAllFiles" | "form" | "noindex">;

/** The SEO category's score (0-100) as Lighthouse weighs it, without the is-crawlable audit. */
function seoWithoutCrawlable(lhr: LhResult["lhr"]): number | null {
  let sum = 0;
  let weights = 0;
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.id === "is-crawlable" || ref.weight === 0 || score == null) continue;
    sum += score * ref.weight;
    weights += ref.weight;
  }
  return weights ? Math.round((sum / weights) * 100) : null;
}

/** One Lighthouse run; a run Lighthouse could not finish (its runtime error) is tried again up to twice. */
async function audit(url: string, port: number, report?: string): Promise<Scores> {
  let result: LhResult | undefined;
  for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt++) {
    result = (await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    })) as unknown as LhResult | undefined;
  }
  if (REPORT_DIR && report && result) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${report}.json`), JSON.stringify(result.lhr));
  }
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
    seoIndexingAside: result ? seoWithoutCrawlable(result.lhr) : null,
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
  };
}

/**
 * Lighthouse `runs` times; each figure is its own median over the runs (a score or time a run did
 * not give is left out). Picking one "median run" by performance score would report that run's LCP,
 * which is no median when the scores tie (every run at 100). `name` names the saved reports.
 */
async function medianAudit(url: string, port: number, runs: number, name: string): Promise<Scores> {
  const results: Scores[] = [];
  for (let i = 0; i < runs; i++) results.push(await audit(url, port, `${name}-${i + 1}`));
  const median = (pick: (s: Scores) => number | null) => {
    const values = results.map(pick).filter((v): v is number => v != null).sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)]! : null;
  };
  return {
    performance: median((s) => s.performance),
    accessibility: median((s) => s.accessibility),
    bestPractices: median((s) => s.bestPractices),
    seo: median((s) => s.seo),
    seoIndexingAside: median((s) => s.seoIndexingAside),
    lcpMs: median((s) => s.lcpMs),
    tbtMs: median((s) => s.tbtMs),
    cls: median((s) => s.cls),
  };
}

const NO_SCORES = { performance: null, accessibility: null, bestPractices: null, seo: null, seoIndexingAside: null, lcpMs: null, tbtMs: null, cls: null };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const or = (v: number | null, f: (n: number) => string = String) => (v == null ? "-" : f(v));

const budgetState = (bytes: number, budget: number) => (bytes <= budget ? "ok" : `+${kb(bytes - budget)}`);

/** Prints the figures as a table. */
export function printPagesTable(rows: PageFigures[]): void {
  const header = ["page", "HTML gz", "JS gz first (files)", "budget", "JS gz all (files)", "perf", "a11y", "best", "SEO", "LCP", "TBT", "CLS"];
  const lines = rows.map((r) => [
    `${r.page} ${r.path}`,
    kb(r.htmlGzip),
    `${kb(r.jsGzip)} (${r.jsFiles})`,
    budgetState(r.jsGzip, r.form ? FORM_JS_BUDGET_BYTES : JS_BUDGET_BYTES),
    r.jsAllGzip == null ? "-" : `${kb(r.jsAllGzip)} (${r.jsAllFiles})`,
    or(r.performance),
    or(r.accessibility),
    or(r.bestPractices),
    r.noindex && r.seo != null ? `${r.seo} (${or(r.seoIndexingAside)}*)` : or(r.seo),
    or(r.lcpMs, (n) => `${(n / 1000).toFixed(2)} s`),
    or(r.tbtMs, (n) => `${Math.round(n)} ms`),
    or(r.cls, (n) => n.toFixed(3)),
  ]);
  printTable(header, lines);
  console.log(
    `KB = 1024 bytes; budget: first-load JS <= ${kb(JS_BUDGET_BYTES)} gzip on content pages, <= ${kb(FORM_JS_BUDGET_BYTES)} on pages with forms. ` +
      `"(fetched)": a document the bench fetched itself (the answer to a post, step 5 with the booking's cookie), weighed only. Lighthouse 12 mobile ` +
      `(simulated throttling), each figure the median of its ${LIGHTHOUSE_RUNS} runs, on the audited pages. ` +
      `SEO "66 (100*)": a page noindex on purpose (a private link); * without the is-crawlable audit, which fails every noindex page.` +
      (SKIP_LIGHTHOUSE ? " Lighthouse skipped (BENCH_SKIP_LIGHTHOUSE=1)." : ""),
  );
}

/** The value of the form control `name` in `html` (the first one that is not disabled). */
function fieldValue(html: string, name: string): string | undefined {
  for (const tag of html.matchAll(new RegExp(`<input\\b[^>]*name="${name}"[^>]*>`, "g"))) {
    if (!/\sdisabled=/.test(tag[0])) return /value="([^"]*)"/.exec(tag[0])?.[1]?.replace(/&amp;/g, "&");
  }
  return undefined;
}

/**
 * The booking wizard's later steps and a manage page, reached as a visitor does with the wizard's
 * own forms on the demo content: step 2 of the first type (English, French, Arabic), step 3 for
 * the first free time, step 4 (the answer to step 3's post, weighed only), a booking confirmed
 * once the form guard allows it (its success screen, step 5, with the receipt cookie, weighed
 * only; and step 5 as a GET), and the manage page of that booking.
 */
async function bookingPages(base: string): Promise<BenchPage[]> {
  const post = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(base + path, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(form),
    });
  const type = fieldValue(await (await fetch(`${base}/book-consultation`)).text(), "type");
  if (!type) throw new Error("bench: no consultation type on /book-consultation");
  const out: BenchPage[] = [
    { name: "booking-2", path: `/book-consultation?step=2&type=${type}`, audit: true, form: true },
    { name: "booking-fr-2", path: `/fr/book-consultation?step=2&type=${type}`, audit: true, form: true },
    { name: "booking-ar-2", path: `/ar/book-consultation?step=2&type=${type}`, audit: true, form: true },
  ];
  // The first week with a free time, by Next Week.
  let week = `/book-consultation?step=2&type=${type}`;
  let slot: string | undefined;
  let weekStart: string | undefined;
  for (let i = 0; i < 8 && !slot; i++) {
    const html = await (await fetch(base + week)).text();
    slot = fieldValue(html, "slot");
    weekStart = fieldValue(html, "week");
    const next = /<a href="([^"]+)" aria-label="Next Week"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    if (!slot && next) week = next;
  }
  if (!slot || !weekStart) throw new Error("bench: no free time in the booking window");
  const at = (step: number) => `/book-consultation?step=${step}&type=${type}&week=${weekStart}&slot=${slot}`;
  out.push({ name: "booking-3", path: at(3), audit: true, form: true });
  const step3 = await (await fetch(base + at(3))).text();
  const formToken = fieldValue(step3, "formToken") ?? "";
  const details = { name: "Bench Visitor", email: `bench.${Date.now()}@example.com`, projectType: "commercial", projectDescription: "A steel frame." };
  const review = await (await post(at(4), { intent: "review", formToken, ...details })).text();
  out.push({ name: "booking-4", path: at(4), form: true, html: review });
  const idempotencyKey = fieldValue(review, "idempotencyKey") ?? "";
  await new Promise((resolve) => setTimeout(resolve, 3_200)); // the form guard's minimum time on the page
  const confirmed = await post(at(4), { intent: "confirm", formToken, website: "", typeId: type, slotId: slot, idempotencyKey, timeZone: "", ...details });
  const cookie = confirmed.headers.get("set-cookie")?.split(";")[0];
  if (confirmed.status !== 302 || !cookie) throw new Error(`bench: the booking was refused (${confirmed.status})`);
  const done = await (await fetch(`${base}/book-consultation?step=5`, { headers: { cookie } })).text();
  out.push({ name: "booking-5", path: "/book-consultation?step=5", form: true, html: done });
  out.push({ name: "booking-5", path: "/book-consultation?step=5", audit: true, form: true });
  const manage = /href="(\/book-consultation\/manage\/[^"]+)"/.exec(done)?.[1];
  if (!manage) throw new Error("bench: no manage link on the success screen");
  out.push(
    { name: "manage", path: manage, audit: true, form: true, noindex: true },
    { name: "manage-ar", path: `/ar${manage}`, audit: true, form: true, noindex: true },
  );
  return out;
}

/** Starts a production server, measures every public page, prints the table, stops the server. Returns the rows. */
export async function runPagesBench(): Promise<PageFigures[]> {
  const pagesServer = (label: string, analytics: boolean) =>
    startServer({
      label,
      readyWithinMs: 90_000,
      env: ({ dataDir }) => ({
        ...pgliteDemoEnv(dataDir, "pages", "02"),
        ANALYTICS_ENABLED: String(analytics),
      }),
    });
  const server = await pagesServer("pages", true);
  const { base } = server;
  const rows: PageFigures[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // Warm the server (first render compiles templates, fills caches).
    for (const p of PAGES) await fetch(base + p.path).then((r) => r.text());
    const pages = [...PAGES, ...(await bookingPages(base))].filter((p) => !ONLY || ONLY.test(p.name));
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      for (const p of pages) {
        const weight = await weigh(base, p.path, p.html);
        const loaded = p.html ? { jsAllGzip: null, jsAllFiles: null } : await weighLoaded(browser, base, p.path);
        rows.push({ page: p.name, path: p.html ? `${p.path} (fetched)` : p.path, ...weight, ...loaded, ...NO_SCORES, form: p.form ?? false, noindex: p.noindex ?? false });
      }
    } finally {
      await browser.close();
    }
    const audited = rows.filter((r) => pages.some((p) => p.audit && p.path === r.path));
    if (!SKIP_LIGHTHOUSE) {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
      for (const row of audited) Object.assign(row, await medianAudit(base + row.path, chrome.port, LIGHTHOUSE_RUNS, row.page));
      await chrome.kill();
      chrome = undefined;
    }
    printPagesTable(rows);
    // The same build with analytics counting off, beside it (counted within 10% of uncounted).
    const uncounted = await pagesServer("pages-uncounted", false);
    try {
      await runCacheBench(
        base,
        PAGES.filter((p) => p.cannon),
        CANNON_SECONDS,
        uncounted.base,
      );
    } finally {
      await uncounted.stop();
    }
    await runMissCostBench(server, PAGES.filter((p) => p.cannon));
    await runPasswordFloodBench(server, "/", CANNON_SECONDS);
  } finally {
    if (chrome) await chrome.kill();
    await server.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPagesBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
