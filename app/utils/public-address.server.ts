/**
 * The server's guard against being steered at internal services (SSRF) by an address staff type
 * in: the firm's IMAP host, an engineer's calendar address. The one place that decides what a
 * "public" address is, and the one HTTP client for URLs that come from people.
 *
 * - Public means a unicast address in no special range: loopback, private (RFC 1918), link-local,
 *   carrier-grade NAT (100.64/10), unique-local IPv6 (fc00::/7), multicast, reserved and the
 *   documentation ranges are all refused; an IPv4-mapped IPv6 address is judged as its IPv4
 *   address (ipaddr.js `process`).
 * - `checkPublicHost` resolves a name and refuses it when any of its addresses is not public
 *   (used when a setting is saved, and before an IMAP connection).
 * - `guardedFetch` goes further for HTTP: the address is checked inside the socket's own DNS
 *   lookup, so the address connected to is the one checked (a name that resolves to a public
 *   address at the check and a private one at the connection, DNS rebinding, cannot slip
 *   through). Redirects are followed by hand, each hop checked again the same way. A response is
 *   read up to a size limit, the whole request within a time limit.
 *
 * `allowPrivate` (each caller's setting, e.g. `IMAP_ALLOW_PRIVATE`, `CALENDAR_ALLOW_PRIVATE`) lifts
 * the address rule, and for HTTP the https-only rule, for a server on the firm's own network and
 * for tests.
 */
import { lookup, type LookupAddress } from "node:dns";
import { lookup as lookupAsync } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address; anything unparseable is not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** Why a host was refused: a `localhost` name, a name that does not resolve, or a non-public address. */
export type HostRefusal = "local-name" | "not-found" | "not-public";

/** `localhost`, `*.localhost` (always loopback, RFC 6761), with or without IPv6 brackets. */
function isLocalName(name: string): boolean {
  return /^localhost\.?$/i.test(name) || /\.localhost\.?$/i.test(name);
}

/**
 * Resolves `host` (a name or an address literal, IPv6 optionally in brackets) and says why it may
 * not be used, or null when every address it resolves to is public (or `allowPrivate` is true).
 * A check at one moment: a connection made later must check again (`guardedFetch` does so itself).
 */
export async function checkPublicHost(host: string, allowPrivate: boolean): Promise<HostRefusal | null> {
  if (allowPrivate) return null;
  const name = host.replace(/^\[|\]$/g, "");
  if (isLocalName(name)) return "local-name";
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(name) ? [name] : (await lookupAsync(name, { all: true })).map((a) => a.address);
  } catch {
    return "not-found";
  }
  return addresses.length === 0 || !addresses.every(isPublicAddress) ? "not-public" : null;
}

/**
 * Checks an address people typed for the server to call later (a webhook endpoint, a calendar):
 * it must be https (http too when `allowPrivate`), carry no user name or password, and its host
 * must pass {@link checkPublicHost}. Returns a message for people, or null when it may be used. A
 * check at one moment: requests go through {@link guardedFetch}, which checks again.
 */
export async function checkPublicHttpUrl(address: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "Enter a web address starting with https://.";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "Use an https:// address.";
  if (url.username || url.password) return "Take the user name and password out of the address.";
  const refusal = await checkPublicHost(url.hostname, allowPrivate);
  if (refusal === "not-found") return "That server's name could not be found.";
  return refusal ? "Use a public address: this one is on a private network." : null;
}

