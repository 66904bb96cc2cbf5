/**
 * The rules of redirects, safe for the server and the browser: how an old address is written
 * (normalised like every page path), how a request finds its redirect, and when a new redirect
 * would loop. The database, the live pages and the request hook are elsewhere
 * (`redirects.server.ts`, `runtime.server.ts`, `server/redirects.ts`).
 *
 * A source is one of:
 * - an exact path, normalised as `normaliseRequestTarget` does (`/Old//page/` is `/Old/page`; case kept);
 * - a prefix, a path ending in `*`: `/blog/*` answers `/blog` and every path under it, `/news*`
 *   every path starting with `/news`; the longest matching prefix wins;
 * - a path with one query parameter, `/?p=12` or `/index.php?page_id=7` (WordPress's addresses of a
 *   post or a page): it answers a request holding that parameter with that value, whatever else
 *   the query holds, before the path's own redirect.
 */
import { normaliseRequestTarget } from "~/features/site/page-url";
import { REDIRECT_STATUS_CODES } from "~/utils/domain";

/** An answer a redirect gives. */
export type RedirectStatus = (typeof REDIRECT_STATUS_CODES)[number];

/** A redirect as the lookup needs it. `target` is "" for 410. */
export type RedirectRule = { id: string; source: string; target: string; statusCode: RedirectStatus };

/** Longest source and target accepted, in characters. */
export const MAX_REDIRECT_SOURCE = 500;
export const MAX_REDIRECT_TARGET = 2_000;

/** Query parameters tried per request (a request with a longer query is matched on its first ones). */
const MAX_QUERY_TRIED = 8;

/**
 * Paths of the site itself that a redirect may never take over: the portal, the API and auth,
 * built assets and uploads, health checks, metrics, the consent endpoint and the feeds.
 */
const RESERVED_SOURCE = /^\/(?:admin|api|assets|uploads|media|healthz|readyz|metrics|consent|sitemap\.xml|robots\.txt|__manifest)(?:\/|$|\*)/i;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u0020\u007F\s]/;

/** The key of a one-parameter source: `path?name=value`, encoded as URLSearchParams writes it. */
function queryKey(path: string, name: string, value: string): string {
  return `${path}?${new URLSearchParams([[name, value]]).toString()}`;
}

/**
 * The stored form of an old address typed by staff or read from a CSV file or an export
 * (`/old-page/`, `https://old.example/2013/01/11/post/`, `/blog/*`, `/?p=12`): the normalised
 * path (an absolute address keeps its path, whatever its host), a trailing `*` kept for a prefix,
 * a single query parameter kept. Returns `{ error }` with the reason people read when it cannot
 * be a source: not a path, a fragment only, reserved for the site itself, more than one query
 * parameter, too long.
 */
export function normaliseSource(input: string): { source: string } | { error: string } {
  const raw = input.trim();
  if (raw.length === 0) return { error: "Enter the old address, starting with /." };
  if (raw.length > MAX_REDIRECT_SOURCE) return { error: `The old address is too long (at most ${MAX_REDIRECT_SOURCE} characters).` };
  let rest = raw;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || "/";
  if (!rest.startsWith("/") || UNSAFE_CHARS.test(rest)) return { error: "Enter the old address, starting with / (no spaces)." };
  const prefix = rest.endsWith("*");
  if (prefix) rest = rest.slice(0, -1);
  if (rest.includes("*")) return { error: "Only a * at the end is allowed: /blog/* sends every address under /blog." };
  const normal = normaliseRequestTarget(rest);
  if (!normal) return { error: "The old address is not a valid path." };
  const params = [...normal.query];
  if (prefix && params.length > 0) return { error: "A prefix ending in * cannot have a query (?...)." };
  if (params.length > 1) return { error: "An old address may hold one query parameter at most, e.g. /?p=12." };
  let source: string;
  if (params.length === 1) source = queryKey(normal.path, params[0]![0], params[0]![1]);
  else if (prefix) source = rest.endsWith("/") && normal.path !== "/" ? `${normal.path}/*` : `${normal.path}*`;
  else source = normal.path;
  if (source === "/*" || source === "*") return { error: "A redirect of every address would hide the whole site." };
  if (RESERVED_SOURCE.test(source)) return { error: "This address belongs to the site itself (portal, files or feeds) and cannot be redirected." };
  return { source };
}

