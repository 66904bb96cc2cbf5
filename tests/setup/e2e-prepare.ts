/**
 * Runs before the browser-test server starts: a fresh database (embedded, or PostgreSQL when
 * DATABASE_URL names one) with the demo content and the fixtures the browser tests rely on (see
 * tests/e2e/fixtures.ts for what they are).
 */
import { rmSync } from "node:fs";

// Emptied before the database module opens its folder.
rmSync(process.env.DATA_DIR ?? "./data/e2e", { recursive: true, force: true });

// On PostgreSQL (DATABASE_URL, see playwright.config.ts), the database is made afresh.
if (process.env.DATABASE_URL) {
  const { recreateDatabase } = await import("../../bench/lib");
  const url = new URL(process.env.DATABASE_URL);
  await recreateDatabase(Object.assign(new URL(url), { pathname: "/postgres" }).toString(), url.pathname.slice(1));
}

const { closeDatabase, migrate } = await import("~/db/client.server");
const { seedDemoContent } = await import("~/db/seed.server");
const { seedE2eFixtures } = await import("../e2e/fixtures");

await migrate();
await seedDemoContent();
await seedE2eFixtures();
await closeDatabase();
