/**
 * The Express application, in this order: security headers (on every response), the built static
 * files in production, health checks, request-body rules, uploads, the HTML cache, then React Router.
 * In production `server.js` first offers each request to `serveCachedPage` (HTML cache hits).
 * Built into the server bundle (see vite.config.ts) so it shares every module with the routes.
 * `start()` and `stop()` are called by `server.js` around listening.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import proxyAddress from "proxy-addr";
import { createRequestHandler as createFetchHandler, type AppLoadContext } from "react-router";
import { closeDatabase, db, isDatabaseReady, isDatabaseUnavailable, migrate } from "~/db/client.server";
import { sealPlainMailBodies } from "~/features/mail/outbox.server";
import { seedDemoContent } from "~/db/seed.server";
import { countPageView, startAnalytics, stopAnalytics } from "~/features/analytics/runtime.server";
import { startJobs, stopJobs } from "~/features/jobs/worker.server";
import { ensureFirstAdmin } from "~/features/auth/bootstrap.server";
import { refusedPasswordClient, tooManyPasswordAttemptsPage, type RefusedForm } from "~/features/auth/password-attempts.server";
import { watchContentState } from "~/features/site/content-version.server";
import { canonicalPageLocation } from "~/features/site/page-url";
import { HOUR_MS, secondsUntilWindowEnds } from "~/features/abuse/limits.server";
import { UNAVAILABLE_HEADERS, UNAVAILABLE_PAGE } from "~/features/site/unavailable.server";
import { uploadsRouter } from "~/features/media/storage.server";
import { metrics, reportHtmlCacheSize } from "~/features/operations/metrics.server";
import { env, isProduction, isPublicProduction, trustProxyWarning } from "~/utils/env.server";
import { flushLogSync as flushLog, logger } from "~/utils/logger.server";
import { countNotFound, countRedirectHit, findRedirect, redirectsFollowContent, startRedirects, stopRedirects } from "~/features/redirects/runtime.server";
import { createHtmlCache } from "./html-cache";
import { refuseMalformedHost } from "./host-header";
import { createRequestObserver, createRouteResolver, noteCacheResult, requestIdOf } from "./observe";
import { createRedirectResponder } from "./redirects";
import { requestBodyRules } from "./request-body";
import { retryAfterOnEvery429 } from "./retry-after";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request CSP nonce for inline scripts; undefined in development. */
    cspNonce?: string;
    /** The client's address as Express sees it (trust proxy applied). */
    clientIp: string;
    /**
     * Set by entry.server when the document is rendered without hydration (a public page, the same
     * for every anonymous visitor under its cache key): the HTML cache may store it.
     */
    htmlCacheable?: boolean;
    /** Set by a loader that fell back to an empty state after a failed read: never cached. */
    renderDegraded?: boolean;
  }
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);

// Every 429 says when to come back: the rate limits in LIMITS count in fixed hour windows, so a
// refusal that did not set its own wait is told the seconds until the current window ends.
app.use(retryAfterOnEvery429(() => secondsUntilWindowEnds(HOUR_MS, new Date())));

app.use((req, res, next) => {
  // The observer (server/observe.ts) gave the request its id; it sets no header itself.
  res.setHeader("X-Request-Id", requestIdOf(req));
  res.locals.cspNonce = isProduction ? randomBytes(16).toString("base64") : undefined;
  next();
});

app.use(
  helmet({
    // In development Vite injects styles and scripts that cannot carry a nonce.
    contentSecurityPolicy: isProduction
      ? {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              "https://www.googletagmanager.com",
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", "https:"],
            mediaSrc: ["'self'", "https:"],
            connectSrc: ["'self'", "https://*.google-analytics.com", "https://www.googletagmanager.com"],
            fontSrc: ["'self'", "data:"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: env.PUBLIC_URL.startsWith("https:") ? [] : null,
          },
        }
      : false,
    // `no-referrer` makes Chromium send `Origin: null` on plain form posts (`docs/stack-notes.md`).
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction && env.PUBLIC_URL.startsWith("https:"),
  }),
);

if (isProduction) {
  // The browser build sits beside this server bundle (build/server/index.js -> build/client).
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
  // Hashed assets never change: cache them for a year. Scripts and stylesheets are sent as the
  // build compressed them (brotli at quality 11, gzip at level 9: vite.config.ts) to a browser that
  // accepts it, so `compression` leaves them alone.
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // Demo and placeholder media under /media are replaced by new file names, never edited in place.
  app.use("/media", express.static(path.join(clientDir, "media"), { maxAge: "30d" }));
  app.use(express.static(clientDir, { maxAge: "1h" }));
}

/** True when `header` is `Bearer <METRICS_TOKEN>` (compared in constant time). */
function hasMetricsToken(header: string | undefined): boolean {
  if (!env.METRICS_TOKEN || !header?.startsWith("Bearer ")) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header.slice("Bearer ".length)), digest(env.METRICS_TOKEN));
}

