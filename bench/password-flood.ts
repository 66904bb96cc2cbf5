/**
 * A cached page beside a flood of password attempts: the p99 latency of one HTML-cache page with
 * autocannon alone, then while 20 clients each send `POST /admin/set-password` with an unknown
 * link and a 128-digit password, one after another, for the same time. The link is checked before
 * the strength estimate and attempts are limited per client, so the page's p99 should not move.
 * Also prints how the flood's requests were answered (400 bad link, 429 limited).
 */
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { printTable, procCpuMs, type BenchServer } from "./lib";

/** Concurrent set-password requests of the flood. */
const FLOOD_CONCURRENCY = 20;
const PAGE_CONNECTIONS = 10;

/** Refused attempts sent at once to measure the server's CPU per refusal. */
const REFUSAL_SAMPLE = 300;

/**
 * Runs the two measurements against `server` on the cached page `path`, then the server's CPU per
 * refused attempt (REFUSAL_SAMPLE refused posts at once, /proc before and after), and prints one table.
 */
export async function runPasswordFloodBench(server: BenchServer, path: string, seconds: number): Promise<void> {
  const base = server.base;
  const headers = { "accept-encoding": "br, gzip", accept: "text/html" };
  for (let i = 0; i < 2; i++) await fetch(base + path, { headers }).then((r) => r.arrayBuffer());
  const pageP99 = async () => (await autocannon({ url: base + path, connections: PAGE_CONNECTIONS, duration: seconds, headers })).latency.p99;
  const quiet = await pageP99();

  // The flood runs in its own process, so its clients do not slow the page's load generator.
  const flood = startFlood(base, seconds * 1000 + 2_000);
  const busy = await pageP99();
  const answers = await flood;

  const cpuBefore = await procCpuMs(server.child.pid!);
  const sample = await Promise.all(Array.from({ length: REFUSAL_SAMPLE }, () => postAttempt(base).then((r) => r.status)));
  const refusalMs = ((await procCpuMs(server.child.pid!)) - cpuBefore) / REFUSAL_SAMPLE;
  const refused = sample.filter((status) => status === 429).length;

  console.log(
    `\nCached page beside a set-password flood: ${path}, autocannon ${PAGE_CONNECTIONS} connections, ${seconds} s each; ` +
      `flood: ${FLOOD_CONCURRENCY} concurrent POST /admin/set-password (unknown link, 128 digits).`,
  );
  const flooded = Object.entries(answers).sort(([a], [b]) => Number(a) - Number(b)).map(([status, count]) => `${count} x ${status === "0" ? "error" : status}`).join(", ");
  console.log(`Server CPU per refused attempt: ${refusalMs.toFixed(2)} ms (${refused} of ${REFUSAL_SAMPLE} answered 429).`);
  printTable(["measurement", "page p99", "flood answers"], [
    ["alone", `${quiet} ms`, "-"],
    ["during the flood", `${busy} ms`, flooded],
  ]);
}

/**
 * Runs FLOOD_CONCURRENCY clients in a child Node.js process, each sending `POST /admin/set-password`
 * (unknown link, a 128-digit password) one after another for `durationMs`. Resolves to how many
 * answers each status had (0: a network error).
 */
function startFlood(base: string, durationMs: number): Promise<Record<string, number>> {
  const script = `
    const [base, durationMs, concurrency] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])];
    const password = "1".repeat(128);
    const body = new URLSearchParams({ token: "x", password, confirmPassword: password }).toString();
    const answers = {};
    const until = Date.now() + durationMs;
    const client = async () => {
      while (Date.now() < until) {
        const response = await fetch(base + "/admin/set-password", {
          method: "POST",
          headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
          body,
          redirect: "manual",
        }).catch(() => null);
        await response?.arrayBuffer();
        const status = response?.status ?? 0;
        answers[status] = (answers[status] ?? 0) + 1;
      }
    };
    Promise.all(Array.from({ length: concurrency }, client)).then(() => process.stdout.write(JSON.stringify(answers)));
  `;
  const child = spawn(process.execPath, ["-e", script, base, String(durationMs), String(FLOOD_CONCURRENCY)], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(output) as Record<string, number>) : reject(new Error(`flood process exited with ${code}`))));
  });
}

/** One set-password attempt with an unknown link and a 128-digit password, as the flood sends it. */
async function postAttempt(base: string): Promise<Response> {
  const password = "1".repeat(128);
  const response = await fetch(`${base}/admin/set-password`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: "x", password, confirmPassword: password }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}