/** A refused or failed outbound request, with a short message for people (never the URL's secret parts). */
export class OutboundError extends Error {
  constructor(
    message: string,
    /** `refused`: the guard said no (address, scheme, redirect); `failed`: the server or network did. */
    readonly kind: "refused" | "failed",
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

/** The options of one guarded request. */
export type GuardedFetchOptions = {
  /** Allows http and non-public addresses (the caller's `*_ALLOW_PRIVATE` setting). */
  allowPrivate: boolean;
  /** Largest response body read, in bytes; a larger one fails the request. */
  maxBytes: number;
  /** Longest the whole request (every redirect included) may take, in ms. */
  timeoutMs: number;
  /** Most redirects followed (default 3). */
  maxRedirects?: number;
  /** False returns a 3xx answer as it is, following nothing (default true). */
  followRedirects?: boolean;
  /** A body past `maxBytes`: `fail` the request (default), or `cut` it there and return what was read. */
  overflow?: "fail" | "cut";
};

/** A DNS lookup for sockets that fails for any non-public address (unless allowed). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    if (!allowPrivate && isLocalName(hostname)) {
      callback(new OutboundError("That address is on a private network.", "refused"), "", 4);
      return;
    }
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(new OutboundError("That server's name could not be found.", "failed"), "", 4);
      const addresses = found as LookupAddress[];
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (addresses.length === 0 || usable.length !== addresses.length) {
        return callback(new OutboundError("That address is on a private network.", "refused"), "", 4);
      }
      if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The headers of a `RequestInit` as a plain object. */
function headersOf(init: RequestInit | undefined): Record<string, string> {
  return Object.fromEntries(new Headers(init?.headers).entries());
}

function tooLarge(maxBytes: number): OutboundError {
  const size = maxBytes >= 1_048_576 ? `${Math.round(maxBytes / 1_048_576)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new OutboundError(`The server sent more than ${size}.`, "failed");
}

/** One request without redirects; resolves with the response head and its body (within `maxBytes`). */
function requestOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    // An address literal never goes through `lookup`, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivate && ipaddr.isValid(literal) && !isPublicAddress(literal)) {
      reject(new OutboundError("That address is on a private network.", "refused"));
      return;
    }
    // A known length rather than chunked encoding, which some WSGI servers (Radicale) do not read.
    const sent = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = send(url, { method, headers: sent, lookup: guardedLookup(options.allowPrivate), signal, agent: false }, (response) => {
      const cut = options.overflow === "cut";
      const declared = Number(response.headers["content-length"] ?? 0);
      if (!cut && declared > options.maxBytes) {
        response.destroy();
        reject(tooLarge(options.maxBytes));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (cut && size >= options.maxBytes) {
          chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
          response.destroy();
          resolve({ response, body: Buffer.concat(chunks) });
          return;
        }
        if (size > options.maxBytes) {
          response.destroy();
          reject(tooLarge(options.maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * A `fetch` for URLs that come from people: https only and public addresses only (unless
 * `allowPrivate`), each address checked where the socket connects (DNS rebinding-safe), redirects
 * followed by hand up to `maxRedirects` with each hop checked (303 becomes GET; Authorization is
 * dropped when a redirect leaves the origin; `followRedirects: false` returns the 3xx instead), the
 * body read up to `maxBytes` (or cut there, `overflow: "cut"`) and everything within `timeoutMs`. Takes a string body only (what CalDAV and ICS need).
 * Returns a standard `Response` (so it can stand in for `fetch`, e.g. for tsdav); throws an
 * {@link OutboundError} with a message for people when refused, too large, timed out or unreachable.
 */
export async function guardedFetch(input: string | URL | Request, init: RequestInit | undefined, options: GuardedFetchOptions): Promise<Response> {
  let url = new URL(input instanceof Request ? input.url : input);
  let method = (init?.method ?? "GET").toUpperCase();
  let headers = headersOf(init);
  let body = typeof init?.body === "string" ? init.body : undefined;
  if (init?.body != null && body === undefined) throw new OutboundError("Only text request bodies are supported.", "refused");
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(init?.signal ? [init.signal] : [])]);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) {
      throw new OutboundError("Use an https:// address.", "refused");
    }
    if (url.username || url.password) throw new OutboundError("Put the user name and password in their own fields, not in the address.", "refused");
    let answer: { response: IncomingMessage; body: Buffer };
    try {
      answer = await requestOnce(url, method, headers, body, options, signal);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (signal.aborted) throw new OutboundError("The server took too long to answer.", "failed");
      const code = (error as NodeJS.ErrnoException).code;
      throw new OutboundError(code === "ECONNREFUSED" ? "The server refused the connection." : code?.startsWith("ERR_TLS") || code?.includes("CERT") ? "The server's certificate is not valid." : "The server could not be reached.", "failed");
    }
    const { response } = answer;
    const status = response.statusCode ?? 502;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location && options.followRedirects !== false) {
      if (hop >= maxRedirects) throw new OutboundError("The address redirects too many times.", "failed");
      const next = new URL(location, url);
      if (next.origin !== url.origin) delete headers.authorization;
      if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k !== "content-type" && k !== "content-length"));
      }
      url = next;
      continue;
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, v);
    }
    const empty = status === 204 || status === 304 || method === "HEAD";
    return new Response(empty ? null : new Uint8Array(answer.body), { status, statusText: response.statusMessage, headers: responseHeaders });
  }
}
