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