/** Writes the registry in the Prometheus text format. */
async function sendMetrics(res: ServerResponse): Promise<void> {
  const body = await metrics.registry.metrics();
  res.writeHead(200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" }).end(body);
}

// Prometheus metrics: only with the bearer token; without METRICS_TOKEN the path does
// not exist here (METRICS_PORT serves it on loopback instead). Before the database check: an
// operator needs metrics most while the database is down.
app.get("/metrics", (req, res, next) => {
  if (!env.METRICS_TOKEN) return next();
  if (!hasMetricsToken(req.get("authorization"))) {
    res.status(401).set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" }).type("text/plain").send("A valid bearer token is required.\n");
    return;
  }
  sendMetrics(res).catch(next);
});

app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  const ready = await isDatabaseReady();
  res.set("Cache-Control", "no-store").status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", database: ready });
});

// While PostgreSQL is unreachable every other request gets the 503 page at once (no hanging on
// the pool); a probe in client.server.ts lifts this as soon as the database answers again.
app.use((_req, res, next) => {
  if (!isDatabaseUnavailable()) return next();
  res.status(503).set(UNAVAILABLE_HEADERS).send(UNAVAILABLE_PAGE);
});

app.use(requestBodyRules());

// One address per public page (`canonicalPageLocation`): `/About`, `/%61bout` or `/about/` answer
// 301 to `/about`, so search engines and analytics see one page, not several.
app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const location = canonicalPageLocation(req.originalUrl);
  if (!location) return next();
  res.redirect(301, location);
});

// First-party analytics: every public document answered 200 as HTML is counted once
// it is sent; `countPageView` only keeps a few header values (see features/analytics). A document
// answered 404 goes to the 404 log the same way (features/redirects).
app.use((req, res, next) => {
  if (req.method === "GET") {
    res.on("finish", () => {
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      if (res.statusCode === 200) countPageView(req);
      else if (res.statusCode === 404) countNotFound(req);
    });
  }
  next();
});

app.use("/uploads", uploadsRouter());

const build = () => import("virtual:react-router/server-build");
const getLoadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
  cspNonce: res.locals.cspNonce as string | undefined,
  clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
});

/** Upper bound of the HTML cache's memory (all encodings of all pages), in bytes. */
const HTML_CACHE_MAX_BYTES = 64 * 1024 * 1024;

// Anonymous public pages from memory (ADR "HTML cache"); off in development, where code changes under it.
const htmlCache = isProduction
  ? createHtmlCache({
      buildId: (await build()).assets.version,
      maxBytes: HTML_CACHE_MAX_BYTES,
      handler: createFetchHandler(build, "production"),
      getLoadContext,
      canStore: () => !isDatabaseUnavailable(),
      onEvict: () => metrics.htmlCacheEvictions.inc(),
    })
  : null;
if (htmlCache) {
  app.use(htmlCache.middleware);
  reportHtmlCacheSize(htmlCache.stats);
}

const observe = createRequestObserver({ resolveRoute: createRouteResolver((await build()).routes), logger });

/**
 * Starts observing a request: request id header, one log line and the metrics when it ends
 * (`server/observe.ts`). `server.js` calls it first for every request.
 */
export function observeRequest(req: IncomingMessage, res: ServerResponse): void {
  observe(req, res);
}

/**
 * Answers 400 to a request whose Host (or, from a trusted proxy, X-Forwarded-Host/-Proto) is
 * malformed and returns true (`server/host-header.ts`); else false. `server.js` calls it
 * before the HTML cache and Express, whose adapter cannot build a URL from such a header.
 */
export function refuseBadHost(req: IncomingMessage, res: ServerResponse): boolean {
  return refuseMalformedHost(req, res, trustsProxy, requestIdOf(req));
}

const redirectResponder = createRedirectResponder({ find: findRedirect, onHit: countRedirectHit });

/**
 * Answers a request that has a redirect (301, 302 or 410: `server/redirects.ts`) and returns
 * true; else false. `server.js` calls it before the HTML cache, so an old address is answered
 * from memory, whatever is cached.
 */
export function answerRedirect(req: IncomingMessage, res: ServerResponse): boolean {
  return redirectResponder(req, res, requestIdOf(req));
}

/** Pause before a flooding client's refusal is sent, in ms: its next attempt waits for it. */
const FLOOD_REFUSAL_DELAY_MS = 1_000;
/** Refusals held back at once (memory bound); past it they are sent at once. */
const FLOOD_REFUSALS_HELD_MAX = 1_000;
let floodRefusalsHeld = 0;

/** The forms whose floods are answered before routing, by path: what each counts (`RefusedForm`). */
const FLOODED_FORMS: Record<string, RefusedForm> = { "/admin/set-password": "password", "/admin/login": "sign-in" };

/**
 * Answers 429 (with `Retry-After`) and a small page to a document `POST /admin/set-password` or
 * `POST /admin/login` from a client this instance already refused for too many password or
 * sign-in attempts, and returns true; else false.
 * `server.js` calls it before the HTML cache and Express: the rest of a flood costs a Map lookup
 * and a precomputed page, no body parsing, rendering or database work, and each refusal is sent
 * after a one-second pause, so a client looping on the form makes few requests. A browser's
 * `.data` request goes on to the action, which answers its own 429 in the shape the page reads.
 */
