/**
 * The server's guard against being steered at internal services (SSRF) by an address staff type
 * in: the firm's IMAP host, an engineer's calendar address. The one place that decides what a
 * "public" address is, and the one HTTP client for URLs that come from people.
 *
 * - Public means global unicast and nothing else: an IPv4 address outside every range of the IANA
 *   IPv4 Special-Purpose Address Registry and multicast; an IPv6 address inside 2000::/3 (the
 *   only global unicast block) and outside every range of the IANA IPv6 Special-Purpose Address
 *   Registry. So loopback, private, link-local, CGNAT, unique-local, multicast, documentation,
 *   benchmarking, reserved, Teredo/ORCHID/AMT (all of 2001::/23), IPv4-compatible (::/96) and
 *   discard (100::/64) addresses are refused. An IPv6 address that carries an IPv4 address the
 *   network delivers to (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged
 *   as that IPv4 address.
 * - `resolvePublicHost` resolves a name and refuses it when any of its addresses is not public,
 *   else gives the address to connect to, so a connection made with it goes where was checked
 *   (the IMAP connection); `checkPublicHost` is the same check when only the verdict matters
 *   (used when a setting is saved).
 * - `guardedFetch` goes further for HTTP: the address is checked inside the socket's own DNS
 *   lookup, so the address connected to is the one checked (a name that resolves to a public
 *   address at the check and a private one at the connection, DNS rebinding, cannot slip
 *   through). Redirects are followed by hand, each hop checked again the same way. A response is
 *   read up to a size limit, the whole request within a time limit. `guardedRequest` is the same
 *   request answering the body's bytes rather than a `Response` (the calendar worker thread's).
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

/** The IANA IPv4 Special-Purpose Address Registry's ranges, with multicast (224.0.0.0/4). */
const IPV4_SPECIAL = [
  "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
  "192.0.0.0/24", "192.0.2.0/24", "192.31.196.0/24", "192.52.193.0/24", "192.88.99.0/24",
  "192.168.0.0/16", "192.175.48.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
  "224.0.0.0/4", "240.0.0.0/4",
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** IPv6 global unicast (2000::/3); every other IPv6 block is special or unassigned. */
const IPV6_GLOBAL = ipaddr.IPv6.parseCIDR("2000::/3");
/**
 * The IANA IPv6 Special-Purpose Address Registry's ranges inside 2000::/3 (those outside it are
 * refused by not being global unicast); 2002::/16 (6to4) is judged by its IPv4 address instead.
 */
const IPV6_SPECIAL = ["2001::/23", "2001:db8::/32", "2620:4f:8000::/48", "3fff::/20", "5f00::/16"].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR("::ffff:0:0/96");
const NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

function publicIPv4(address: ipaddr.IPv4): boolean {
  return !IPV4_SPECIAL.some((range) => address.match(range));
}

/** The IPv4 address held in 16-bit groups `high` and `high + 1` of an IPv6 address. */
function embeddedIPv4(address: ipaddr.IPv6, high: number): ipaddr.IPv4 {
  const [a, b] = [address.parts[high]!, address.parts[high + 1]!];
  return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
}

/**
 * An IPv6 literal in the WHATWG URL parser's canonical form (what sockets connect to), or null.
 * ipaddr.js reads a dotted tail such as `::127.0.0.1` as IPv4-mapped (`::ffff:7f00:1`), whereas it
 * is the IPv4-compatible `::7f00:1`; the canonical form has no dotted tail.
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) is a global unicast address, in no special-purpose
 * range (see the module comment); anything unparseable is not.
 */
export function isPublicAddress(address: string): boolean {
  const literal = address.includes(":") ? canonicalIPv6(address) : address;
  if (!literal || !ipaddr.isValid(literal)) return false;
  const parsed = ipaddr.parse(literal);
  if (parsed.kind() === "ipv4") return publicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.match(IPV4_MAPPED)) return publicIPv4(v6.toIPv4Address());
  if (v6.match(NAT64)) return publicIPv4(embeddedIPv4(v6, 6));
  if (v6.match(SIX_TO_FOUR)) return publicIPv4(embeddedIPv4(v6, 1));
  return v6.match(IPV6_GLOBAL) && !IPV6_SPECIAL.some((range) => v6.match(range));
}

