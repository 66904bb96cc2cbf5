/**
 * The HTML cache for anonymous visitors (ADR "HTML cache"), in front of React Router.
 *
 * Stored: GET/HEAD documents answered 200 as `text/html` that are the same for every anonymous
 * visitor (`loadContext.htmlCacheable`: content pages rendered without hydration, which contain no
 * inline script, and hydrated pages whose route says so, whose inline scripts all carry the nonce
 * of the response that stored them, kept in the stored CSP), setting no
 * cookie, for a request that carries no cookie but the consent and analytics ones (so never a
 * staff session), and never a degraded render (a loader fell back to an empty state after a
 * failed read: `loadContext.renderDegraded`).
 *
 * Which page (`cacheTarget`, server/cache-target.ts): the request target goes through `pageUrl`
 * (`~/features/site/page-url`), the one definition analytics shares. The exclusions (/admin,
 * /api, /book-consultation) apply to the decoded, normalised path, so `/./book-consultation` or
 * `/%62ook-consultation` are never stored; a target not already in normal form (dot segments,
 * encoded letters, absolute-form, a trailing slash, capitals) is never stored either, only
 * rendered, so its variants cannot flush the cache. The key is build id + consent choice + path +
 * the query parameters the page reads (`?category=`); every other parameter (`utm_*`, `fbclid`,
 * junk) is left out of the key, so a stored page answers all of them. A parameter with unbounded
 * values (`?q=`, `?preview=`) is never stored.
 *
 * The key never changes the request: a miss renders the request target exactly as sent, and is
 * stored under the clean key only when that render is the clean URL's page (`PageUrl.storable`:
 * the target is already clean, or only tracking parameters were added); any other miss goes on to
 * React Router untouched. React Router's own requests (`/__manifest?paths=&version=`, `*.data`,
 * `?_routes=`, `?index`, `?_data=`) and every path under `/__` are not pages: never keyed, served
 * or rendered here, so their parameters always reach it.
 *
 * A miss costs one render and a gzip at level 6; brotli (quality 11, the slow part) is made off the
 * request, once the page is asked for again, one page at a time with a bounded queue. Concurrent
 * misses of one key share one render (single flight), so a page is never compressed twice at once.
 * Entries are kept gzip- and brotli-compressed with a strong ETag (304 on If-None-Match) in an
 * LRU bounded by bytes, together with the whole header set of the response that stored them
 * (helmet's security headers included; the CSP without its per-request nonce when the page has no
 * inline script, with the storing response's nonce when it has), so `serveHit` can answer a hit with plain node:http before Express runs. Every entry is dropped when the content version moves (any instance's
 * write, via `watchContentState`), when the next scheduled publication is reached, and on a
 * new build (a new process: the cache lives in memory).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import type { AppLoadContext } from "react-router";
import type { ContentState } from "~/features/site/content-version.server";
import { cacheTarget, type CacheTarget } from "./cache-target";
import { type Encoding, negotiateEncoding } from "./encoding";

const brotli = promisify(brotliCompress);

/**
 * A stored page: its bytes in each encoding and every header of a 200 answer but the per-response
 * ones (Content-Encoding, Content-Length, X-Html-Cache, X-Request-Id, Date), names in lower case.
 */
export type CachedPage = {
  identity: Buffer;
  gzip: Buffer;
  /** Filled in shortly after storing (brotli at quality 11 takes a while); gzip is served until then. */
  br: Buffer | null;
  etag: string;
  headers: OutgoingHttpHeaders;
};

/**
 * True when the HTML holds an executable inline script that does not carry `nonce` (any inline
 * script when `nonce` is undefined): a script the stored page's CSP would not let run.
 */
export function hasInlineScript(html: string, nonce?: string): boolean {
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (/\btype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    if (nonce !== undefined && attributes.includes(` nonce="${nonce}"`)) continue;
    return true;
  }
  return false;
}

/** Headers of the storing response that are not stored: per-response or per-connection ones. */
const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "etag", "date", "set-cookie", "transfer-encoding", "connection", "keep-alive", "x-html-cache", "x-request-id"]);

