/**
 * `npm run bench -- media`: the image pipeline under load, on a
 * production server (PostgreSQL, demo content through the pipeline, local disk storage).
 *
 * - time from upload to all variants ready for a ~5 MB 24-megapixel JPEG (the upload answers
 *   once every variant is stored, so this is the request's duration);
 * - the server's peak RSS while 4 such uploads run at once (VmRSS sampled every 50 ms);
 * - the public home page's p50/p99 meanwhile (sequential GETs during the 4 uploads, alternately
 *   from the HTML cache and rendered: a query string never seen before misses the cache);
 * - bytes of the largest image (and of all images) the browser fetches on the home page and on a
 *   project page at 390 px wide (DPR 1 and 3), scrolled to the bottom so lazy images load.
 *
 * Environment: BENCH_PG_URL (see lib.ts), CHROME_PATH (default /usr/bin/chromium).
 */
import { readFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { sceneSvg } from "../tests/setup/images";
import { adminDatabaseUrl, createBenchDatabase, percentile, printTable, signIn, startServer, type BenchDatabase, type BenchServer } from "./lib";

const ADMIN = { email: "bench-media@example.com", password: "bench-media-password-1" };
const FIVE_MB = 5 * 1024 * 1024;

/** A 6000 x 4000 (24 MP) photo-like JPEG just under 5 MB: a scene with sensor-like noise. */
async function cameraJpeg(): Promise<Buffer> {
  const noise = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 9 } } })
    .raw()
    .toBuffer();
  let best = Buffer.alloc(0);
  for (const quality of [92, 88, 84, 80, 76, 72, 66, 60, 50]) {
    best = await sharp(sceneSvg(6000, 4000))
      .composite([{ input: noise, raw: { width: 6000, height: 4000, channels: 3 }, blend: "overlay" }])
      .jpeg({ quality })
      .toBuffer();
    if (best.length <= FIVE_MB - 64 * 1024) break;
  }
  return best;
}

