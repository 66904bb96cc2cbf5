/**
 * The path a page view is counted under: the pathname without a trailing slash and
 * without the query, except the parameters a public page reads that name a different view of it
 * (the /projects tab, the booking wizard's step). Free text (`q`), ids and tokens are dropped, so
 * nothing a visitor typed reaches the analytics.
 * (`app/features/site/page-url.ts` holds the shared allow-list of query parameters per route; this
 * call site is to switch to it.)
 */

/** Query parameters kept per path, each with the values it may take. */
const COUNTED_PARAMETERS: Record<string, Record<string, RegExp>> = {
  "/projects": { category: /^(?:commercial|humanitarian)$/ },
  "/book-consultation": { step: /^[1-5]$/ },
};

/** The longest path counted; longer ones are cut (a path is never personal data, but is unbounded input). */
const MAX_PATH_LENGTH = 300;

/**
 * `pathname` (percent-encoded as received) plus the allow-listed parameters of `search`, in a
 * fixed order. E.g. `/projects/?category=commercial&q=ada` -> `/projects?category=commercial`.
 */
export function countedPath(pathname: string, search: URLSearchParams): string {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).slice(0, MAX_PATH_LENGTH) || "/";
  const allowed = COUNTED_PARAMETERS[path];
  if (!allowed) return path;
  const kept = new URLSearchParams();
  for (const [name, pattern] of Object.entries(allowed)) {
    const value = search.get(name);
    if (value !== null && pattern.test(value)) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
