/**
 * The request log and the HTML cache's hit path on a production server (LOG_LEVEL=trace, so every
 * level is written):
 *   - a hit carries the same headers as the miss that stored the page (security headers included),
 *     raw and gzip-encoded; a browser's `gzip, deflate, br` gets brotli; a stored page's CSP keeps
 *     a nonce only when the page has inline scripts (the hydrated contact page), all carrying it;
 *   - no line of any level holds a query string or a token path segment, for every kind of URL
 *     that carries a secret (reset and invitation links, e-mail confirmations, better-auth's
 *     verification and reset callbacks, draft previews, manage-booking links and their data
 *     requests, calendar feeds, the route manifest), asked with the methods that make errors;
 *   - after a burst, and a SIGTERM right after it while lines are still buffered, the log holds
 *     exactly one line per request; and no MaxListenersExceededWarning was printed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type BenchServer } from "../../bench/lib";
import { prepareDatabase, serverBaseEnv, systemDatabaseUrl } from "./support/servers";

let server: BenchServer;
let base: string;
let output = "";

beforeAll(async () => {
  const url = systemDatabaseUrl();
  await prepareDatabase(url);
  server = await startServer({
    label: "request-log",
    onOutput: (text) => (output += text),
    env: () => ({
      ...serverBaseEnv(url),
      LOG_LEVEL: "trace",
    }),
  });
  base = server.base;
});

afterAll(async () => {
  await server?.stop();
});

/** Headers of a response but the per-response ones, as sorted [name, value] pairs. */
function lasting(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => !["date", "x-request-id", "x-html-cache"].includes(name)).sort(([a], [b]) => a.localeCompare(b));
}

