/**
 * Which requests the HTML cache may answer and under which key (see server/html-cache.ts): the
 * request target normalised by `pageUrl`, the consent choice, and only the query parameters a page
 * reads; React Router's own requests and anything with a staff cookie are never keyed.
 */
import type { IncomingMessage } from "node:http";
import { parseConsent } from "~/features/site/consent";
import { pageUrl } from "~/features/site/page-url";

/** Cookies that may accompany a cached page: the consent choice and Google Analytics' own. */
function onlyAnonymousCookies(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader.split(";").every((part) => {
    const name = part.split("=")[0]!.trim();
    return name === "" || name === "cookie_consent" || name === "_ga" || name === "_gid" || name.startsWith("_ga_");
  });
}

/** The portal, the API and the booking wizard with its manage pages, in any language (`/fr/book-consultation`). */
const UNCACHED_PATHS = /^\/(?:[a-z]{2}\/)?(?:admin|api|book-consultation)(?:\/|$)/i;

/** React Router's data requests (`/projects.data?category=...`, client navigation) and its `/__manifest` route discovery: never documents. */
const ROUTER_REQUEST_PATH = /\.data$|^\/__/;
/** Query parameters React Router reads itself (data requests, index route selection). */
const ROUTER_PARAMETERS = ["_routes", "_data", "index"];

/**
 * A request the cache may answer: its key, and whether a render of the request as sent may be
 * stored under that key (false: only a stored page answers it; a miss goes on untouched).
 */
export type CacheTarget = { key: string; storable: boolean };

/**
 * The cache key of a request (`url` is the request target as sent) and whether its render may be
 * stored, or null when the request must bypass the cache: not GET/HEAD, a malformed or non-normal
 * target, under /admin, /api or /book-consultation (with or without a language prefix) after normalisation, a React Router request
 * (`/__manifest`, `.data`, `_routes`, `index`, `_data`), an unbounded parameter (`q`, `preview`),
 * or a cookie other than the consent and analytics ones. See the module comment.
 */
export function cacheTarget(buildId: string, req: Pick<IncomingMessage, "method" | "url" | "headers">): CacheTarget | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const target = req.url ?? "/";
  const queryAt = target.indexOf("?");
  if (queryAt !== -1) {
    const query = new URLSearchParams(target.slice(queryAt + 1));
    if (ROUTER_PARAMETERS.some((name) => query.has(name))) return null;
  }
  const page = pageUrl(target);
  if (!page || !page.canonicalPath || /[A-Z]/.test(page.path) || page.uncachedQuery || UNCACHED_PATHS.test(page.path) || ROUTER_REQUEST_PATH.test(page.path)) {
    return null;
  }
  if (!onlyAnonymousCookies(req.headers.cookie)) return null;
  return { key: `${buildId}\n${parseConsent(req.headers.cookie) ?? "none"}\n${page.path}${page.search}`, storable: page.storable };
}
