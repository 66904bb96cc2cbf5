/**
 * Production smoke test: the default install (embedded PGlite, demo
 * content) starts from the build with the Node.js running this test, serves the home page, and
 * takes a booking through the wizard as a browser without JavaScript would. `.ci/run` runs it
 * under Node 24 as well as 20 (it spawns `process.execPath`).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type BenchServer } from "../../bench/lib";
import { bookThroughWizard } from "./support/booking";
import { SYSTEM_FORM_GUARD_MIN_MS, waitForFormGuard } from "./support/servers";

let server: BenchServer;
let base: string;

beforeAll(async () => {
  server = await startServer({
    label: "smoke",
    readyWithinMs: 180_000,
    env: ({ dataDir }) => ({ DATABASE_URL: "", PGLITE_DIR: `${dataDir}/pglite`, SEED_DEMO: "true", FORM_GUARD_MIN_MS: String(SYSTEM_FORM_GUARD_MIN_MS) }),
  });
  base = server.base;
});

afterAll(async () => {
  await server?.stop();
});

it(`starts, serves the home page and takes a booking on Node ${process.version}`, async () => {
  const home = await fetch(base);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Meridian Engineering");

  const booking = await bookThroughWizard(base, { name: "Smoke Test", email: "smoke@example.com" }, waitForFormGuard);
  expect(booking.status).toBe(302);
  expect(booking.confirmationHtml).toContain("Booking Confirmed!");
});
