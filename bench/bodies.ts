/**
 * Large request bodies: BENCH_BODIES_CONCURRENCY (default 4) simultaneous 30 MB
 * form posts to `/contact` with a declared length, then as many without one (chunked), against
 * the production server on embedded PGlite. Prints what they were answered and the server's
 * resident memory (VmRSS from /proc, sampled every 20 ms) before, at its peak, and after.
 * Target: answers 413 / 411, peak RSS within 20 MB of the baseline.
 *
 * Run: `npm run bench -- bodies` (after `npm run build`; Linux only, for /proc).
 */
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { envInt, printTable, startServer } from "./lib";

const BODY_BYTES = 30 * 1024 * 1024;
const TARGET_GROWTH_MB = 20;

/** Resident memory of process `pid` in MB, from /proc/<pid>/status. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Posts BODY_BYTES of form data to `url`; resolves with the status (0 if the connection died first). */
function postLargeForm(url: string, chunked: boolean): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(BODY_BYTES) }),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < BODY_BYTES && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

/** Runs the bench and prints its table; sets exit code 1 when the target is missed. */
export async function runBodiesBench(): Promise<void> {
  const concurrency = envInt("BENCH_BODIES_CONCURRENCY", 4);
  const server = await startServer({
    label: "bodies",
    env: ({ dataDir }) => ({ DATABASE_URL: "", PGLITE_DIR: `${dataDir}/pglite`, SEED_DEMO: "false" }),
  });
  try {
    const pid = server.child.pid!;
    // Warm up: a few pages and a normal post, so the baseline includes the rendering paths.
    for (let i = 0; i < 5; i++) await fetch(`${server.base}/contact`).then((r) => r.text());
    const baseline = await rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => void rssMb(pid).then((mb) => (peak = Math.max(peak, mb)), () => {}), 20);
    const rows: string[][] = [];
    try {
      for (const chunked of [false, true]) {
        const started = Date.now();
        const statuses = await Promise.all(Array.from({ length: concurrency }, () => postLargeForm(`${server.base}/contact`, chunked)));
        rows.push([
          `${concurrency} x 30 MB ${chunked ? "chunked" : "with Content-Length"}`,
          [...new Set(statuses)].join("/"),
          `${Date.now() - started} ms`,
        ]);
      }
    } finally {
      clearInterval(sampler);
    }
    const after = await rssMb(pid);
    printTable(["requests", "answered", "took"], rows);
    console.log("");
    printTable(
      ["server RSS", "MB"],
      [
        ["before", baseline.toFixed(1)],
        ["peak during the posts", peak.toFixed(1)],
        ["after", after.toFixed(1)],
        ["peak growth", (peak - baseline).toFixed(1)],
      ],
    );
    const ok = peak - baseline <= TARGET_GROWTH_MB && rows.every((r) => /^41[13]$/.test(r[1]));
    console.log(`\ntarget: 413/411 and peak growth <= ${TARGET_GROWTH_MB} MB: ${ok ? "met" : "MISSED"}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
