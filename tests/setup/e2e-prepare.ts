/**
 * Runs before the browser-test server starts: a fresh embedded database with the demo content
 * and the fixtures the browser tests rely on (see tests/e2e/fixtures.ts for what they are).
 */
import { rmSync } from "node:fs";
import { closeDatabase, migrate } from "~/db/client.server";
import { seedDemoContent } from "~/db/seed.server";
import { env } from "~/utils/env.server";
import { seedE2eFixtures } from "../e2e/fixtures";

rmSync(env.DATA_DIR, { recursive: true, force: true });
await migrate();
await seedDemoContent();
await seedE2eFixtures();
await closeDatabase();