/** The JSON lines written so far. */
function logLines(): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("an HTML-cache hit", () => {
  it.each([
    ["/", "identity"],
    ["/projects", "identity"],
    ["/about", "gzip"],
    ["/insights", "gzip"],
    ["/contact", "gzip"],
  ])("of %s (Accept-Encoding %s) has the headers of the miss that stored it", async (path, encoding) => {
    const headers = { "accept-encoding": encoding };
    const miss = await fetch(base + path, { headers });
    const missBody = await miss.arrayBuffer();
    const hit = await fetch(base + path, { headers });
    const hitBody = await hit.arrayBuffer();
    expect([miss.status, miss.headers.get("x-html-cache")]).toEqual([200, "miss"]);
    expect([hit.status, hit.headers.get("x-html-cache")]).toEqual([200, "hit"]);
    expect(lasting(hit)).toEqual(lasting(miss));
    expect(hit.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(hit.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
    expect(Buffer.from(hitBody).equals(Buffer.from(missBody))).toBe(true);
    expect(hit.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers.get("x-request-id")).not.toBe(miss.headers.get("x-request-id"));
  });
});

describe("the CSP nonce of a stored page", () => {
  /** The nonce-source of a CSP, or null. */
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
  /** The opening tags of the executable inline scripts of an HTML page. */
  const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/\bsrc=|application\/ld\+json/.test(a));

  it.each(["/privacy", "/contact"])("is left out for %s, a public page sent without React, which has no inline script", async (path) => {
    await (await fetch(`${base}${path}`)).arrayBuffer();
    const hit = await fetch(`${base}${path}`);
    expect(hit.headers.get("x-html-cache")).toBe("hit");
    expect(nonceOf(hit.headers.get("content-security-policy"))).toBeNull();
    expect(inlineScripts(await hit.text())).toEqual([]);
  });
});

describe("a browser's Accept-Encoding", () => {
  it("gets the brotli encoding once the cache has made it, though the browser lists gzip first, with the miss's other headers", async () => {
    const headers = { "accept-encoding": "gzip, deflate, br" };
    const miss = await fetch(`${base}/services`, { headers });
    await miss.arrayBuffer();
    expect(miss.headers.get("x-html-cache")).toBe("miss");
    const encodingOf = async () => {
      const response = await fetch(`${base}/services`, { headers });
      await response.arrayBuffer();
      return [response.headers.get("x-html-cache"), response.headers.get("content-encoding")];
    };
    await expect.poll(encodingOf, { timeout: 20_000, interval: 200 }).toEqual(["hit", "br"]);
    const hit = await fetch(`${base}/services`, { headers });
    await hit.arrayBuffer();
    const unencoded = (response: Response) => lasting(response).filter(([name]) => name !== "content-encoding" && name !== "content-length");
    expect(unencoded(hit)).toEqual(unencoded(miss));
  });
});

describe("the request log", () => {
  it("holds no query string or token path segment at any level, for every kind of URL with a secret", async () => {
    const asked: [string, string][] = [
      ["OPTIONS", "/admin/set-password?token=SECRET-set-options"],
      ["GET", "/admin/set-password?token=SECRET-set-get"],
      ["POST", "/admin/set-password?token=SECRET-set-post"],
      ["GET", "/admin/confirm-email?token=SECRET-confirm"],
      ["GET", "/api/auth/verify-email?token=SECRET-verify&callbackURL=%2Fadmin"],
      ["GET", "/api/auth/reset-password/SECRET-reset?callbackURL=%2Fadmin%2Fset-password"],
      ["GET", "/?preview=SECRET-home-preview"],
      ["OPTIONS", "/about?preview=SECRET-about-preview"],
      ["GET", "/insights/a-draft?preview=SECRET-article-preview"],
      ["PUT", "/projects/a-draft?preview=SECRET-project-preview"],
      ["GET", "/book-consultation/manage/SECRET-manage"],
      ["POST", "/book-consultation/manage/SECRET-manage-post"],
      ["GET", "/book-consultation/manage/SECRET-manage-data.data?_routes=routes%2Fpublic%2Fmanage-booking"],
      ["GET", "/admin/calendar/SECRET-feed"],
      ["GET", "/admin/calendar/SECRET-feed-ics.ics"],
      ["DELETE", "/admin/calendar/SECRET-feed-delete"],
      ["GET", "/__manifest?paths=%2Fbook-consultation%2Fmanage%2FSECRET-manifest&version=x"],
    ];
    const ids: string[] = [];
    for (const [method, path] of asked) {
      const response = await fetch(base + path, { method, redirect: "manual", headers: { origin: base } });
      await response.arrayBuffer();
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      ids.push(response.headers.get("x-request-id")!);
    }
    await expect.poll(() => ids.every((id) => output.includes(id)), { timeout: 5_000 }).toBe(true);
    expect(output).not.toContain("SECRET");
    // Error lines were written for these requests (React Router refuses OPTIONS): without their query.
    expect(logLines().filter((l) => l.level === 50 && l.path === "/admin/set-password")).not.toEqual([]);
  });

  it("has exactly one line per request after a burst and a SIGTERM right after it", async () => {
    const paths = ["/", "/about", "/projects", "/insights", "/no-such-page", "/healthz"];
    const ids: string[] = [];
    for (let round = 0; round < 8; round++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const response = await fetch(base + paths[(round + i) % paths.length]!, { headers: { "accept-encoding": i % 2 ? "gzip, deflate, br" : "identity" } });
          await response.arrayBuffer();
          return response.headers.get("x-request-id")!;
        }),
      );
      ids.push(...responses);
    }
    // Pages the cache may not answer (a cookie it does not accept): rendered, streamed and brotli-compressed.
    for (const response of await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/`, { headers: { cookie: "bench=bypass", "accept-encoding": "br" } })))) {
      expect([response.status, response.headers.get("content-encoding"), response.headers.get("x-html-cache")]).toEqual([200, "br", null]);
      await response.arrayBuffer();
      ids.push(response.headers.get("x-request-id")!);
    }
    await server.stop();

    const lines = logLines().filter((l) => l.msg === "request" || l.msg === "request failed");
    const count = new Map<unknown, number>();
    for (const line of lines) count.set(line.requestId, (count.get(line.requestId) ?? 0) + 1);
    expect(ids.filter((id) => count.get(id) !== 1)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.length).toBe(count.size);
    const hit = lines.find((l) => l.requestId === ids[0]);
    expect(hit).toMatchObject({ route: "routes/public/home", method: "GET", status: 200, cache: "hit", level: 30 });
    expect(Object.keys(hit!).sort()).toEqual(["cache", "durationMs", "hostname", "level", "method", "msg", "pid", "requestId", "route", "status", "time"]);
    expect(output).not.toContain("MaxListenersExceededWarning");
  });
});