export function refuseFloodingClient(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "POST") return false;
  const url = req.url ?? "";
  const query = url.indexOf("?");
  const target = (query === -1 ? url : url.slice(0, query)).toLowerCase().replace(/\/$/, "");
  const form = FLOODED_FORMS[target];
  if (!form) return false;
  const retryAfter = refusedPasswordClient(proxyAddress(req, trustsProxyAtHop), form);
  if (retryAfter === null) return false;
  const send = () => {
    res.writeHead(429, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfter),
      // Answered before helmet: the page's own policy (inline styles, its favicon, no frames).
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
    res.end(tooManyPasswordAttemptsPage(retryAfter));
  };
  if (floodRefusalsHeld >= FLOOD_REFUSALS_HELD_MAX) {
    send();
    return true;
  }
  floodRefusalsHeld++;
  let held = true;
  const release = () => {
    if (!held) return false;
    held = false;
    floodRefusalsHeld--;
    return true;
  };
  const timer = setTimeout(() => {
    if (release() && !res.destroyed) send();
  }, FLOOD_REFUSAL_DELAY_MS);
  res.once("close", () => {
    clearTimeout(timer);
    release();
  });
  return true;
}

/** Express's "trust proxy fn" as proxy-addr calls it (address, hop). */
function trustsProxyAtHop(address: string, hop: number): boolean {
  return (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(address, hop);
}

/** Express's "trust proxy fn" at hop 0, remembered per address (it parses the address on every call). */
const trustedAddresses = new Map<string, boolean>();
function trustsProxy(address: string): boolean {
  let trusted = trustedAddresses.get(address);
  if (trusted === undefined) {
    const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    trusted = trust(address, 0);
    if (trustedAddresses.size >= 1_000) trustedAddresses.clear();
    trustedAddresses.set(address, trusted);
  }
  return trusted;
}

/**
 * Answers a request from the HTML cache with plain node:http when it holds the page (true), else
 * does nothing (false). `server.js` calls it before Express, so a hit costs a remembered key, a
 * Map lookup and one write of a precomputed header list; the stored headers are the storing
 * response's, helmet's included. The hit is counted for analytics and noted for the log line.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  if (!htmlCache?.serveHit(req, res, requestIdOf(req))) return false;
  noteCacheResult(req, "hit");
  if (res.statusCode === 200) countPageView(req);
  return true;
}

app.all("/{*splat}", createRequestHandler({ build, getLoadContext }));

let stopWatchingContent: (() => Promise<void>) | null = null;
let metricsServer: http.Server | null = null;

/** `/metrics` without a token on METRICS_PORT of 127.0.0.1 only (for a Prometheus on this machine). */
async function startMetricsServer(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url?.split("?")[0] === "/metrics") {
      sendMetrics(res).catch(() => res.writeHead(500).end());
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}

/** Migrates, seals mail bodies an older version queued in plain text, seeds demo content once, creates the first admin, starts the mail worker. */
export async function start(): Promise<void> {
  if (isProduction && !env.BETTER_AUTH_SECRET) {
    logger.warn("BETTER_AUTH_SECRET is not set: using a random secret for this local run (sessions and open forms end at restart).");
  }
  if (isPublicProduction && !env.SMTP_URL) {
    logger.warn("SMTP_URL is not set: mail is written to DATA_DIR/outbox as .eml files, working links included, and reaches nobody. Set SMTP_URL to send it.");
  }
  const proxyWarning = trustProxyWarning(env);
  if (proxyWarning) logger.warn(proxyWarning);
  await migrate();
  await sealPlainMailBodies(db);
  if (env.SEED_DEMO ?? !isPublicProduction) await seedDemoContent();
  await ensureFirstAdmin();
  if (!env.DISABLE_JOBS) startJobs();
  startAnalytics(app.get("trust proxy fn"));
  await startRedirects(app.get("trust proxy fn"));
  // Every change of public content (redirects included) drops cached pages and reloads the redirects.
  stopWatchingContent = watchContentState((state) => {
    htmlCache?.applyContentState(state);
    redirectsFollowContent(state.version);
  });
  if (env.METRICS_PORT) metricsServer = await startMetricsServer(env.METRICS_PORT);
  logger.info({ database: env.DATABASE_URL ? "postgres" : "pglite" }, "services started");
}

/** Writes the buffered log lines now, synchronously; `server.js` calls it last at shutdown. */
export function flushLogSync(): void {
  flushLog();
}

/** Stops the worker, writes the pending page views and closes the database (graceful shutdown). */
export async function stop(): Promise<void> {
  await stopWatchingContent?.();
  await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
  await stopJobs();
  await stopAnalytics().catch((error: unknown) => logger.error({ err: error }, "analytics: pending page views could not be written at shutdown"));
  await stopRedirects().catch((error: unknown) => logger.error({ err: error }, "redirects: pending hits and 404s could not be written at shutdown"));
  await closeDatabase();
}
