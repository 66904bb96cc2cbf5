import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { paraglide } from "./paraglide.config.js";

// Every feature test runs on embedded PGlite (real PostgreSQL compiled to WebAssembly, one
// connection, a fresh in-memory database per file). When TEST_DATABASE_URL names a PostgreSQL
// server (CI sets it; see .ci/run), the files below run on it instead, once: what only a server
// with several connections and the `pg` driver shows. Each of those files gets a database of its
// own, copied from a template migrated once (tests/setup/postgres-database-per-file.ts), so they
// run in parallel too.
const include = ["app/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * The files that need real PostgreSQL: every route-level integration test (the `pg` driver's
 * types end to end, LISTEN/NOTIFY of the HTML cache, concurrent creates, the 1,000-run fuzz of the
 * public actions) and the feature tests of races and locks, which PGlite's single connection
 * serialises and so cannot show: concurrent bookings (`FOR UPDATE`) and engineer assignment,
 * concurrent reschedules, two mail workers, two webhook workers, two backup or retention runs, two
 * reminder runs, two analytics flushes, two calendar readers, two calendar writers, and the
 * first admin's advisory lock; and the feature tests whose SQL differs enough between the two to
 * matter (hashed link lookups, booking filters and manage links, campaign attribution, erasure).
 * A new test of a race or of SQL only a server has belongs here.
 */
const POSTGRES_TEST_FILES = [
  "tests/integration/**/*.test.ts",
  "app/db/seed/consultations.test.ts",
  "app/features/analytics/analytics.test.ts",
  "app/features/analytics/attribution.test.ts",
  "app/features/auth/bootstrap.test.ts",
  "app/features/auth/links-and-sessions.test.ts",
  "app/features/calendars/connections.test.ts",
  "app/features/calendars/event-writes.test.ts",
  "app/features/consultations/bookings/admin-bookings.test.ts",
  "app/features/consultations/core/bookings.test.ts",
  "app/features/consultations/engineers/engineers.test.ts",
  "app/features/consultations/wizard/reschedule.test.ts",
  "app/features/consultations/wizard/wizard-action.test.ts",
  "app/features/consultations/waiting-list/waiting-list.test.ts",
  "app/features/data-protection/erasure.test.ts",
  "app/features/data-protection/retention.test.ts",
  "app/features/enquiries/imap-import.test.ts",
  "app/features/enquiries/promise.test.ts",
  "app/features/jobs/worker.test.ts",
  "app/features/operations/daily-backup.test.ts",
  "app/features/webhooks/webhooks.test.ts",
];

const baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent", DISABLE_JOBS: "true", PUBLIC_URL: "http://localhost:3000" };

if (process.env.REQUIRE_POSTGRES_TESTS === "1" && !process.env.TEST_DATABASE_URL) {
  throw new Error("REQUIRE_POSTGRES_TESTS=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite would not run.");
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // app/root.tsx imports the enhancement script's URL from a module vite.config.ts makes; route
  // tests import root through their routes, so give them a stand-in URL.
  plugins: [
    paraglide(),
    {
      name: "enhance-url-stand-in",
      resolveId: (id) => (id === "virtual:enhance-url" ? "\0virtual:enhance-url" : null),
      load: (id) => (id === "\0virtual:enhance-url" ? 'export default "/assets/enhance.js";' : null),
    },
  ],
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // PGlite files then ran one by one beside an idle core. Feature tests share nothing on disk
    // (temporary folders) or in the database (PGlite per file; PostgreSQL files one at a time).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["tests/setup/pglite-template.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include,
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? POSTGRES_TEST_FILES : [])],
          env: { ...baseEnv, DATABASE_URL: "", PGLITE_DIR: "memory://" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: POSTGRES_TEST_FILES,
                setupFiles: ["tests/setup/postgres-database-per-file.ts"],
                env: { ...baseEnv, DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
