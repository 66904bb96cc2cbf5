import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { isDatabaseUnavailable, reportDatabaseError } from "~/db/client.server";
import { UNAVAILABLE_HEADERS, UNAVAILABLE_PAGE } from "~/features/site/unavailable.server";
import { logger } from "~/utils/logger.server";
import { NonceContext } from "~/utils/nonce";
import { needsHydration } from "~/utils/page-mode";

export const streamTimeout = 5_000;

/**
 * Passes the HTML through, adding fetchpriority="low" to the `<link rel="modulepreload">` tags of
 * <head> (React Router's <Scripts> has no prop for it). The ~20-30 hydration chunks then no longer
 * compete with the stylesheet and the fetchpriority="high" hero image for a slow mobile
 * connection, so the first paint and the largest paint come first (Lighthouse mobile LCP); the
 * scripts still start downloading at once and the module imports reuse those fetches. Buffers only
 * up to `</head>` (flushed as it is, unchanged, if the document has none); the body streams untouched.
 */
function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      inHead = false;
      const out = head.slice(0, end).replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + head.slice(end);
      head = "";
      callback(null, out);
    },
    flush(callback) {
      const rest = inHead ? head + decoder.end() : "";
      callback(null, rest || undefined);
    },
  });
}

/**
 * Errors thrown by loaders and actions: a lost database connection marks the database
 * unavailable (logged once, see client.server.ts); anything else is logged here.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || reportDatabaseError(error)) return;
  // The path only: a query string or a token segment never enters the log (see ~/utils/log-redaction).
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unhandled error in a loader or action");
};

/**
 * Renders a document. A page whose routes do not ask for hydration (ADR "Content pages without React") is sent without
 * React Router's hydration data (the inline `serverHandoffStream` scripts) and without a nonce: it
 * carries no inline script at all. `loadContext.htmlCacheable` tells the HTML cache
 * (`server/html-cache.ts`) it may store the document: only such a page, never a hydrated one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader hit a lost database connection (handleError ran first): the friendly 503 page
  // rather than the generic error page.
  if (responseStatusCode >= 500 && isDatabaseUnavailable()) {
    return new Response(UNAVAILABLE_PAGE, { status: 503, headers: UNAVAILABLE_HEADERS });
  }
  const matches = routerContext.staticHandlerContext.matches.map((match) => ({ handle: routerContext.routeModules[match.route.id]?.handle }));
  const hydrate = needsHydration(matches);
  if (!hydrate) {
    void routerContext.serverHandoffStream?.cancel();
    routerContext = { ...routerContext, serverHandoffStream: undefined };
  }
  loadContext.htmlCacheable = !hydrate;
  const nonce = hydrate ? loadContext.cspNonce : undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode prerendering wait for all content; browsers get the shell first.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(hydrate ? body.pipe(lowPriorityModulePreloads()) : body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
