/**
 * What every request leaves behind: a request id (a fresh UUID,
 * also sent as `X-Request-Id`), one log line when the response ends, and the HTTP and
 * HTML-cache metrics. `server.js` calls the observer first for every request, so cache hits
 * answered before Express are logged and counted too.
 *
 * The log line is `{ requestId, route, method, status, durationMs, cache? }` and nothing else: no
 * path or query string (manage links, calendar feeds and reset links carry tokens in them), no
 * headers (cookies), no bodies, no client address. `route` is the React Router route id the path
 * matches (e.g. `routes/public/manage-booking`), or `static`, `uploads`, `healthz`, `readyz`,
 * `metrics`, which also keeps the metrics' label values few. A path whose `:lang?` segment is no
 * language prefix (`/foo`, `/en/about`) is always a 404 and is labelled as the not-found route.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { metrics } from "~/features/operations/metrics.server";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/utils/i18n";

/** The build's flat route manifest as the nested tree `matchRoutes` takes. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) =>
      r!.index
        ? { id: r!.id, path: r!.path, index: true, caseSensitive: r!.caseSensitive }
        : { id: r!.id, path: r!.path, caseSensitive: r!.caseSensitive, children: routeTree(routes, r!.id) },
    );
}

const FIXED_ROUTES: Record<string, string> = { "/healthz": "healthz", "/readyz": "readyz", "/metrics": "metrics" };

/** How many paths' route ids `createRouteResolver` remembers before it starts afresh. */
const REMEMBERED_PATHS = 2_000;

/** The first segments that are a language's prefix: every shipped language but English. */
const PREFIXES = new Set<string>(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE));

/**
 * A function from a request path to its route id: the deepest React Router match (a `.data`
 * request counts as its page), the fixed names above, `static` for built files and `uploads`.
 * A match whose `:lang` is no language prefix (`/foo` matches the home page's `:lang?`) is the
 * route's 404 whatever the settings offer, so it is labelled as the not-found route (`path: "*"`).
 * `matchRoutes` flattens and ranks the whole route tree on every call (a quarter of the CPU of a
 * cached page), so the answer for each path is remembered, for at most REMEMBERED_PATHS paths.
 */
export function createRouteResolver(routes: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(routes);
  const notFound = Object.values(routes).find((r) => r?.path === "*")?.id ?? "unmatched";
  const remembered = new Map<string, string>();
  const resolve = (pathname: string) => {
    if (FIXED_ROUTES[pathname]) return FIXED_ROUTES[pathname];
    if (pathname.startsWith("/assets/") || pathname.startsWith("/media/")) return "static";
    if (pathname.startsWith("/uploads/")) return "uploads";
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const match = matchRoutes(tree, page)?.at(-1);
    if (!match) return "unmatched";
    const noLanguage = match.route.path?.startsWith(":lang?") && match.params.lang !== undefined && !PREFIXES.has(match.params.lang);
    return noLanguage ? notFound : (match.route.id ?? "unmatched");
  };
  return (pathname) => {
    let id = remembered.get(pathname);
    if (id === undefined) {
      id = resolve(pathname);
      if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
      remembered.set(pathname, id);
    }
    return id;
  };
}

const ROUTE = Symbol("route");
const STARTED = Symbol("started");
const CACHE = Symbol("cache");
const ENDED = Symbol("ended");
type Observed = IncomingMessage & { [ROUTE]?: string; [STARTED]?: bigint; [CACHE]?: CacheResult; id?: string };
type ObservedResponse = ServerResponse & { [ENDED]?: true };

/** How the HTML cache answered a request (the `x-html-cache` header and the log line's `cache`). */
export type CacheResult = "hit" | "miss" | "bypass";

/** The route a request was counted under (set by the observer). */
const routeOf = (req: IncomingMessage) => (req as Observed)[ROUTE] ?? "unmatched";

/** The request id the observer gave `req` (a UUID), for the `X-Request-Id` header of its response. */
export function requestIdOf(req: IncomingMessage): string {
  return (req as Observed).id ?? "";
}

