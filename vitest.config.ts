import { defineConfig } from "vitest/config";

// Feature tests run on embedded PGlite always, and again on real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it; see .ci/run). The PostgreSQL project runs files one at a
// time because they share one database.
const include = ["app/**/*.test.ts", "tests/integration/**/*.test.ts"];
const baseEnv = { NODE_ENV: "test", LOG_LEVEL: "silent", DISABLE_JOBS: "true", PUBLIC_URL: "http://localhost:3000" };

if (process.env.REQUIRE_POSTGRES_TESTS === "1" && !process.env.TEST_DATABASE_URL) {
  throw new Error("REQUIRE_POSTGRES_TESTS=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite would not run.");
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // app/root.tsx imports the enhancement script's URL from a module vite.config.ts makes; route
  // tests import root through their routes, so give them a stand-in URL.
  plugins: [
    {
      name: "enhance-url-stand-in",
      resolveId: (id) => (id === "virtual:enhance-url" ? "\0virtual:enhance-url" : null),
      load: (id) => (id === "\0virtual:enhance-url" ? 'export default "/assets/enhance.js";' : null),
    },
  ],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "pglite", include, env: { ...baseEnv, DATABASE_URL: "", PGLITE_DIR: "memory://" } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include,
                fileParallelism: false,
                env: { ...baseEnv, DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
