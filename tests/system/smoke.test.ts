/**
 * Production smoke test: the default install (embedded PGlite, demo
 * content) starts from the build with the Node.js running this test, serves the home page, and
 * takes a booking through the wizard as a browser without JavaScript would. `.ci/run` runs it
 * under Node 24 as well as 20 (it spawns `process.execPath`).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type BenchServer } from "../../bench/lib";
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

  // The wizard as plain HTML: a type, the first offered slot, the details form, confirm.
  const types = await (await fetch(`${base}/book-consultation`)).text();
  const typeId = /name="type" value="([^"]+)"/.exec(types)?.[1];
  expect(typeId, "a consultation type is offered").toBeTruthy();
  // The first week with a free slot (the demo slots start on the next working days).
  let slotId: string | undefined;
  let week = await (await fetch(`${base}/book-consultation?step=2&type=${typeId}`)).text();
  for (let i = 0; i < 3 && !slotId; i++) {
    slotId = /name="slot" value="([^"]+)"/.exec(week)?.[1];
    const next = /href="([^"]*step=2[^"]*week=[^"]+)"[^>]*>[^<]*(?:<[^>]+>)*[^<]*Next/i.exec(week)?.[1];
    if (!slotId && next) week = await (await fetch(new URL(next.replaceAll("&amp;", "&"), base))).text();
  }
  expect(slotId, "a slot is offered").toBeTruthy();
  const details = await (await fetch(`${base}/book-consultation?step=3&type=${typeId}&slot=${slotId}`)).text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(details)?.[1];
  expect(formToken).toBeTruthy();
  await waitForFormGuard();

  const booked = await fetch(`${base}/book-consultation?step=4&type=${typeId}&slot=${slotId}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "confirm",
      formToken: formToken!,
      website: "",
      typeId: typeId!,
      slotId: slotId!,
      idempotencyKey: crypto.randomUUID(),
      name: "Smoke Test",
      email: "smoke@example.com",
      projectType: "commercial",
      projectDescription: "A smoke test of the production build.",
    }),
  });
  expect(booked.status).toBe(302);
  const confirmation = await fetch(new URL(booked.headers.get("location")!, base));
  expect(confirmation.status).toBe(200);
  expect(await confirmation.text()).toContain("Booking Confirmed!");
});
