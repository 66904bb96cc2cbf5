import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "app/utils/paraglide/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Imports run one way (docs/architecture.md, "Layers"): entry points (server, scripts, routes,
  // browser enhancements, the seed) -> features -> components -> database -> utils. A browser
  // module (any feature file but `*.server.ts`) may import the database's types, never its code.
  // Tests sit above every layer.
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true } },
      "boundaries/files": [
        { category: "test", pattern: ["**/*.test.{ts,tsx}", "tests/**", "app/features/*/test-factories.ts"] },
        { category: "server", pattern: ["**/*.server.{ts,tsx}"] },
      ],
      "boundaries/elements": [
        { type: "entry", pattern: ["server.js", "server/**", "scripts/**", "bench/**", "*.config.{ts,js}", "tests/**"], mode: "full" },
        { type: "route", pattern: ["app/routes/**", "app/routes.ts", "app/root.tsx", "app/entry.server.tsx"], mode: "full" },
        { type: "enhance", pattern: "app/enhance/**", mode: "full" },
        { type: "seed", pattern: ["app/db/seed/**", "app/db/seed.server.ts"], mode: "full" },
        { type: "feature", pattern: "app/features/*", capture: ["name"], partialMatch: false },
        { type: "components", pattern: ["app/components/**", "app/content/**"], mode: "full" },
        { type: "db", pattern: "app/db/**", mode: "full" },
        { type: "utils", pattern: "app/utils/**", mode: "full" },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            { from: { file: { categories: "test" } }, allow: { to: { element: { types: { anyOf: ["entry", "route", "enhance", "seed", "feature", "components", "db", "utils"] } } } } },
            { from: { element: { type: "entry" } }, allow: { to: { element: { types: { anyOf: ["entry", "route", "seed", "feature", "components", "db", "utils"] } } } } },
            { from: { element: { type: "route" } }, allow: { to: { element: { types: { anyOf: ["route", "feature", "components", "db", "utils"] } } } } },
            { from: { element: { type: "enhance" } }, allow: { to: { element: { types: { anyOf: ["enhance", "feature", "components", "utils"] } } } } },
            { from: { element: { type: "seed" } }, allow: { to: { element: { types: { anyOf: ["seed", "feature", "components", "db", "utils"] } } } } },
            { from: { element: { type: "feature" } }, allow: { to: { element: { types: { anyOf: ["feature", "components", "utils"] } } } } },
            { from: { element: { type: "feature" }, file: { categories: "server" } }, allow: { to: { element: { type: "db" } } } },
            { from: { element: { type: "feature" } }, allow: { to: { element: { type: "db" } }, dependency: { kind: "type" } } },
            { from: { element: { type: "components" } }, allow: { to: { element: { types: { anyOf: ["components", "utils"] } } } } },
            { from: { element: { type: "db" } }, allow: { to: { element: { types: { anyOf: ["db", "utils"] } } } } },
            { from: { element: { type: "utils" } }, allow: { to: { element: { type: "utils" } } } },
          ],
        },
      ],
      "boundaries/no-unknown-files": "error",
    },
  },
);