/**
 * Tells the observer how the HTML cache answered `req`, for a response written without
 * `setHeader` (an HTML-cache hit writes all its headers at once, so `getHeader` cannot see them).
 */
export function noteCacheResult(req: IncomingMessage, result: CacheResult): void {
  (req as Observed)[CACHE] = result;
}

/**
 * Builds the observer `server.js` calls at the start of each request. `resolveRoute` maps a path
 * to a route id (`createRouteResolver`); `logger` writes the request lines.
 *
 * The observer sets no header itself: a response that goes through Express gets `X-Request-Id`
 * from the first middleware (`server/app.ts`), one written at once (a cache hit, a refused Host)
 * puts `requestIdOf(req)` among its headers, since a header set beforehand would send node:http's
 * `writeHead` down its slow path. It adds three listeners, shared by every response (no closure per
 * request): the line and the metrics are written once, at `finish`, or at `close` for a response
 * the client abandoned, or at `error`.
 */
export function createRequestObserver({ resolveRoute, logger }: { resolveRoute: (pathname: string) => string; logger: Logger }) {
  /** The metric series of each route, method and status, found once (prom-client hashes its labels per call). */
  const series = new Map<string, { count: () => void; duration: (seconds: number) => void }>();
  const seriesOf = (route: string, method: string, status: number) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      const count = metrics.httpRequests.labels(route, method, String(status));
      const duration = metrics.httpDuration.labels(route, method, String(status));
      found = { count: () => count.inc(), duration: (seconds) => duration.observe(seconds) };
      // Routes, methods and statuses are few; a bound all the same.
      if (series.size >= 5_000) series.clear();
      series.set(key, found);
    }
    return found;
  };

  /** The HTML-cache counter of each result, bound once like the route series. */
  const cacheCounters = new Map<CacheResult, () => void>();
  const cacheCounter = (result: CacheResult) => {
    let found = cacheCounters.get(result);
    if (!found) {
      const counter = metrics.htmlCacheRequests.labels(result);
      found = () => counter.inc();
      cacheCounters.set(result, found);
    }
    return found;
  };

  function ended(this: ObservedResponse, error?: unknown): void {
    if (this[ENDED]) return;
    this[ENDED] = true;
    const req = this.req as Observed;
    const seconds = Number(process.hrtime.bigint() - req[STARTED]!) / 1e9;
    const route = routeOf(req);
    const method = methodOf(req);
    const status = this.statusCode;
    const header = this.getHeader("x-html-cache");
    const cache = req[CACHE] ?? (header === "hit" || header === "miss" || header === "bypass" ? header : undefined);
    // Metrics count answered requests only: not one the client abandoned before its end.
    if (this.writableFinished) {
      const metric = seriesOf(route, method, status);
      metric.count();
      metric.duration(seconds);
      if (cache) cacheCounter(cache)();
    }
    const line = { requestId: req.id, route, method, status, durationMs: Math.round(seconds * 100_000) / 100, ...(cache ? { cache } : {}) };
    if (error !== undefined || status >= 500) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : error === undefined ? `failed with status code ${status}` : "failed";
      logger.error({ ...line, error: reason }, "request failed");
    } else {
      logger.info(line, "request");
    }
  }
  return (req: IncomingMessage, res: ServerResponse): void => {
    const observed = req as Observed;
    observed[STARTED] = process.hrtime.bigint();
    observed[ROUTE] = resolveRoute(pathOf(req.url));
    observed.id = randomUUID();
    res.on("finish", ended);
    res.on("close", ended);
    res.on("error", ended);
  };
}

/** The path of a request target, without its query string ("/" for anything unparseable). */
function pathOf(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!;
  return path.startsWith("/") ? path : "/";
}

/** Standard methods as they are; anything else as `other` (label values stay few). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const methodOf = (req: IncomingMessage) => (METHODS.has(req.method ?? "") ? req.method! : "other");
