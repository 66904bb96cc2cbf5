/**
 * PostgreSQL stops and starts again under a running production server: the
 * process survives, pages answer the 503 page and /readyz 503 while the database is down (quickly,
 * no hanging) but for the pages already in the HTML cache, the job worker keeps running, and everything recovers without a restart.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServers, type Cluster } from "./support/servers";
import { createThrowawayPostgres, type ThrowawayPostgres } from "./support/throwaway-postgres";

let postgres: ThrowawayPostgres;
let cluster: Cluster;

beforeAll(async () => {
  postgres = await createThrowawayPostgres();
  // Fast job polling so the worker is busy with the database throughout.
  cluster = await startServers(1, { databaseUrl: postgres.url, env: { E2E_FAST_JOBS: "true" } });
});
afterAll(async () => {
  await cluster?.stop();
  await postgres?.destroy();
});

const get = async (path: string) => {
  const started = Date.now();
  const response = await fetch(`${cluster.servers[0].base}${path}`, { redirect: "manual" });
  return { status: response.status, text: await response.text(), ms: Date.now() - started };
};

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

it("survives a PostgreSQL stop and start: 503 while it is down, back to normal after", async () => {
  const server = cluster.servers[0];
  expect((await get("/book-consultation")).status).toBe(200);
  expect((await get("/readyz")).status).toBe(200);
  // Pages already in the HTML cache (no write can happen while the database is down, so they are
  // current) are still served during the outage: a content page and the contact page.
  for (const path of ["/about", "/contact"]) {
    await get(path);
    expect((await get(path)).status, path).toBe(200);
  }

  await postgres.stop();
  const about = await get("/about");
  expect(about.status).toBe(200);
  expect(about.text).toContain("About");
  expect((await get("/contact")).text).toContain("Send Message");
  for (const path of ["/book-consultation", "/admin/login", "/insights"]) {
    const page = await get(path);
    expect(page.status, path).toBe(503);
    expect(page.text, path).toContain("We'll be back shortly");
    expect(page.ms, path).toBeLessThan(10_000);
  }
  expect((await get("/readyz")).status).toBe(503);
  expect((await get("/healthz")).status).toBe(200);
  // The worker's loops hit the database for a few seconds meanwhile: the process stays up.
  await new Promise((r) => setTimeout(r, 3_000));
  expect(server.child.exitCode).toBeNull();
  expect((await get("/favicon.svg")).status).toBe(200);

  await postgres.start();
  await waitFor(async () => (await get("/readyz")).status === 200, 20_000);
  await waitFor(async () => (await get("/book-consultation")).status === 200, 10_000);
  expect((await get("/book-consultation")).text).not.toContain("We'll be back shortly");
  expect(server.child.exitCode).toBeNull();

  // A second outage and recovery works the same.
  await postgres.stop();
  expect((await get("/book-consultation")).status).toBe(503);
  await postgres.start();
  await waitFor(async () => (await get("/book-consultation")).status === 200, 20_000);
  expect(server.child.exitCode).toBeNull();
});