/**
 * The stored header set: the storing response's (helmet's included), the CSP without its nonce
 * unless `keepNonce` (a hydrated page whose inline scripts carry it).
 */
function storedHeaders(responseHeaders: OutgoingHttpHeaders, pageHeaders: Headers, etag: string, keepNonce: boolean): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(responseHeaders)) if (value !== undefined && !DROPPED_HEADERS.has(name)) headers[name] = value;
  for (const [name, value] of pageHeaders) if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  const csp = headers["content-security-policy"];
  if (typeof csp === "string" && !keepNonce) headers["content-security-policy"] = csp.replace(/\s*'nonce-[^']*'/g, "");
  headers.etag = etag;
  headers.vary = "Accept-Encoding";
  return headers;
}

/** Precomputed `writeHead` lists of a page, per encoding (built on the first hit in each). */
const HIT_HEADERS = new WeakMap<CachedPage, Partial<Record<Encoding, string[]>>>();

/**
 * The flat header list (`[name, value, ...]`) a hit of `page` in `encoding` is written with: the
 * stored headers (security headers included), `content-encoding`, `content-length`,
 * `x-html-cache: hit`, and last `x-request-id`, whose value the caller sets per response. Built
 * once per page and encoding: a hit neither copies nor merges header objects.
 */
function hitHeaders(page: CachedPage, encoding: Encoding, length: number): string[] {
  let lists = HIT_HEADERS.get(page);
  if (!lists) HIT_HEADERS.set(page, (lists = {}));
  let list = lists[encoding];
  if (!list) {
    list = [];
    for (const [name, value] of Object.entries(page.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) list.push(name, String(item));
    }
    if (encoding !== "identity") list.push("content-encoding", encoding);
    list.push("content-length", String(length), "x-html-cache", "hit", "x-request-id", "");
    lists[encoding] = list;
  }
  return list;
}

/** gzip level of a stored page: made during the miss, so cheap (level 9 costs twice as much for ~2% smaller). */
const GZIP_LEVEL = 6;
/** Pages waiting for brotli at most; more wait for their next hit. */
const BROTLI_QUEUE_MAX = 32;
/** Distinct requests whose cache target `serveHit` remembers. */
const TARGETS_REMEMBERED = 2_000;
/** The longest method + target + cookie header remembered, in characters. */
const TARGET_MEMO_MAX_LENGTH = 1_024;

type Handler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

export type HtmlCacheOptions = {
  /** Identifies the deployed build: part of every key and ETag. */
  buildId: string;
  /** Upper bound of the stored bytes (all encodings of all entries). */
  maxBytes: number;
  /** React Router's request handler. */
  handler: Handler;
  /** The load context of a request (nonce, client address). */
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /**
   * Asked before storing a rendered page: false keeps it out (e.g. while the database is marked
   * unavailable, a list page may have rendered its empty state).
   */
  canStore?: () => boolean;
  /** Called for each page evicted to stay within `maxBytes` (metrics). */
  onEvict?: () => void;
};

