/**
 * What every request leaves behind: a request id (a fresh UUID,
 * also sent as `X-Request-Id`), one pino-http log line when the response ends, and the HTTP and
 * HTML-cache metrics. `server.js` calls the observer first for every request, so cache hits
 * answered before Express are logged and counted too.
 *
 * The log line is `{ requestId, route, method, status, durationMs, cache? }` and nothing else: no
 * path or query string (manage links, calendar feeds and reset links carry tokens in them), no
 * headers (cookies), no bodies, no client address. `route` is the React Router route id the path
 * matches (e.g. `routes/public/manage-booking`), or `static`, `uploads`, `healthz`, `readyz`,
 * `metrics`, which also keeps the metrics' label values few.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import type { Logger } from "pino";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { metrics } from "~/features/operations/metrics.server";

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

/**
 * A function from a request path to its route id: the deepest React Router match (a `.data`
 * request counts as its page), the fixed names above, `static` for built files and `uploads`.
 * `matchRoutes` flattens and ranks the whole route tree on every call (a quarter of the CPU of a
 * cached page), so the answer for each path is remembered, for at most REMEMBERED_PATHS paths.
 */
export function createRouteResolver(routes: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(routes);
  const remembered = new Map<string, string>();
  const resolve = (pathname: string) => {
    if (FIXED_ROUTES[pathname]) return FIXED_ROUTES[pathname];
    if (pathname.startsWith("/assets/") || pathname.startsWith("/media/")) return "static";
    if (pathname.startsWith("/uploads/")) return "uploads";
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchRoutes(tree, page)?.at(-1)?.route.id ?? "unmatched";
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
type Observed = IncomingMessage & { [ROUTE]?: string; [STARTED]?: bigint; id?: string };

/** The route a request was counted under (set by the observer). */
const routeOf = (req: IncomingMessage) => (req as Observed)[ROUTE] ?? "unmatched";

/**
 * Builds the observer `server.js` calls at the start of each request. `resolveRoute` maps a path
 * to a route id (`createRouteResolver`); `logger` writes the request lines.
 */
export function createRequestObserver({ resolveRoute, logger }: { resolveRoute: (pathname: string) => string; logger: Logger }) {
  const log = pinoHttp({
    logger,
    genReqId: () => randomUUID(),
    customAttributeKeys: { reqId: "requestId" },
    // The only bindings are the request id: no `req`/`res` objects with headers or URLs.
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    customSuccessObject: (req, res, value) => lineOf(req, res, value.responseTime as number),
    customErrorObject: (req, res, error, value) => ({
      ...lineOf(req, res, value.responseTime as number),
      error: error instanceof Error ? error.message.slice(0, 200) : "failed",
    }),
  });

  return (req: IncomingMessage, res: ServerResponse): void => {
    const observed = req as Observed;
    observed[STARTED] = process.hrtime.bigint();
    observed[ROUTE] = resolveRoute(pathOf(req.url));
    log(req, res);
    res.setHeader("X-Request-Id", observed.id!);
    res.once("finish", () => {
      const labels = { route: routeOf(req), method: methodOf(req), status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - observed[STARTED]!) / 1e9);
      const cache = res.getHeader("x-html-cache");
      if (cache === "hit" || cache === "miss" || cache === "bypass") metrics.htmlCacheRequests.inc({ result: cache });
    });
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

function lineOf(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const cache = res.getHeader("x-html-cache");
  return {
    route: routeOf(req),
    method: methodOf(req),
    status: res.statusCode,
    durationMs,
    ...(typeof cache === "string" ? { cache } : {}),
  };
}
