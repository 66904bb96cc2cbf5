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
 */
import { PROJECT_CATEGORY_FILTERS } from "~/features/projects/query";

/** How a page treats one query parameter: the values that change the page, or never cache it. */
export type PageQueryParameter = { values: readonly string[] } | "uncached";

/** The query parameters a group of public paths reads (`path` tests the normalised path). */
export type PageQueryRule = { path: RegExp; parameters: Record<string, PageQueryParameter> };

/**
 * Every public page that reads its query string, and what it reads. Any path not listed reads none.
 * Keep in step with the loaders: `/projects` (`parseProjectListQuery`: `category`, `q`),
 * `/projects/:slug` and `/insights/:slug` (`preview` links), and the site studio's pages (`/`,
 * `/about`, `/services`, `/services/commercial`, `/services/humanitarian`, `/contact`, `/privacy`,
 * `/terms`: `preview` links of a page draft). Values are compared lower-cased.
 */
export const PAGE_QUERY_PARAMETERS: readonly PageQueryRule[] = [
  {
    path: /^\/projects$/,
    // "all" is the same page as no category.
    parameters: { category: { values: PROJECT_CATEGORY_FILTERS.filter((c) => c !== "all") }, q: "uncached" },
  },
  { path: /^\/(?:projects|insights)\/[^/]+$/, parameters: { preview: "uncached" } },
  { path: /^\/(?:|about|services|services\/commercial|services\/humanitarian|contact|privacy|terms)$/, parameters: { preview: "uncached" } },
];

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
  return { path: normal.path, search, uncachedQuery, canonicalPath: normal.rawPath === normal.path };
}