/** Uploads `jpeg`; resolves with the request's duration in ms once the server answered 201. */
async function upload(base: string, cookie: string, jpeg: Buffer, n: number): Promise<number> {
  const body = new FormData();
  body.set("alt", `Bench photo ${n}`);
  body.set("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `bench-${n}.jpg`);
  const t0 = performance.now();
  const response = await fetch(`${base}/admin/media/upload`, { method: "POST", headers: { cookie, origin: base }, body });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload ${n} answered ${response.status}: ${text}`);
  return performance.now() - t0;
}

/** The resident set size of process `pid` in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Image bytes fetched by a 390 px wide browser on `url` at `dpr`, after scrolling to the bottom. */
async function imageBytes(url: string, dpr: number): Promise<{ largest: number; largestUrl: string; total: number; count: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: dpr, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const sizes = new Map<string, number>();
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "image" || response.url().startsWith("data:")) return;
      const body = await response.body().catch(() => null);
      if (body) sizes.set(response.url(), body.length);
    });
    await page.goto(url, { waitUntil: "networkidle" });
    for (let y = 0; y < 30; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState("networkidle");
    const entries = [...sizes.entries()].sort((a, b) => b[1] - a[1]);
    return {
      largest: entries[0]?.[1] ?? 0,
      largestUrl: entries[0]?.[0].replace(/^https?:\/\/[^/]+/, "") ?? "-",
      total: entries.reduce((s, [, b]) => s + b, 0),
      count: entries.length,
    };
  } finally {
    await browser.close();
  }
}

export async function runMediaBench(): Promise<void> {
  let database: BenchDatabase<void> | undefined;
  let server: BenchServer | undefined;
  try {
    const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(" / ")} (1/5/15 min) on ${cpus().length} CPUs`;
    console.log(`at start: ${load()}`);
    const jpeg = await cameraJpeg();
    const meta = await sharp(jpeg).metadata();
    console.log(`test photo: ${meta.width} x ${meta.height} JPEG, ${(jpeg.length / 1024 / 1024).toFixed(2)} MB`);

    database = await createBenchDatabase(adminDatabaseUrl(), `bench_media_${process.pid}`);
    const databaseUrl = database.url;
    server = await startServer({
      label: "media",
      port: process.env.BENCH_MEDIA_PORT ? Number(process.env.BENCH_MEDIA_PORT) : undefined,
      readyWithinMs: 180_000,
      env: () => ({
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "true",
      }),
    });
    const { base } = server;
    const pid = server.child.pid!;
    const cookie = await signIn(base, ADMIN);
    for (let i = 0; i < 5; i++) await fetch(`${base}/`).then((r) => r.text());

    const single = await upload(base, cookie, jpeg, 0);
    const idleRss = await rssMb(pid);

    // 4 uploads at once; meanwhile sample RSS and time sequential home page requests.
    let running = true;
    let peak = idleRss;
    const sampler = (async () => {
      while (running) {
        peak = Math.max(peak, await rssMb(pid));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const homeTimes: number[] = [];
    const renderedTimes: number[] = [];
    const visitor = (async () => {
      for (let n = 0; running; n++) {
        const rendered = n % 2 === 1;
        const t0 = performance.now();
        const response = await fetch(rendered ? `${base}/?bench=${n}` : `${base}/`);
        await response.text();
        (rendered ? renderedTimes : homeTimes).push(performance.now() - t0);
      }
    })();
    const t0 = performance.now();
    const durations = await Promise.all([1, 2, 3, 4].map((n) => upload(base, cookie, jpeg, n)));
    const allFour = performance.now() - t0;
    running = false;
    await Promise.all([sampler, visitor]);
    homeTimes.sort((a, b) => a - b);
    renderedTimes.sort((a, b) => a - b);

    const quietHome: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      await fetch(`${base}/`).then((r) => r.text());
      quietHome.push(performance.now() - s);
    }
    quietHome.sort((a, b) => a - b);

    console.log("\nUploads (24 MP JPEG, all variants stored before the answer)");
    printTable(
      ["figure", "value"],
      [
        ["one upload, upload to all variants", `${Math.round(single)} ms`],
        ["4 at once, each (min / max)", `${Math.round(Math.min(...durations))} / ${Math.round(Math.max(...durations))} ms`],
        ["4 at once, all done", `${Math.round(allFour)} ms`],
        ["server RSS before the 4", `${Math.round(idleRss)} MB`],
        ["server peak RSS during the 4", `${Math.round(peak)} MB`],
        ["home p50 / p99 during the 4, HTML cache", `${Math.round(percentile(homeTimes, 50))} / ${Math.round(percentile(homeTimes, 99))} ms (${homeTimes.length} requests)`],
        ["home p50 / p99 during the 4, rendered", `${Math.round(percentile(renderedTimes, 50))} / ${Math.round(percentile(renderedTimes, 99))} ms (${renderedTimes.length} requests)`],
        ["home p50 / p99 when quiet", `${Math.round(percentile(quietHome, 50))} / ${Math.round(percentile(quietHome, 99))} ms (30 requests)`],
      ],
    );

    const rows: string[][] = [];
    for (const [label, path] of [
      ["home", "/"],
      ["project page", "/projects/thames-wharf-mixed-use-tower"],
    ] as const) {
      for (const dpr of [1, 3]) {
        const r = await imageBytes(`${base}${path}`, dpr);
        rows.push([label, `390 px @${dpr}x`, `${(r.largest / 1024).toFixed(1)} KB`, r.largestUrl, `${(r.total / 1024).toFixed(1)} KB in ${r.count}`]);
      }
    }
    console.log("\nImage bytes at 390 px wide (scrolled to the bottom)");
    printTable(["page", "viewport", "largest image", "which", "all images"], rows);
    console.log(`\nat the end: ${load()}`);
  } finally {
    await server?.stop();
    await database?.drop();
  }
}