/** The cache, its Express middleware and its invalidation entry points. */
export function createHtmlCache(options: HtmlCacheOptions) {
  const entries = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.identity.length + page.gzip.length + (page.br?.length ?? page.gzip.length) + 512,
    // Counted for /metrics: pages pushed out by the byte budget, not invalidations.
    dispose: (_page, _key, reason) => {
      if (reason === "evict") options.onEvict?.();
    },
  });
  /** Bumped on every invalidation; a render that started in an older generation is not stored. */
  let generation = 0;
  let expiresAt: number | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let known: ContentState | null = null;

  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  /** Applies a content state: a new version drops everything; the next publication sets the expiry. */
  const applyContentState = (state: ContentState) => {
    if (known && known.version !== state.version) invalidate();
    known = state;
    clearTimeout(expiryTimer);
    expiresAt = state.nextPublicationAt?.getTime() ?? null;
    if (expiresAt !== null) {
      // setTimeout holds at most ~24.8 days; a later date is re-armed by the next state read.
      expiryTimer = setTimeout(invalidate, Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
      expiryTimer.unref();
    }
  };

  const lookup = (key: string): CachedPage | undefined => {
    if (expiresAt !== null && Date.now() >= expiresAt) {
      expiresAt = null;
      invalidate();
    }
    return entries.get(key);
  };

  const store = (key: string, startedIn: number, responseHeaders: OutgoingHttpHeaders, pageHeaders: Headers, identity: Buffer, keepNonce: boolean): CachedPage => {
    const etag = `"${createHash("sha256").update(options.buildId).update(identity).digest("base64url").slice(0, 32)}"`;
    const page: CachedPage = {
      identity,
      gzip: gzipSync(identity, { level: GZIP_LEVEL }),
      br: null,
      etag,
      headers: storedHeaders(responseHeaders, pageHeaders, etag, keepNonce),
    };
    if (startedIn === generation) entries.set(key, page);
    return page;
  };

  /** Pages waiting for (or being given) their brotli encoding, at most one at a time. */
  const brotliQueue = new Set<CachedPage>();
  let brotliRunning = false;
  /** Queues `page` (stored under `key`) for brotli unless it has it, waits for it, or the queue is full. */
  const queueBrotli = (key: string, page: CachedPage) => {
    if (page.br || brotliQueue.has(page) || brotliQueue.size >= BROTLI_QUEUE_MAX) return;
    brotliQueue.add(page);
    const runNext = () => {
      const next = brotliQueue.values().next();
      if (brotliRunning || next.done) return;
      brotliRunning = true;
      const target = next.value;
      void brotli(target.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: target.identity.length } })
        .then((br) => {
          target.br = br;
          // Re-set to update the entry's size, unless it was evicted or replaced meanwhile.
          if (entries.peek(key) === target) entries.set(key, target);
        })
        .finally(() => {
          brotliQueue.delete(target);
          brotliRunning = false;
          runNext();
        });
    };
    runNext();
  };

  /** Writes a stored page with plain node:http: 304 on a matching If-None-Match, else the best encoding. */
  const send = (req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "hit" | "miss") => {
    const tags = req.headers["if-none-match"];
    if (tags && tags.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag)) {
      const { "content-type": _type, ...headers } = page.headers;
      res.writeHead(304, { ...headers, "x-html-cache": state });
      res.end();
      return;
    }
    const encoding = negotiateEncoding(req.headers["accept-encoding"], page.br !== null);
    const body = encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip : page.identity;
    res.writeHead(200, {
      ...page.headers,
      ...(body === page.identity ? {} : { "content-encoding": encoding }),
      "content-length": body.length,
      "x-html-cache": state,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };

  /** Sends a stored page as a hit; a page asked for again earns its brotli encoding. */
  const sendHit = (req: IncomingMessage, res: ServerResponse, key: string, page: CachedPage) => {
    send(req, res, page, "hit");
    queueBrotli(key, page);
  };

  /** `cacheTarget` of recent requests, by method, target and cookie header (see `targetOf`). */
  const targets = new Map<string, CacheTarget | null>();
  /**
   * `cacheTarget(options.buildId, req)`, remembered for the last TARGETS_REMEMBERED distinct
   * method + target + cookie header (the only parts of a request it reads): normalising a target
   * and reading its query was a tenth of a hit's CPU, and most hits repeat a handful of targets.
   * A flood of distinct targets only empties the memory and pays the normalisation, as before.
   */
  const targetOf = (req: IncomingMessage): CacheTarget | null => {
    const memo = `${req.method}\n${req.url}\n${req.headers.cookie ?? ""}`;
    // Long targets or cookie headers are not remembered: the memory stays within about 2 MB.
    if (memo.length > TARGET_MEMO_MAX_LENGTH) return cacheTarget(options.buildId, req);
    let target = targets.get(memo);
    if (target === undefined) {
      target = cacheTarget(options.buildId, req);
      if (targets.size >= TARGETS_REMEMBERED) targets.clear();
      targets.set(memo, target);
    }
    return target;
  };

  /**
   * Answers a request from the cache when its key has a stored page (true), else leaves the
   * response untouched (false). Plain node:http, so `server.js` calls it before Express: all the
   * headers of the answer are written at once from the page's precomputed list (`hitHeaders`),
   * with `requestId` as its `X-Request-Id`.
   */
  const serveHit = (req: IncomingMessage, res: ServerResponse, requestId: string): boolean => {
    const target = targetOf(req);
    const page = target === null ? undefined : lookup(target.key);
    if (!target || !page) return false;
    if (req.headers["if-none-match"]) {
      res.setHeader("x-request-id", requestId);
      sendHit(req, res, target.key, page);
      return true;
    }
    const encoding = negotiateEncoding(req.headers["accept-encoding"], page.br !== null);
    const body = encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip : page.identity;
    const headers = hitHeaders(page, encoding, body.length);
    // The last value is this response's request id; writeHead reads the list before returning.
    headers[headers.length - 1] = requestId;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    queueBrotli(target.key, page);
    return true;
  };

  /** Sends an uncached response as it streams (a page that was not stored: 404s, hydrated pages). */
  const sendResponse = async (req: ExpressRequest, res: ExpressResponse, response: Response) => {
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    res.setHeader("X-Html-Cache", "bypass");
    if (req.method === "HEAD" || !response.body) {
      await response.body?.cancel();
      res.end();
      return;
    }
    await writeReadableStreamToWritable(response.body, res);
  };

  /** Renders the request as sent: stores (under `key`) and sends the page, or sends it uncached. Null when it was not stored. */
  const renderAndStore = async (req: ExpressRequest, res: ExpressResponse, key: string): Promise<CachedPage | null> => {
    const startedIn = generation;
    const loadContext = options.getLoadContext(req, res);
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    const response = await options.handler(new Request(url, { method: "GET", headers, signal: controller.signal }), loadContext);
    const storable =
      response.status === 200 &&
      loadContext.htmlCacheable === true &&
      loadContext.renderDegraded !== true &&
      (options.canStore?.() ?? true) &&
      !response.headers.has("set-cookie") &&
      (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (storable) {
      const body = Buffer.from(await response.arrayBuffer());
      const html = body.toString("utf8");
      // A content page has no inline script; a hydrated page's scripts all carry this response's
      // nonce, which its stored CSP then keeps. Anything else would not run from the cache.
      if (!hasInlineScript(html, loadContext.cspNonce)) {
        const page = store(key, startedIn, res.getHeaders(), response.headers, body, hasInlineScript(html));
        send(req, res, page, "miss");
        return page;
      }
      await sendResponse(req, res, new Response(body, { status: response.status, headers: response.headers }));
      return null;
    }
    await sendResponse(req, res, response);
    return null;
  };

  /** Renders in flight, by key: a concurrent miss of the same page waits for the first one's render. */
  const inFlight = new Map<string, Promise<CachedPage | null>>();

  /** Serves cached pages and stores new ones; everything else goes on to `next` (React Router). */
  const middleware = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const target = cacheTarget(options.buildId, { method: req.method, url: req.originalUrl, headers: req.headers });
    if (target === null) return next();
    const cached = lookup(target.key);
    if (cached) return sendHit(req, res, target.key, cached);
    if (!target.storable) return next();
    try {
      const pending = inFlight.get(target.key);
      const shared = pending ? await pending.catch(() => null) : null;
      if (shared) return send(req, res, shared, "hit");
      const render = renderAndStore(req, res, target.key);
      if (!pending) {
        inFlight.set(target.key, render);
        void render.catch(() => null).finally(() => inFlight.get(target.key) === render && inFlight.delete(target.key));
      }
      await render;
    } catch (error) {
      next(error);
    }
  };

  return {
    middleware,
    serveHit,
    applyContentState,
    invalidate,
    /** Number of stored pages and their bytes (for tests and the benchmark). */
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}
