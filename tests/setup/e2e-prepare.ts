/**
 * Runs before the browser-test server starts: a fresh embedded database with the demo content
 * and the fixtures the browser tests rely on (see tests/e2e/fixtures.ts for what they are).
 */
import { rmSync } from "node:fs";

// Emptied before the database module opens its folder.
rmSync(process.env.DATA_DIR ?? "./data/e2e", { recursive: true, force: true });

const { closeDatabase, migrate } = await import("~/db/client.server");
const { seedDemoContent } = await import("~/db/seed.server");
const { seedE2eFixtures } = await import("../e2e/fixtures");

await migrate();
await seedDemoContent();
await seedE2eFixtures();
await closeDatabase();
