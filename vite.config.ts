import { readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { paraglide } from "./paraglide.config.js";

/** The progressive-enhancement module of the pages sent without React (ADR 0006-perf). */
const ENHANCE_ENTRY = "app/enhance/site.ts";
const ENHANCE_ID = "virtual:enhance-url";

/**
 * Builds `app/enhance/site.ts` into one self-contained file (a hashed `assets/enhance-*.js`, with
 * everything it imports bundled in) and exposes its public URL as
 * `import enhanceUrl from "virtual:enhance-url"`. One file, not a client entry of the route build:
 * an entry shares modules with the portal's route chunks (the date formatters, the projects'
 * query), so the browser learnt of each shared chunk only after the entry arrived, a chain of
 * three requests before the page's first paint on a slow phone (Lighthouse counted the chain in
 * its LCP). In development Vite serves the source module itself. The server build runs after the
 * client build and reads the client's Vite manifest, as React Router does; in the browser
 * (hydrated pages) the URL is read back from the server-rendered `<script data-enhance>`, so
 * hydration matches.
 */
function enhanceEntry(): Plugin {
  let command: "build" | "serve" = "serve";
  let clientOutDir = "";
  return {
    name: "meridian:enhance-entry",
    configResolved(config) {
      command = config.command;
      clientOutDir = path.resolve(config.root, process.env.BUILD_DIR ?? "build", "client");
    },
    async buildStart() {
      const { build } = this.environment.config;
      if (command !== "build" || build.ssr) return;
      const { build: bundle } = await import("esbuild");
      const result = await bundle({
        entryPoints: [ENHANCE_ENTRY],
        bundle: true,
        write: false,
        format: "esm",
        minify: true,
        target: build.target || undefined,
        platform: "browser",
        logLevel: "warning",
      });
      const source = result.outputFiles[0]!.contents;
      this.emitFile({ type: "asset", name: "enhance.js", originalFileName: ENHANCE_ENTRY, source });
    },
    resolveId(id) {
      return id === ENHANCE_ID ? `\0${ENHANCE_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${ENHANCE_ID}`) return undefined;
      if (command === "serve") return `export default ${JSON.stringify(`/${ENHANCE_ENTRY}`)};`;
      if (!this.environment.config.build.ssr) {
        return `export default document.querySelector("script[data-enhance]")?.getAttribute("src") ?? "";`;
      }
      const manifest = JSON.parse(readFileSync(path.join(clientOutDir, ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
      const chunk = manifest[ENHANCE_ENTRY];
      if (!chunk) throw new Error(`${ENHANCE_ENTRY} is missing from the client build`);
      return `export default ${JSON.stringify(`/${chunk.file}`)};`;
    },
  };
}

/**
 * Bundles each worker thread's module on its own beside the server build, after it is written:
 * the calendar worker (`app/features/calendars/ics-worker.ts`, run by `ics-pool.server.ts`) as
 * `<build>/server/ics-worker.js` and the WordPress export reader
 * (`app/features/wordpress/parse.worker.ts`, run by `parse.server.ts`) as `wxr-worker.js`. A
 * worker thread loads its module by path (`app/utils/worker-file.server.ts`), and a chunk shared
 * with the server would run the server's start-up code in the worker too. Dependencies stay
 * imports of node_modules, as in the server build.
 */
function workerBundles(): Plugin {
  return {
    name: "meridian:worker-bundles",
    apply: "build",
    async writeBundle(options) {
      if (!this.environment.config.build.ssr || !options.dir) return;
      const { build } = await import("esbuild");
      await build({
        entryPoints: { "ics-worker": "app/features/calendars/ics-worker.ts", "wxr-worker": "app/features/wordpress/parse.worker.ts" },
        outdir: options.dir,
        bundle: true,
        platform: "node",
        format: "esm",
        packages: "external",
        logLevel: "warning",
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is the Express app, so the server and the routes share one
  // instance of every module (one database connection, one logger).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    paraglide(),
    reactRouter(),
    enhanceEntry(),
    workerBundles(),
    // The browser build's scripts and stylesheets also written brotli-compressed at quality 11 and
    // gzip-compressed at level 9 (`.br`, `.gz` beside each), which server/app.ts serves as they
    // are: the best compression once, at build, not a quick one on every request.
    ...(isSsrBuild ? [] : [compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(?:js|css)$/, threshold: 1024 })]),
  ],
  optimizeDeps: { include: ["radix-ui", "sonner", "lucide-react", "better-auth/react"] },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "pino", "pino-pretty"] },
}));