/**
 * The stored form of a target: a path of this site (`/insights/x`, normalised, query kept) or an
 * http(s) address (an address on `siteOrigin`, e.g. `https://meridian.example`, is kept as its
 * path). "" for 410. Returns `{ error }` when it is neither.
 */
export function normaliseTarget(input: string, statusCode: RedirectStatus, siteOrigin: string): { target: string } | { error: string } {
  if (statusCode === 410) return { target: "" };
  const raw = input.trim();
  const message = "Enter where to send visitors: a path starting with / or an address starting with https://.";
  if (raw.length === 0 || raw.length > MAX_REDIRECT_TARGET || UNSAFE_CHARS.test(raw)) return { error: message };
  if (raw.startsWith("/") && !raw.startsWith("//")) {
    const normal = normaliseRequestTarget(raw);
    if (!normal) return { error: message };
    const query = normal.query.toString();
    return { target: query ? `${normal.path}?${query}` : normal.path };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: message };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return { error: message };
  if (url.origin === new URL(siteOrigin).origin) return normaliseTarget(`${url.pathname}${url.search}`, statusCode, siteOrigin);
  return { target: url.href };
}

/** Whether `source` is a prefix (ends in `*`). */
export function isPrefixSource(source: string): boolean {
  return source.endsWith("*");
}

/** Whether a prefix source (`/blog/*`, `/news*`) answers the normalised `path`. */
export function prefixMatches(source: string, path: string): boolean {
  const base = source.slice(0, -1);
  return path.startsWith(base) || (base.endsWith("/") && path === base.slice(0, -1));
}

/** The redirects of a site, indexed for the lookup of every request. */
export type RedirectTable = {
  /** How many redirects the table holds. */
  size: number;
  /**
   * The redirect answering a request target (`/old?x=1`, as sent), or null. Order: a
   * one-parameter source matching one of the request's first parameters, the exact path, then the
   * longest matching prefix. Malformed targets match nothing.
   */
  find(target: string): RedirectRule | null;
};

/** Builds the lookup table of `rules` (sources already normalised, unique). */
export function createRedirectTable(rules: readonly RedirectRule[]): RedirectTable {
  const exact = new Map<string, RedirectRule>();
  const prefixes: RedirectRule[] = [];
  let withQuery = false;
  for (const rule of rules) {
    if (isPrefixSource(rule.source)) prefixes.push(rule);
    else {
      exact.set(rule.source, rule);
      if (rule.source.includes("?")) withQuery = true;
    }
  }
  prefixes.sort((a, b) => b.source.length - a.source.length);
  return {
    size: rules.length,
    find(target) {
      if (rules.length === 0) return null;
      const normal = normaliseRequestTarget(target);
      if (!normal) return null;
      if (withQuery && normal.query.size > 0) {
        let tried = 0;
        for (const [name, value] of normal.query) {
          const rule = exact.get(queryKey(normal.path, name, value));
          if (rule) return rule;
          if (++tried >= MAX_QUERY_TRIED) break;
        }
      }
      const rule = exact.get(normal.path);
      if (rule) return rule;
      for (const p of prefixes) if (prefixMatches(p.source, normal.path)) return p;
      return null;
    },
  };
}

/**
 * The chain of addresses a redirect from `candidate.source` would send a visitor through, when it
 * comes back to an address already visited (a loop), else null. Follows `candidate` and then the
 * redirects of `others` (the table without the candidate's source) on this site's paths, up to 20
 * steps; an address on another site ends the chain. Example: `["/a", "/b", "/a"]`.
 */
export function redirectLoop(candidate: RedirectRule, others: readonly RedirectRule[]): string[] | null {
  const table = createRedirectTable([candidate, ...others.filter((r) => r.source !== candidate.source)]);
  const chain = [candidate.source];
  const seen = new Set<string>([candidate.id]);
  let rule: RedirectRule = candidate;
  for (let step = 0; step < 20; step++) {
    if (rule.statusCode === 410 || !rule.target.startsWith("/")) return null;
    chain.push(rule.target);
    const next = table.find(rule.target);
    if (!next) return null;
    if (seen.has(next.id)) return chain;
    seen.add(next.id);
    rule = next;
  }
  return chain;
}
