/**
 * Runs once before the system tests: they start `node server.js` in production mode, which serves
 * the build `npm run build` made (BUILD_DIR, default `build/`). Refuses to run without it rather
 * than test a stale or missing build by accident.
 */
import { existsSync } from "node:fs";
import path from "node:path";

export default function checkBuild(): void {
  const serverBundle = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  if (!existsSync(serverBundle)) {
    throw new Error(`No production build at ${serverBundle}: run \`npm run build\` before \`npm run test:system\`.`);
  }
}
