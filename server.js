// Process entry: serves the app in production (from the build) or development (through Vite),
// starts the background services, and shuts down gracefully on SIGTERM/SIGINT.
// Everything else (headers, static files, health checks, body rules, routes) is in server/app.ts.
import http from "node:http";
import express from "express";
import { compressionKeepingDrainListeners } from "./server/compression.js";

// Files and folders this process creates (PGlite's database, uploads, outbox mail, backups) are
// the server account's alone: 0600 and 0700 (app/utils/private-files.server.ts has the rule).
process.umask(0o077);

const DEV = process.env.NODE_ENV !== "production";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.PORT ?? 3000);
// Loopback unless HOST says otherwise: a public address needs the production settings
// that app/utils/env.server.ts checks before anything listens.
const HOST = process.env.HOST?.trim() || "127.0.0.1";

const app = express();
app.disable("x-powered-by");
app.use(compressionKeepingDrainListeners());

/** @type {{ start(): Promise<void>; stop(): Promise<void>; flushLogSync?: () => void; refuseBadHost?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean; refuseFloodingClient?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean; answerRedirect?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean; serveCachedPage?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean; observeRequest?: (req: http.IncomingMessage, res: http.ServerResponse) => void }} */
let services;
if (DEV) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  services = await vite.ssrLoadModule("./server/app.ts");
  app.use(async (req, res, next) => {
    try {
      const source = await vite.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const build = await import(`./${BUILD_DIR}/server/index.js`);
  services = build;
  app.use(build.app);
}

await services.start();
// Every request is observed first (request id, log line, metrics: server/observe.ts); a malformed
// Host header is answered 400 (server/host-header.ts); a client already refused for a flood of
// password attempts is answered 429 (`refuseFloodingClient`); an address with a redirect is answered
// from memory (server/redirects.ts); HTML cache hits are then answered before Express
// (server/app.ts `serveCachedPage`); the rest goes to it.
const server = http.createServer((req, res) => {
  services.observeRequest?.(req, res);
  if (services.refuseBadHost?.(req, res)) return;
  if (services.refuseFloodingClient?.(req, res)) return;
  if (services.answerRedirect?.(req, res)) return;
  if (!services.serveCachedPage?.(req, res)) app(req, res);
});
server.listen(PORT, HOST, () => {
  const shown = HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST.includes(":") ? `[${HOST}]` : HOST;
  console.log(`Server listening on http://${shown}:${PORT}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: closing the server`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await services.stop();
    // The request log is buffered (app/utils/logger.server.ts): its last lines are written now.
    services.flushLogSync?.();
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
