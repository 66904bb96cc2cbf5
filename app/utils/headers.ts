import type { HeadersFunction } from "react-router";

/**
 * A route's `headers` export that passes the headers its loader and action set with
 * `data(..., { headers })` (e.g. `Cache-Control: private, no-store`, `Referrer-Policy: no-referrer`)
 * on to the document response. React Router drops them from documents when the route exports no
 * `headers`. An action's header wins over the loader's of the same name.
 *
 *   export const headers = dataHeaders;
 */
export const dataHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => headers.set(key, value));
  return headers;
};

/**
 * A route's `headers` export: the `fixed` headers of the route's documents, plus what its loader
 * and action set with `data(..., { headers })` (as `dataHeaders`), e.g. `Retry-After` on a 429.
 * A fixed header wins over a data header of the same name.
 *
 *   export const headers = withDataHeaders({ "Cache-Control": "private, no-store" });
 */
export function withDataHeaders(fixed: Record<string, string>): HeadersFunction {
  return (args) => {
    const headers = new Headers(dataHeaders(args) as HeadersInit);
    for (const [name, value] of Object.entries(fixed)) headers.set(name, value);
    return headers;
  };
}
