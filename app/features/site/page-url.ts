/**
 * The one definition of "which page was asked for", shared by the HTML cache
 * (`server/html-cache.ts`) and page-view analytics: a request target reduced to its
 * normalised path and the query parameters that page actually reads.
 *
 * Normalisation ({@link normaliseRequestTarget}): an absolute-form target
 * (`GET http://host/about HTTP/1.1`) keeps only its path; dot segments are removed (`/./a/../b`
 * is `/b`, `%2e` counts as a dot); repeated slashes become one and a trailing slash is dropped
 * (but `/` stays); each segment is percent-decoded (`/%62ook-consultation` is
 * `/book-consultation`; an encoded `/` stays `%2F`, so segments never change). Case is kept: slugs
 * are case-sensitive.
 *
 * Query parameters ({@link PAGE_QUERY_PARAMETERS}): a page is keyed, counted and rendered only on
 * the parameters it reads, with values it accepts; every other parameter (`utm_*`, `fbclid`,
 * `gclid`, `trk`, junk) is ignored. A parameter marked `"uncached"` (free-text search, preview
 * links) makes the page one the cache must not store, since its values are unbounded.
 *
 * Normalisation only names the page: it decides the HTML cache key, the analytics path and whether
 * a stored page may answer. It never rewrites the request a handler receives (see
 * `server/html-cache.ts`): `storable` says when a render of the target as sent may be stored under
 * the clean key, i.e. when it cannot differ from a render of the clean URL.
 */
import { PROJECT_CATEGORY_FILTERS } from "~/features/projects/query";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/utils/i18n";
import { encodeForLocation } from "~/utils/location-path";

/** How a page treats one query parameter: the values that change the page, or never cache it. */
export type PageQueryParameter = { values: readonly string[] } | "uncached";

/** The query parameters a group of public paths reads (`path` tests the normalised path). */
export type PageQueryRule = { path: RegExp; parameters: Record<string, PageQueryParameter> };

/**
 * Every public page that reads its query string, and what it reads. Any path not listed reads none.
 * Keep in step with the loaders: `/projects`, also under a language prefix (`parseProjectListQuery`: `category`, `q`),
 * `/projects/:slug` and `/insights/:slug`, also under a language prefix (`preview` links), and the site studio's pages (`/`,
 * `/about`, `/services`, `/services/commercial`, `/services/humanitarian`, `/contact`, `/privacy`,
 * `/terms`: `preview` links of a page draft; `/fr`, `/fr/about`, `/fr/services` ..., `/fr/contact`, `/fr/privacy`, `/fr/terms`: of a page's translation). Values are
 * compared lower-cased.
 */
export const PAGE_QUERY_PARAMETERS: readonly PageQueryRule[] = [
  {
    path: /^\/(?:[a-z]{2}\/)?projects$/,
    // "all" is the same page as no category.
    parameters: { category: { values: PROJECT_CATEGORY_FILTERS.filter((c) => c !== "all") }, q: "uncached" },
  },
  { path: /^\/(?:[a-z]{2}\/)?(?:projects|insights)\/[^/]+$/, parameters: { preview: "uncached" } },
  { path: /^\/[a-z]{2}(?:\/about|\/contact|\/privacy|\/terms|\/services|\/services\/commercial|\/services\/humanitarian)?$/, parameters: { preview: "uncached" } },
  { path: /^\/(?:|about|services|services\/commercial|services\/humanitarian|contact|privacy|terms)$/, parameters: { preview: "uncached" } },
];

/**
 * Campaign and click-tracking parameters (`utm_source`, `fbclid`, `gclid`, ...): read by analytics
 * only, never by a page. A page rendered with them is the page without them, provided every link
 * back to the current URL drops them too (the cookie banner's `returnTo`: {@link withoutTracking}).
 */
export const TRACKING_PARAMETER = /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|li_fat_id|trk)$/i;

