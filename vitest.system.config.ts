import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Post-build system tests (tests/system): each file starts production servers (`node server.js`
// from the build `npm run build` made), so they run after the build inside `npm test`. Each file
// gets a PostgreSQL database of its own on the server of TEST_DATABASE_URL (a copy of a template
// migrated once, tests/setup/postgres-database-per-file.ts), so two files run side by side.
const databaseUrl = process.env.TEST_DATABASE_URL;

if (!databaseUrl) {
  if (process.env.REQUIRE_POSTGRES_TESTS === "1") {
    throw new Error("REQUIRE_POSTGRES_TESTS=1 but TEST_DATABASE_URL is not set: the system tests would not run.");
  }
  console.warn("TEST_DATABASE_URL is not set: skipping the system tests (tests/system).");
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "system",
    include: databaseUrl ? ["tests/system/**/*.test.ts"] : [],
    passWithNoTests: !databaseUrl,
    globalSetup: databaseUrl ? ["tests/system/support/global-setup.ts"] : [],
    setupFiles: databaseUrl ? ["tests/setup/postgres-database-per-file.ts"] : [],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent", DISABLE_JOBS: "true", DATABASE_URL: databaseUrl ?? "" },
  },
});
