/**
 * Analytics counting on two production instances: page views spread over both, with
 * a long write interval so every view is still in memory when SIGTERM arrives; after both stop,
 * PostgreSQL holds each view exactly once (nothing double-counted, nothing lost), and no IP
 * address or user agent.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServers, type Cluster } from "./support/servers";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const VIEWS_PER_INSTANCE = 60;

let cluster: Cluster;
let pool: pg.Pool;

beforeAll(async () => {
  // A minute between writes: nothing is written before the shutdown.
  cluster = await startServers(2, { env: { ANALYTICS_FLUSH_MS: "60000", DISABLE_JOBS: "true" } });
  pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
});

afterAll(async () => {
  await cluster?.stop();
  await pool?.end();
});

describe("analytics on two instances", () => {
  it("writes every pending view once when both are stopped with SIGTERM", async () => {
    for (const [n, server] of cluster.servers.entries()) {
      for (let i = 0; i < VIEWS_PER_INSTANCE; i += 1) {
        const response = await fetch(`${server.base}/${i % 2 ? "about" : ""}`, {
          headers: { "user-agent": CHROME, "x-forwarded-for": `81.2.${n}.${i}` },
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }
    expect(Number((await pool.query("select count(*) as n from analytics_events")).rows[0].n)).toBe(0);

    await Promise.all(cluster.servers.map((s) => s.kill("SIGTERM")));

    const rows = (await pool.query<{ path: string; n: string; visitors: string }>(
      "select path, count(*) as n, count(distinct visitor_hash) as visitors from analytics_events group by path order by path",
    )).rows;
    expect(rows.map((r) => [r.path, Number(r.n), Number(r.visitors)])).toEqual([
      ["/", VIEWS_PER_INSTANCE, VIEWS_PER_INSTANCE],
      ["/about", VIEWS_PER_INSTANCE, VIEWS_PER_INSTANCE],
    ]);
    const dump = JSON.stringify((await pool.query("select * from analytics_events")).rows);
    expect(dump).not.toContain("81.2.");
    expect(dump).not.toContain("Chrome/142");
  });
});