/** `search` (`?a=1&utm_source=x`, or "") without its tracking parameters, e.g. `?a=1`; "" when none are left. */
export function withoutTracking(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** A request target reduced to the page it asks for. */
export type PageUrl = {
  /** The normalised, decoded path, e.g. `/projects`. */
  path: string;
  /** The allow-listed parameters with accepted values, in allow-list order, e.g. `?category=commercial`; "" for none. */
  search: string;
  /** True when an `"uncached"` parameter is present, even empty (search text, a preview token). */
  uncachedQuery: boolean;
  /** True when the target was already in normal form (path as sent = `path`); false e.g. for `/./about` or `/About/`. */
  canonicalPath: boolean;
  /**
   * True when the target as sent renders exactly the page of `path + search`: the path is in
   * normal form and the query holds nothing but `search`'s parameters (as written in `search`)
   * and tracking parameters ({@link TRACKING_PARAMETER}). False e.g. for `/about?x=1`,
   * `/projects?category=Commercial` or `/about?`.
   */
  storable: boolean;
};

/**
 * The normalised path and query parameters of a request target (origin-form `/a?b` or
 * absolute-form `http://host/a?b`), or null when it cannot be a page: not starting with `/`
 * (after dropping an absolute-form origin), or with malformed percent-encoding.
 */
export function normaliseRequestTarget(target: string): { path: string; rawPath: string; query: URLSearchParams } | null {
  let rest = target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || "/";
  if (!rest.startsWith("/")) return null;
  const hashAt = rest.indexOf("#");
  if (hashAt !== -1) rest = rest.slice(0, hashAt);
  const queryAt = rest.indexOf("?");
  const rawPath = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? "" : rest.slice(queryAt + 1));
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      segments.pop();
      continue;
    }
    segments.push(segment.replaceAll("/", "%2F"));
  }
  return { path: `/${segments.join("/")}`, rawPath: absolute ? "" : rawPath, query };
}

/**
 * The page a request target asks for ({@link PageUrl}), or null when the target is malformed
 * (see {@link normaliseRequestTarget}). Analytics counts `path + search`; the HTML cache keys on it.
 */
export function pageUrl(target: string): PageUrl | null {
  const normal = normaliseRequestTarget(target);
  if (!normal) return null;
  const rule = PAGE_QUERY_PARAMETERS.find((r) => r.path.test(normal.path));
  const kept = new URLSearchParams();
  let uncachedQuery = false;
  for (const [name, parameter] of Object.entries(rule?.parameters ?? {})) {
    if (!normal.query.has(name)) continue;
    if (parameter === "uncached") {
      uncachedQuery = true;
      continue;
    }
    const value = normal.query.get(name)!.trim().toLowerCase();
    if (parameter.values.includes(value)) kept.set(name, value);
  }
  const search = kept.size > 0 ? `?${kept.toString()}` : "";
  const canonicalPath = normal.rawPath === normal.path;
  const queryAt = target.indexOf("?");
  const sentQuery = queryAt === -1 ? null : target.slice(queryAt + 1).split("#")[0]!;
  const storable =
    canonicalPath &&
    !uncachedQuery &&
    (sentQuery === null ||
      (sentQuery !== "" &&
        sentQuery.split("&").every((pair) => {
          const name = pair.split("=")[0]!;
          return TRACKING_PARAMETER.test(name) || (kept.has(name) && pair === `${name}=${kept.get(name)}`);
        }) &&
        [...kept.keys()].every((name) => sentQuery.split("&").includes(`${name}=${kept.get(name)}`))));
  return { path: normal.path, search, uncachedQuery, canonicalPath, storable };
}

/** The public pages below a language's root, in canonical form (slugs are `[a-z0-9-]`, see `~/features/cms/slug`). */
const PUBLIC_PAGES = "about|services(?:/(?:commercial|humanitarian))?|(?:projects|insights)(?:/[a-z0-9-]+)?|contact|book-consultation|privacy|terms";

/**
 * The public pages' paths in canonical form: all lower case, English without a prefix (`/about`),
 * every other shipped language under its own (`/fr`, `/fr/about`, `/ar/contact`), whether or not
 * the site offers or publishes it there (the route answers that). Token paths
 * (`/book-consultation/manage/:token`), the portal, the API, files (`/insights/rss.xml`, assets,
 * uploads) and React Router's own requests are not listed.
 */
const PUBLIC_PAGE_PATH = new RegExp(`^(?:/(?:${LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE).join("|")}))?(?:/(?:${PUBLIC_PAGES}))?$`);

/** True when `path` (normalised, lower-cased) is a public page's canonical path ({@link PUBLIC_PAGE_PATH}), English home included. */
function isPublicPagePath(path: string): boolean {
  return path === "/" || PUBLIC_PAGE_PATH.test(path);
}

/**
 * Where a request for a public page written in a non-canonical form should be sent (a 301), or
 * null when the target is already canonical or is not a public page. Non-canonical: capitals
 * (`/About`, `/fr/ABOUT`, `/FR`), percent-encoded letters (`/%61bout`, `/%66r/about`), dot
 * segments, repeated or trailing slashes (`/fr/about/`), absolute-form; the same rule under every
 * language prefix. The query string is kept as sent (percent-encoded where a header needs it).
 */
export function canonicalPageLocation(target: string): string | null {
  const normal = normaliseRequestTarget(target);
  if (!normal) return null;
  const path = normal.path.toLowerCase();
  if (!isPublicPagePath(path) || normal.rawPath === path) return null;
  const queryAt = target.indexOf("?");
  const query = queryAt === -1 ? "" : target.slice(queryAt).split("#")[0]!;
  return encodeForLocation(`${path}${query}`);
}
