/**
 * A cached page beside a flood of password attempts: the p99 latency of one HTML-cache page with
 * autocannon alone, then while 20 clients each send `POST /admin/set-password` with an unknown
 * link and a 128-digit password, one after another, for the same time. The link is checked before
 * the strength estimate and attempts are limited per client, so the page's p99 should not move.
 * Also prints how the flood's requests were answered (400 bad link, 429 limited).
 */
import autocannon from "autocannon";
import { printTable } from "./lib";

/** Concurrent set-password requests of the flood. */
const FLOOD_CONCURRENCY = 20;
const PAGE_CONNECTIONS = 10;

/** Runs the two measurements against the server at `base` on the cached page `path` and prints one table. */
export async function runPasswordFloodBench(base: string, path: string, seconds: number): Promise<void> {
  const headers = { "accept-encoding": "br, gzip", accept: "text/html" };
  for (let i = 0; i < 2; i++) await fetch(base + path, { headers }).then((r) => r.arrayBuffer());
  const pageP99 = async () => (await autocannon({ url: base + path, connections: PAGE_CONNECTIONS, duration: seconds, headers })).latency.p99;
  const quiet = await pageP99();

  let flooding = true;
  const answers = new Map<number, number>();
  const password = "1".repeat(128);
  const body = new URLSearchParams({ token: "x", password, confirmPassword: password }).toString();
  const flooder = async () => {
    while (flooding) {
      const response = await fetch(`${base}/admin/set-password`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      }).catch(() => null);
      await response?.arrayBuffer();
      const status = response?.status ?? 0;
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  };
  const flood = Array.from({ length: FLOOD_CONCURRENCY }, flooder);
  const busy = await pageP99();
  flooding = false;
  await Promise.all(flood);

  console.log(
    `\nCached page beside a set-password flood: ${path}, autocannon ${PAGE_CONNECTIONS} connections, ${seconds} s each; ` +
      `flood: ${FLOOD_CONCURRENCY} concurrent POST /admin/set-password (unknown link, 128 digits).`,
  );
  const flooded = [...answers].sort(([a], [b]) => a - b).map(([status, count]) => `${count} x ${status || "error"}`).join(", ");
  printTable(["measurement", "page p99", "flood answers"], [
    ["alone", `${quiet} ms`, "-"],
    ["during the flood", `${busy} ms`, flooded],
  ]);
}
