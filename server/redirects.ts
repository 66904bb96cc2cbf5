/**
 * Redirects answered before the HTML cache and Express (`server.js` asks `answerRedirect` first):
 * a GET or HEAD whose target has a redirect (`app/features/redirects`, a table in memory) is
 * answered here with plain node:http, so an old address costs a Map lookup and a short response
 * whether or not the page behind it is cached. `/?p=12` is answered even though `/` is a live
 * page, since the cache would otherwise serve the home page for it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RedirectRule } from "~/features/redirects/rules";
import { encodeForLocation } from "~/utils/location-path";

/** How long a browser or proxy may remember a permanent redirect (s): an hour, so a changed one takes effect the same day. */
const PERMANENT_MAX_AGE = 3600;

const GONE_PAGE = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>Gone</title><p>This page has been removed.</p><p><a href=\"/\">Home</a></p></html>\n";

/**
 * Makes the hook: `find` looks a target up, `onHit` counts a use. The hook (given the request's
 * `X-Request-Id`) answers 301/302 with
 * `Location` (a path of this site, percent-encoded where a header needs it, or another address)
 * or 410 with a small page, and returns true; else false.
 */
export function createRedirectResponder({ find, onHit }: { find: (target: string) => RedirectRule | null; onHit: (id: string) => void }) {
  return (req: IncomingMessage, res: ServerResponse, requestId: string): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const rule = find(req.url ?? "/");
    if (!rule) return false;
    onHit(rule.id);
    if (rule.statusCode === 410) {
      res.writeHead(410, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Request-Id": requestId,
      });
      res.end(req.method === "HEAD" ? undefined : GONE_PAGE);
      return true;
    }
    res.writeHead(rule.statusCode, {
      Location: rule.target.startsWith("/") ? encodeForLocation(rule.target) : rule.target,
      "Cache-Control": rule.statusCode === 301 ? `public, max-age=${PERMANENT_MAX_AGE}` : "no-store",
      "Content-Length": "0",
      "X-Request-Id": requestId,
    });
    res.end();
    return true;
  };
}
