/**
 * React Router's own requests on the production build, with and without a cookie: a client-side
 * navigation asks `/__manifest?paths=&version=` for the routes it does not know yet and
 * `*.data?_routes=` for their loader data. The HTML cache (which only serves anonymous visitors,
 * i.e. requests without a cookie) must leave every one of them untouched, so a cookieless visitor
 * gets exactly what a visitor with a cookie gets, on one instance and across two. And a public
 * page written another way (`/About`, `/fr/About`, `/%66r/about`) answers 301 to its one address, with or
 * without a cookie, under every language prefix as in English.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServers, type Cluster } from "./support/servers";

/** The build's manifest version (what the browser sends as `version=`), read from build/client. */
function buildVersion(): string {
  const dir = path.resolve("build/client/assets");
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("build/client/assets has no manifest: run `npm run build` first.");
  const version = /"version":"([^"]+)"/.exec(readFileSync(path.join(dir, file), "utf8"))?.[1];
  if (!version) throw new Error(`no version in ${file}`);
  return version;
}

/** Status, the headers React Router's client acts on, and the body. */
async function answer(base: string, target: string, cookie?: string) {
  const response = await fetch(`${base}${target}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return {
    status: response.status,
    reloadDocument: response.headers.get("x-remix-reload-document"),
    contentType: response.headers.get("content-type"),
    body: await response.text(),
  };
}

describe("React Router requests with and without a cookie (production build)", () => {
  let cluster: Cluster;
  let targets: string[];
  beforeAll(async () => {
    cluster = await startServers(2, { env: { SEED_DEMO: "true" } });
    const version = buildVersion();
    const paths = (list: string[]) => encodeURIComponent(list.join(","));
    targets = [
      `/__manifest?paths=${paths(["/admin/forgot-password"])}&version=${version}`,
      `/__manifest?paths=${paths(["/projects", "/insights", "/contact", "/book-consultation"])}&version=${version}`,
      "/_root.data",
      "/projects.data?category=commercial&_routes=root%2Croutes%2Fpublic%2Fprojects",
      "/about.data?_routes=routes%2Fpublic%2Fabout",
      "/admin/forgot-password.data?_routes=routes%2Fadmin%2Fforgot-password",
    ];
    // Warm the HTML cache with the pages those requests name, as visitors would.
    for (const server of cluster.servers) for (const page of ["/", "/about", "/projects", "/projects?category=commercial"]) await fetch(`${server.base}${page}`);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("on one instance: the same status, headers and body without a cookie as with one", async () => {
    const [a] = cluster.servers;
    for (const target of targets) {
      const withCookie = await answer(a.base, target, "a=1");
      const without = await answer(a.base, target);
      expect([target, without]).toEqual([target, withCookie]);
      expect([target, without.status, without.reloadDocument]).toEqual([target, 200, null]);
    }
  });

  it("across two instances: a cookieless request to one answers as a request with a cookie to the other", async () => {
    const [a, b] = cluster.servers;
    for (const target of targets) {
      const withCookie = await answer(a.base, target, "a=1");
      const without = await answer(b.base, target);
      expect([target, without]).toEqual([target, withCookie]);
    }
    // The route manifest names the routes asked for, so a client navigation needs no reload.
    const manifest = JSON.parse((await answer(b.base, targets[0]!)).body) as Record<string, unknown>;
    expect(Object.keys(manifest)).toContain("routes/admin/forgot-password");
  });

  it("a public page written another way answers 301 to its one address, from memory or not", async () => {
    const [a] = cluster.servers;
    for (const [target, location] of [
      ["/About", "/about"],
      ["/ABOUT", "/about"],
      ["/%61bout", "/about"],
      ["/about/", "/about"],
      ["/Projects?category=commercial", "/projects?category=commercial"],
    ]) {
      for (const cookie of [undefined, "a=1"]) {
        const response = await fetch(`${a.base}${target}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        expect([target, cookie, response.status, response.headers.get("location")]).toEqual([target, cookie, 301, location]);
      }
    }
    for (const target of ["/about", "/book-consultation/manage/AbCdEf", "/insights/rss.xml"]) {
      expect([target, (await fetch(`${a.base}${target}`, { redirect: "manual" })).status]).not.toEqual([target, 301]);
    }
  });

  it("under every language prefix too: one 301 to the page's one address, which answers in its language with itself as canonical", async () => {
    const [a] = cluster.servers;
    for (const [target, location, lang] of [
      ["/fr/About", "/fr/about", "fr"],
      ["/fr/ABOUT", "/fr/about", "fr"],
      ["/fr/%61bout", "/fr/about", "fr"],
      ["/fr/about/", "/fr/about", "fr"],
      ["/ar/Contact", "/ar/contact", "ar"],
      ["/%66r/about", "/fr/about", "fr"],
      ["/FR", "/fr", "fr"],
      ["/ar/", "/ar", "ar"],
      ["/fr/Book-Consultation?type=x", "/fr/book-consultation?type=x", "fr"],
    ] as const) {
      for (const cookie of [undefined, "a=1"]) {
        const response = await fetch(`${a.base}${target}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        expect([target, cookie, response.status, response.headers.get("location")]).toEqual([target, cookie, 301, location]);
      }
      const page = await fetch(`${a.base}${location}`, { redirect: "manual" });
      const html = await page.text();
      expect([location, page.status, /<html lang="([^"]+)"/.exec(html)?.[1]?.slice(0, 2)]).toEqual([location, 200, lang]);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect([location, canonical && new URL(canonical).pathname]).toEqual([location, location.split("?")[0]]);
    }
    for (const target of ["/fr/about", "/ar/contact", "/fr", "/ar/book-consultation/manage/AbCdEf", "/fr/insights/rss.xml"]) {
      expect([target, (await fetch(`${a.base}${target}`, { redirect: "manual" })).status]).not.toEqual([target, 301]);
    }
  });
});