/** Why a host was refused: a `localhost` name, a name that does not resolve, or a non-public address. */
export type HostRefusal = "local-name" | "not-found" | "not-public";

/** `localhost`, `*.localhost` (always loopback, RFC 6761), with or without IPv6 brackets. */
function isLocalName(name: string): boolean {
  return /^localhost\.?$/i.test(name) || /\.localhost\.?$/i.test(name);
}

/**
 * Resolves `host` (a name or an address literal, IPv6 optionally in brackets) and answers either
 * why it may not be used, or the address to connect to: the first it resolves to, once every one
 * of them is public (any address when `allowPrivate` is true, a name that does not resolve still
 * refused as "not-found"). Connecting to that address, rather than to the name, is what keeps a
 * name that resolves elsewhere a moment later (DNS rebinding) from reaching what was not checked.
 */
export async function resolvePublicHost(host: string, allowPrivate: boolean): Promise<{ address: string } | { refusal: HostRefusal }> {
  const name = host.replace(/^\[|\]$/g, "");
  if (!allowPrivate && isLocalName(name)) return { refusal: "local-name" };
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(name) ? [name] : (await lookupAsync(name, { all: true })).map((a) => a.address);
  } catch {
    return { refusal: "not-found" };
  }
  if (addresses.length === 0) return { refusal: "not-found" };
  if (!allowPrivate && !addresses.every(isPublicAddress)) return { refusal: "not-public" };
  return { address: addresses[0]! };
}

/**
 * Says why `host` may not be used (see {@link resolvePublicHost}), or null when every address it
 * resolves to is public; always null when `allowPrivate` is true. A check at one moment: a
 * connection made later must check again (`guardedFetch` does so itself) or connect to the
 * address {@link resolvePublicHost} gave.
 */
export async function checkPublicHost(host: string, allowPrivate: boolean): Promise<HostRefusal | null> {
  if (allowPrivate) return null;
  const resolved = await resolvePublicHost(host, false);
  return "refusal" in resolved ? resolved.refusal : null;
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

/** A guarded request's answer, its body read whole (see {@link guardedRequest}). */
export type GuardedAnswer = {
  /** The HTTP status of the last hop (a 3xx only with `followRedirects: false` or without a Location). */
  status: number;
  statusText: string;
  headers: Headers;
  /** The body as read (at most `maxBytes`), in a buffer of its own; null for 204, 304 and HEAD. */
  body: Buffer | null;
};

/**
 * The guarded HTTP request behind {@link guardedFetch}, answering the body as the bytes read
 * rather than as a `Response` (which would copy them): for a caller that only wants the bytes,
 * such as the calendar worker thread. Same rules, limits and errors as {@link guardedFetch}.
 */
export async function guardedRequest(input: string | URL | Request, init: RequestInit | undefined, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  let url = new URL(input instanceof Request ? input.url : input);
  let method = (init?.method ?? "GET").toUpperCase();
  let headers = headersOf(init);
  let body = typeof init?.body === "string" ? init.body : undefined;
  if (init?.body != null && body === undefined) throw new OutboundError("Only text request bodies are supported.", "refused");
  // The time limit is a timer of our own, held until the request ends: Node 20 lets a signal of
  // `AbortSignal.timeout` combined by `AbortSignal.any` be garbage-collected before it fires, and
  // a request to a server that never answers would then wait for ever.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The operation timed out.", "TimeoutError")), options.timeoutMs);
  const signal = init?.signal ? AbortSignal.any([deadline.signal, init.signal]) : deadline.signal;
  const maxRedirects = options.maxRedirects ?? 3;
  try {
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
      return { status, statusText: response.statusMessage ?? "", headers: responseHeaders, body: empty ? null : answer.body };
    }
  } finally {
    clearTimeout(timer);
  }
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
  const { status, statusText, headers, body } = await guardedRequest(input, init, options);
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, statusText, headers });
}
