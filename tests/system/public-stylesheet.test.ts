/**
 * The two stylesheets (`app/root.tsx`): public pages load `public.css`, built from the files
 * public pages are drawn from, and the portal loads `app.css`, built from every file. A class a
 * public page's HTML uses that `app.css` styles must be styled by `public.css` too, or a component
 * newly used on a public page is missing from public.css's `@source` list. Stylesheets are sent
 * in the encodings the build wrote (brotli at quality 11, gzip at level 9).
 */
import { readFile } from "node:fs/promises";
import { get, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type BenchServer } from "../../bench/lib";
import { DEMO_CONTENT_PAGES } from "../setup/demo-pages";
import { prepareDatabase, serverBaseEnv, systemDatabaseUrl } from "./support/servers";

let server: BenchServer;

beforeAll(async () => {
  const url = systemDatabaseUrl();
  await prepareDatabase(url);
  server = await startServer({
    label: "public-stylesheet",
    env: () => ({
      ...serverBaseEnv(url),
      SEED_DEMO: "true",
    }),
  });
});

afterAll(async () => {
  await server?.stop();
});

/** Every public page kind, with the demo content's project and article. */
const PUBLIC_PAGES = [...DEMO_CONTENT_PAGES, "/contact", "/book-consultation", "/no-such-page"];

/** The stylesheet hrefs a document links. */
const stylesheetsOf = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);

/** The class names a stylesheet has a selector for (CSS escapes undone). */
function classesStyledBy(css: string): Set<string> {
  const names = new Set<string>();
  for (const match of css.matchAll(/\.((?:\\.|[\w-])+)/g)) names.add(match[1]!.replace(/\\(.)/g, "$1"));
  return names;
}

/** An attribute value as React escapes it, unescaped. */
const decodeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** One GET with node:http, the body as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** The built stylesheet at `href` (/assets/...), read from the build's client folder. */
const builtStylesheet = (href: string) => readFile(path.join(process.env.BUILD_DIR ?? "build", "client", href), "utf8");

describe("the public stylesheet", () => {
  it("is what public pages load, and the portal loads the whole one", async () => {
    const home = await (await fetch(`${server.base}/`)).text();
    const login = await (await fetch(`${server.base}/admin/login`)).text();
    expect(stylesheetsOf(home)).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]);
    expect(stylesheetsOf(login)).toEqual([expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/)]);
  });

  it("is sent as the build compressed it: brotli to a browser, gzip to a client without brotli, the bytes themselves to others", async () => {
    const home = await (await fetch(`${server.base}/`)).text();
    const href = stylesheetsOf(home)[0]!;
    const built = await readFile(path.join(process.env.BUILD_DIR ?? "build", "client", href));
    for (const [acceptEncoding, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["identity", null, (bytes: Buffer) => bytes],
    ] as const) {
      const response = await rawGet(`${server.base}${href}`, acceptEncoding);
      expect([acceptEncoding, response.headers["content-encoding"] ?? null]).toEqual([acceptEncoding, encoding]);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["vary"]).toBe("Accept-Encoding");
      expect(decode(response.body).equals(built)).toBe(true);
      if (encoding) expect(response.body.equals(await readFile(path.join(process.env.BUILD_DIR ?? "build", "client", `${href}.${encoding === "br" ? "br" : "gz"}`)))).toBe(true);
    }
  });

  it("styles every class a public page uses that the whole stylesheet styles", async () => {
    const login = await (await fetch(`${server.base}/admin/login`)).text();
    const whole = classesStyledBy(await builtStylesheet(stylesheetsOf(login)[0]!));
    const missing: string[] = [];
    let publicHref = "";
    for (const page of PUBLIC_PAGES) {
      const html = await (await fetch(server.base + page)).text();
      publicHref = stylesheetsOf(html)[0]!;
      const styled = classesStyledBy(await builtStylesheet(publicHref));
      for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
        for (const name of decodeAttribute(match[1]!).split(/\s+/)) {
          if (name && whole.has(name) && !styled.has(name)) missing.push(`${page}: ${name}`);
        }
      }
    }
    expect(publicHref).toMatch(/public-/);
    expect([...new Set(missing)]).toEqual([]);
  });
});
