/**
 * The HTML cache's rules (ADR "HTML cache"): what is and is not stored, encodings,
 * ETag/304, the consent key, invalidation by content version and by the next scheduled
 * publication; and the triggers + NOTIFY that report content changes, on PGlite and PostgreSQL.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, schema } from "~/db/client.server";
import { readContentState, watchContentState, type ContentState } from "~/features/site/content-version.server";
import { cacheTarget } from "../../server/cache-target";
import { createHtmlCache, hasInlineScript } from "../../server/html-cache";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

/** A page of the stand-in handler; `html` may be made from the response's CSP nonce. */
type Page = { status?: number; cacheable?: boolean; degraded?: boolean; delayMs?: number; html?: string | ((nonce: string) => string); headers?: Record<string, string> };

/** A server with the cache in front of a handler that renders `pages[path]` and counts renders. */
async function startCache(pages: Record<string, Page>) {
  const renders: string[] = [];
  const cache = createHtmlCache({
    buildId: "build-1",
    maxBytes: 1024 * 1024,
    getLoadContext: (_req, res) => ({ clientIp: "127.0.0.1", cspNonce: res.locals.cspNonce as string }),
    handler: async (request: Request, context: AppLoadContext) => {
      const url = new URL(request.url);
      const page = pages[url.pathname] ?? { status: 404, html: "<h1>Not found</h1>" };
      renders.push(`${url.pathname}${url.search} ${request.headers.get("cookie") ?? ""}`);
      if (page.delayMs) await new Promise((resolve) => setTimeout(resolve, page.delayMs));
      context.htmlCacheable = page.cacheable ?? true;
      if (page.degraded) context.renderDegraded = true;
      const consent = /cookie_consent=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? "none";
      const html = typeof page.html === "function" ? page.html(context.cspNonce!) : (page.html ?? `<!DOCTYPE html><html><body><h1>${url.pathname}</h1><p>consent ${consent}</p>${"<p>text</p>".repeat(200)}</body></html>`);
      return new Response(html, { status: page.status ?? 200, headers: { "Content-Type": "text/html; charset=utf-8", ...page.headers } });
    },
  });
  const app = express();
  // Stands in for helmet: security headers set before the cache, the CSP with a per-request nonce.
  app.use((_req, res, next) => {
    res.locals.cspNonce = Math.random().toString(36).slice(2);
    res.setHeader("Content-Security-Policy", `default-src 'self'; script-src 'self' 'nonce-${res.locals.cspNonce}'`);
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  app.use(cache.middleware);
  app.use((_req, res) => res.status(418).send("fell through"));
  // As server.js: hits answered before Express.
  const server = createServer((req, res) => {
    if (!cache.serveHit(req, res, "test-request-id")) app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${base}${path}`, { method, headers });
  return { cache, renders, get, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("HTML cache rules", () => {
  let env: Awaited<ReturnType<typeof startCache>>;
  beforeAll(async () => {
    env = await startCache({
      "/": {},
      "/about": {},
      "/hydrated": { cacheable: false },
      "/shared-hydrated": { html: (nonce) => `<html><body><h1>Contact</h1><script nonce="${nonce}">window.context={}</script></body></html>` },
      "/with-cookie": { headers: { "Set-Cookie": "flash=1; Path=/" } },
      "/inline": { html: "<html><body><script>alert(1)</script></body></html>" },
      "/degraded": { degraded: true },
      "/slow": { delayMs: 300 },
      "/book-consultation": {},
    });
  });
  afterAll(async () => env.close());
  afterEach(() => {
    env.cache.invalidate();
    env.renders.length = 0;
  });

  it("renders an anonymous page once, then serves it from memory with an ETag, gzip, brotli and 304", async () => {
    const first = await env.get("/", { "accept-encoding": "identity" });
    expect(first.headers.get("x-html-cache")).toBe("miss");
    const html = await first.text();
    expect(html).toContain("<h1>/</h1>");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);

    const second = await env.get("/", { "accept-encoding": "gzip" });
    expect(second.headers.get("x-html-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(etag);
    expect(env.renders).toHaveLength(1);
    // A hit, answered before Express, carries the storing response's headers; the CSP has no nonce
    // (a stored page has no inline script), so it is as strict as the miss's and stricter.
    for (const response of [first, second]) {
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
    }
    expect(second.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'self'");

    // fetch decodes; read the raw bytes through node's http instead.
    const raw = async (encoding: string) => {
      const { request } = await import("node:http");
      const url = new URL(`${(await env.get("/")).url}`);
      return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    };
    const gz = await raw("gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(html);
    await expect.poll(async () => (await raw("br, gzip")).encoding).toBe("br");
    expect(brotliDecompressSync((await raw("br")).body).toString()).toBe(html);

    const revalidated = await env.get("/", { "if-none-match": etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const head = await env.get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("x-html-cache")).toBe("hit");
    expect(env.renders).toHaveLength(1);
  });

  it("keys on the consent choice and the query string", async () => {
    const none = await (await env.get("/about")).text();
    const accepted = await (await env.get("/about", { cookie: "cookie_consent=accepted; _ga=GA1.1.1" })).text();
    const rejected = await (await env.get("/about", { cookie: "cookie_consent=rejected" })).text();
    expect([none, accepted, rejected].map((h) => /consent (\w+)/.exec(h)?.[1])).toEqual(["none", "accepted", "rejected"]);
    expect((await env.get("/about", { cookie: "_ga=GA1.1.2; cookie_consent=accepted" })).headers.get("x-html-cache")).toBe("hit");
    // A parameter /about does not read shares its entry.
    expect((await env.get("/about?q=x&utm_source=linkedin")).headers.get("x-html-cache")).toBe("hit");
    expect(env.renders).toHaveLength(3);
  });

  it("answers 1,000 unique junk query strings from the one stored page, rendering and compressing nothing more", async () => {
    await env.get("/");
    const before = env.cache.stats();
    const states = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const junk = `utm_source=s${i}&fbclid=${i.toString(36)}&gclid=g${i}&trk=${i}&x${i}=${"y".repeat(i % 50)}`;
      const state = (await env.get(`/?${junk}`, { "accept-encoding": "gzip" })).headers.get("x-html-cache") ?? "none";
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    expect(Object.fromEntries(states)).toEqual({ hit: 1000 });
    expect(env.renders).toEqual(["/ "]);
    expect(env.cache.stats()).toEqual(before);
    // The real pages are all still there.
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("hit");
  });

  it("renders every miss exactly as sent: stored under the clean key only when that render is the clean page", async () => {
    // Tracking parameters only: rendered as sent, stored under /about, then answering the clean URL.
    expect((await env.get("/about?utm_campaign=spring&utm_medium=email")).headers.get("x-html-cache")).toBe("miss");
    expect(env.renders).toEqual(["/about?utm_campaign=spring&utm_medium=email "]);
    expect((await env.get("/about")).headers.get("x-html-cache")).toBe("hit");
    // Another parameter: on a miss it reaches React Router untouched and nothing is stored.
    expect((await env.get("/?x=1&utm_source=a")).status).toBe(418);
    expect(env.cache.stats().entries).toBe(1);
    // (fetch itself removes dot segments; the raw-target test below sends them.)
    for (const path of ["/About", "/about/", "/%61bout"]) {
      expect([path, (await env.get(path)).status]).toEqual([path, 418]);
    }
    expect(env.cache.stats().entries).toBe(1);
  });

  it("never answers, renders or stores React Router's own requests, with or without a stored page", async () => {
    await env.get("/");
    await env.get("/about");
    env.renders.length = 0;
    for (const path of [
      "/__manifest?paths=%2Fabout%2C%2Fadmin%2Fforgot-password&version=abc",
      "/__manifest",
      "/_root.data",
      "/about.data?_routes=routes%2Fabout",
      "/?index",
      "/?index=&utm_source=x",
      "/about?_routes=root",
      "/about?%5Fdata=root",
    ]) {
      const response = await env.get(path);
      expect([path, response.status, response.headers.get("x-html-cache")]).toEqual([path, 418, null]);
    }
    expect(env.renders).toEqual([]);
    expect(env.cache.stats().entries).toBe(2);
  });

  it("never stores /book-consultation reached through a non-normal target, even if rendered without hydration", async () => {
    const { request } = await import("node:http");
    const port = new URL((await env.get("/")).url).port;
    const rawGet = (target: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path: target }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
          .on("error", reject)
          .end();
      });
    env.renders.length = 0;
    for (const target of ["/./book-consultation", "/%62ook-consultation", "/x/../book-consultation", "http://evil.example/book-consultation"]) {
      expect([target, await rawGet(target), await rawGet(target)]).toEqual([target, 418, 418]);
    }
    expect(env.renders).toHaveLength(0);
    expect(env.cache.stats().entries).toBe(1);
  });

  it("renders a page once for concurrent misses of the same key", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => env.get(`/slow?utm_source=${i}`)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(env.renders).toHaveLength(1);
    expect(env.renders[0]).toMatch(/^\/slow\?utm_source=\d /);
    expect(responses.filter((r) => r.headers.get("x-html-cache") === "miss")).toHaveLength(1);
  });

  it("never stores pages for staff or other cookies, hydrated, failed or degraded pages, pages setting a cookie or with inline scripts", async () => {
    for (const cookie of ["better-auth.session_token=abc", "cookie_consent=accepted; __Secure-better-auth.session_token=abc", "flash=1"]) {
      // Straight on to React Router.
      expect((await env.get("/", { cookie })).status).toBe(418);
    }
    for (const [path, headers] of [
      ["/hydrated", {}],
      ["/with-cookie", {}],
      ["/inline", {}],
      ["/missing", {}],
      ["/degraded", {}],
    ] as const) {
      await env.get(path, headers);
      const again = await env.get(path, headers);
      expect([path, again.headers.get("x-html-cache")]).toEqual([path, "bypass"]);
    }
    expect((await env.get("/missing")).status).toBe(404);
    expect(env.renders).toHaveLength(11);
  });

  it("stores a hydrated page whose inline scripts carry the nonce, keeping that nonce in its CSP", async () => {
    const miss = await env.get("/shared-hydrated");
    const nonce = /'nonce-(\w+)'/.exec(miss.headers.get("content-security-policy") ?? "")?.[1];
    expect(await miss.text()).toContain(`<script nonce="${nonce}">`);
    const hit = await env.get("/shared-hydrated");
    expect(hit.headers.get("x-html-cache")).toBe("hit");
    expect(hit.headers.get("content-security-policy")).toBe(`default-src 'self'; script-src 'self' 'nonce-${nonce}'`);
    expect(await hit.text()).toContain(`<script nonce="${nonce}">`);
  });

  it("leaves POSTs, the portal, the booking wizard, token pages and preview links to React Router", async () => {
    for (const path of ["/admin", "/admin/set-password?token=x", "/book-consultation", "/book-consultation/manage/tok", "/fr/book-consultation", "/ar/book-consultation/manage/tok", "/projects/a?preview=sig", "/api/auth/session"]) {
      const response = await env.get(path);
      expect([path, response.status]).toEqual([path, 418]);
    }
    expect((await env.get("/", {}, "POST")).status).toBe(418);
    expect(env.renders).toHaveLength(0);
  });

  it("drops every page when the content version moves, and at the next scheduled publication", async () => {
    const state = (version: number, next: Date | null = null): ContentState => ({ version, nextPublicationAt: next });
    env.cache.applyContentState(state(1));
    await env.get("/");
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("hit");
    env.cache.applyContentState(state(1));
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("hit");
    env.cache.applyContentState(state(2));
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("miss");

    env.cache.applyContentState(state(2, new Date(Date.now() + 300)));
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("miss");
    expect((await env.get("/")).headers.get("x-html-cache")).toBe("hit");
  });
});

describe("cache helpers", () => {
  it("recognises inline scripts but not external modules or JSON-LD", () => {
    expect(hasInlineScript('<script type="module" src="/assets/enhance.js"></script><script type="application/ld+json">{}</script>')).toBe(false);
    expect(hasInlineScript("<script nonce=\"abc\">window.x=1</script>")).toBe(true);
    // With a nonce: only the inline scripts that do not carry it.
    expect(hasInlineScript('<script nonce="abc">window.x=1</script>', "abc")).toBe(false);
    expect(hasInlineScript('<script nonce="abc">1</script><script>2</script>', "abc")).toBe(true);
    expect(hasInlineScript('<script nonce="abd">window.x=1</script>', "abc")).toBe(true);
  });

  it("keys by build, consent, normalised path and the parameters the page reads", () => {
    const req = (url: string, cookie?: string, method = "GET") => ({ method, url, headers: { cookie } });
    const key = (buildId: string, url: string, cookie?: string, method?: string) => cacheTarget(buildId, req(url, cookie, method))?.key ?? null;
    expect(key("b1", "/projects?category=commercial", "cookie_consent=accepted")).toBe("b1\naccepted\n/projects?category=commercial");
    expect(key("b2", "/projects?category=Humanitarian&utm_source=x")).toBe("b2\nnone\n/projects?category=humanitarian");
    // Parameters a page does not read, or values it does not accept, are not part of the key.
    expect(key("b1", "/projects?category=all&gclid=1")).toBe("b1\nnone\n/projects");
    expect(cacheTarget("b1", req("/about?utm_source=newsletter&fbclid=abc&trk=x"))).toEqual({ key: "b1\nnone\n/about", storable: true });
    // Stored only when the render as sent is the clean page: the target clean, or only tracking parameters added.
    expect(cacheTarget("b1", req("/about"))?.storable).toBe(true);
    expect(cacheTarget("b1", req("/projects?category=commercial&utm_source=x"))?.storable).toBe(true);
    for (const target of ["/about?x=1", "/about?", "/projects?category=Commercial", "/projects?category=all", "/projects?category=commercial&category=humanitarian"]) {
      expect([target, cacheTarget("b1", req(target))?.storable]).toEqual([target, false]);
    }
    // React Router's own requests are never keyed.
    for (const target of ["/__manifest?paths=%2Fabout&version=1", "/__manifest", "/?index", "/about?_routes=root", "/about?_data=root"]) {
      expect([target, key("b1", target)]).toEqual([target, null]);
    }
    // Unbounded parameters (search text, preview links) are never stored.
    expect(key("b1", "/projects?q=a")).toBeNull();
    expect(key("b1", "/projects/x?preview=abc")).toBeNull();
    expect(key("b1", "/projects/x?a=1&preview")).toBeNull();
    expect(key("b1", "/ADMIN/cms")).toBeNull();
    expect(key("b1", "/api")).toBeNull();
    expect(key("b1", "/apiary")).toBe("b1\nnone\n/apiary");
    // Client navigation's data requests keep every parameter: they go straight to React Router.
    expect(key("b1", "/book-consultation.data?type=x&step=2")).toBeNull();
    expect(key("b1", "/projects.data?category=commercial")).toBeNull();
    expect(key("b1", "/_root.data")).toBeNull();
    expect(key("b1", "/", undefined, "POST")).toBeNull();
    // The cookie banner's form without JavaScript.
    expect(key("b1", "/consent", "cookie_consent=accepted", "POST")).toBeNull();
    // Excluded paths are recognised after decoding and normalising; other non-normal targets are never stored.
    for (const target of [
      "/./book-consultation",
      "/%62ook-consultation",
      "/%2e/book-consultation/manage/tok",
      "/x/../book-consultation",
      "//book-consultation",
      "http://evil.example/book-consultation",
      "/%61dmin",
      "/About",
      "/about/",
      "/./about",
      "/%61bout",
      "http://evil.example/about",
      "/bad%zzpath",
    ]) {
      expect([target, key("b1", target)]).toEqual([target, null]);
    }
  });
});

describe("content changes", () => {
  it("a write to a public table bumps the version and notifies at once; a future publication is reported", async () => {
    const seen: ContentState[] = [];
    const stop = watchContentState((state) => seen.push(state));
    try {
      await expect.poll(() => seen.length).toBe(1);
      const before = seen[0]!.version;
      const started = Date.now();
      await db.insert(schema.insights).values({ slug: "later", title: "Later", status: "published", publishedDate: new Date(Date.now() + 3_600_000) });
      await expect.poll(() => seen.length, { timeout: 1000, interval: 20 }).toBe(2);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(seen[1]!.version).toBeGreaterThan(before);
      expect(seen[1]!.nextPublicationAt?.getTime()).toBeGreaterThan(Date.now());

      await db.update(schema.insights).set({ title: "Changed" }).where(eq(schema.insights.slug, "later"));
      await expect.poll(() => seen.length, { timeout: 1000, interval: 20 }).toBe(3);
      // A statement-level trigger: even a settings update touching no row counts.
      await db.execute(sql`update site_settings set updated_by = 'x'`);
      await expect.poll(() => seen.length, { timeout: 1000, interval: 20 }).toBe(4);
      expect((await readContentState()).version).toBe(seen[3]!.version);

      // A project scheduled before the insight becomes the next publication.
      const sooner = new Date(Date.now() + 600_000);
      await db.insert(schema.cmsProjects).values({ slug: "soon", title: "Soon", client: "Client", displayStatus: "published", publishedAt: sooner });
      await expect.poll(() => seen.length, { timeout: 1000, interval: 20 }).toBe(5);
      expect(seen[4]!.nextPublicationAt?.getTime()).toBe(sooner.getTime());
    } finally {
      await stop();
    }
  });
});
