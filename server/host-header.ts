/**
 * Malformed Host headers (issue 18, finding 7). React Router's Express adapter builds the request
 * URL from `Host` (and, behind a trusted proxy, `X-Forwarded-Host` and `X-Forwarded-Proto`); a
 * value `new URL` refuses (`bad host`, `[::`, `evil.example:99999`) made it throw, so every route
 * answered 500 and logged a stack trace. `server.js` now answers such a request 400 before the HTML
 * cache, Express and React Router, and the request's one log line is an ordinary info line.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** A host name (letters, digits, `-`, `.`, `_`), an IPv4 address, or a bracketed IPv6 literal, then an optional port. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,253})|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/**
 * True when `value` is a Host header value the server can build a URL from: `host`, `host:port`
 * with a port of 1 to 65535, an IPv4 address or an `[IPv6]` literal (RFC 9110 section 7.2, without
 * user info or percent-encoding). `new URL` must accept it too (it checks the IPv6 literal).
 */
export function isWellFormedHost(value: string): boolean {
  if (wellFormedHosts.has(value)) return true;
  const match = HOST.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65_535)) return false;
  try {
    if (new URL(`http://${value}/`).host === "") return false;
  } catch {
    return false;
  }
  if (wellFormedHosts.size >= 100) wellFormedHosts.clear();
  wellFormedHosts.add(value);
  return true;
}

/** Host values found well formed lately (a site answers to a few): `new URL` per request was a visible cost of a cache hit. */
const wellFormedHosts = new Set<string>();

/** Every value of a possibly repeated, comma-separated header, trimmed (empty when absent). */
function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(",")).map((v) => v.trim());
}

/**
 * True when the request's host headers are well formed: `Host` when present (Node already answers
 * 400 to an HTTP/1.1 request without one), and, when the connection comes from a trusted proxy
 * (`trustsProxy(remoteAddress)`, Express's "trust proxy fn" at hop 0), every `X-Forwarded-Host`
 * value and a first `X-Forwarded-Proto` of `http` or `https`.
 */
export function hasWellFormedHost(req: Pick<IncomingMessage, "headers" | "socket">, trustsProxy: (address: string) => boolean): boolean {
  const host = req.headers.host;
  if (host !== undefined && !isWellFormedHost(host)) return false;
  if (!trustsProxy(req.socket.remoteAddress ?? "")) return true;
  if (!headerValues(req.headers["x-forwarded-host"]).every(isWellFormedHost)) return false;
  const proto = headerValues(req.headers["x-forwarded-proto"])[0];
  return proto === undefined || /^https?$/i.test(proto);
}

/**
 * Answers 400 with a short plain-text body and returns true when the request's host headers are
 * malformed (`hasWellFormedHost`), else does nothing and returns false. The connection is closed.
 * `requestId` is sent as `X-Request-Id` (the request observer's id for this request).
 */
export function refuseMalformedHost(req: IncomingMessage, res: ServerResponse, trustsProxy: (address: string) => boolean, requestId: string): boolean {
  if (hasWellFormedHost(req, trustsProxy)) return false;
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Request-Id": requestId,
    Connection: "close",
  });
  res.end("Bad request: the Host header is malformed.\n");
  return true;
}
