/**
 * Where a worker thread's module is: the production build bundles each worker beside the server
 * (`build/server/<name>.js`, by `vite.config.ts`'s `workerBundles`), found beside the server's
 * entry or one folder up from a chunk; without a build (development, Vitest, scripts run by tsx)
 * the worker's `<name>.dev.mjs` beside its source loads the TypeScript through tsx.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The path of worker `name` for a module at `moduleUrl` (its `import.meta.url`): the built
 * `<name>.js` when there is one, else `devShim` (a URL of the `.dev.mjs` beside the source).
 * Throws, naming the paths looked at, when neither exists.
 */
export function workerFile(moduleUrl: string, name: string, devShim: URL): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  const candidates = [path.join(here, `${name}.js`), path.join(here, "..", `${name}.js`), fileURLToPath(devShim)];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`The worker ${name} is missing (looked for ${candidates.join(", ")}); run npm run build.`);
  return found;
}
