/**
 * Redirects and the 404 log on the real database: sources written as people type them are
 * normalised; a request finds its redirect (query parameter, exact path, longest prefix); a
 * redirect that loops, hides a live page or repeats a source is refused with the reason and
 * nothing is stored; the CSV import is all or nothing and round-trips the export; hits are added
 * in batches without moving `content_version`, while any other change moves it (every instance
 * reloads); the 404 log counts without cookies, bots apart, capped per client, and lists the most
 * frequent first.
 */
import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import proxyaddr from "proxy-addr";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, insights, notFoundPaths, redirects } from "~/db/schema";
import { MAX_VIEWS_PER_CLIENT_PER_HOUR } from "~/features/analytics/collector.server";
import { readContentState } from "~/features/site/content-version.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createNotFoundLog, listNotFound } from "./not-found.server";
import { createRedirect, deleteRedirect, importRedirectsCsv, listRedirects, redirectsCsv } from "./redirects.server";
import { createRedirectTable, normaliseSource, redirectLoop, type RedirectRule } from "./rules";
import { countRedirectHit, findRedirect, flushRedirectCounts, reloadRedirects } from "./runtime.server";

setupTestDatabase();

const actor = { userId: "u-1", email: "boss@staff.test" };
const version = async () => (await readContentState()).version;
const rule = (source: string, target: string, statusCode: 301 | 302 | 410 = 301): RedirectRule => ({ id: source, source, target, statusCode });

describe("redirect rules", () => {
  it("normalises old addresses as pages are, keeps one query parameter and a trailing *", () => {
    expect(normaliseSource("/2013/01/11/markup-html-tags-and-formatting/")).toEqual({ source: "/2013/01/11/markup-html-tags-and-formatting" });
    expect(normaliseSource("https://old.example.com/about-us//")).toEqual({ source: "/about-us" });
    expect(normaliseSource("/?p=12")).toEqual({ source: "/?p=12" });
    expect(normaliseSource("/blog/*")).toEqual({ source: "/blog/*" });
    expect(normaliseSource("/news*")).toEqual({ source: "/news*" });
    expect(normaliseSource("/%62log")).toEqual({ source: "/blog" });
    expect(normaliseSource("old")).toEqual({ error: "Enter the old address, starting with / (no spaces)." });
    expect(normaliseSource("/*")).toEqual({ error: "A redirect of every address would hide the whole site." });
    expect(normaliseSource("/admin/users")).toHaveProperty("error");
    expect(normaliseSource("/?p=1&page_id=2")).toHaveProperty("error");
    expect(normaliseSource("/a*b")).toHaveProperty("error");
  });

  it("finds a query parameter's redirect first, then the exact path, then the longest prefix", () => {
    const table = createRedirectTable([rule("/?p=12", "/insights/a"), rule("/blog/*", "/insights"), rule("/blog/2013/*", "/insights/old"), rule("/blog/keep", "/insights/keep"), rule("/gone", "", 410)]);
    expect(table.find("/?utm_source=x&p=12")?.target).toBe("/insights/a");
    expect(table.find("/?p=13")).toBeNull();
    expect(table.find("/")).toBeNull();
    expect(table.find("/blog")?.target).toBe("/insights");
    expect(table.find("/blog/2013/01/x/")?.target).toBe("/insights/old");
    expect(table.find("/blog/keep/")?.target).toBe("/insights/keep");
    expect(table.find("/Blog/keep")).toBeNull();
    expect(table.find("/blogging")).toBeNull();
    expect(table.find("/gone")?.statusCode).toBe(410);
    expect(table.find("/%zz")).toBeNull();
  });

  it("names the chain of a loop, through other redirects and prefixes", () => {
    expect(redirectLoop(rule("/a", "/b"), [rule("/b", "/c"), rule("/c", "/a")])).toEqual(["/a", "/b", "/c", "/a"]);
    expect(redirectLoop(rule("/blog/*", "/blog/new"), [])).toEqual(["/blog/*", "/blog/new"]);
    expect(redirectLoop(rule("/a", "https://elsewhere.example/a"), [rule("/b", "/a")])).toBeNull();
    expect(redirectLoop(rule("/a", "/b"), [rule("/b", "", 410)])).toBeNull();
  });
});

describe("managing redirects", () => {
  it("adds a redirect that this instance answers at once, moves content_version and audits it", async () => {
    const before = await version();
    const created = await createRedirect(actor, { source: "/old-page/", target: "/about", statusCode: 301 });
    expect(created.ok).toBe(true);
    expect(await version()).toBeGreaterThan(before);
    expect(findRedirect("/old-page")).toMatchObject({ target: "/about", statusCode: 301 });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "redirect.created"))).toHaveLength(1);
    if (created.ok) expect(await deleteRedirect(actor, created.id)).toBe(true);
    expect(findRedirect("/old-page")).toBeNull();
  });

  it("refuses a loop, a live page hidden and a repeated source, with the reason, storing nothing", async () => {
    await db.insert(insights).values({ slug: "live-article", title: "Live", status: "published", publishedDate: new Date("2020-01-01T00:00:00Z") });
    await createRedirect(actor, { source: "/b", target: "/a", statusCode: 301 });
    expect(await createRedirect(actor, { source: "/a", target: "/b", statusCode: 301 })).toEqual({ ok: false, errors: { target: ["This redirect would loop: /a → /b → /a."] } });
    expect(await createRedirect(actor, { source: "/about", target: "/contact", statusCode: 302 })).toEqual({ ok: false, errors: { source: ["/about is a live page: a redirect from /about would hide it."] } });
    expect(await createRedirect(actor, { source: "/insights/*", target: "/", statusCode: 301 })).toEqual({
      ok: false,
      errors: { source: ["/insights is a live page: a redirect from /insights/* would hide it."] },
    });
    expect(await createRedirect(actor, { source: "/insights/live-article", target: "/", statusCode: 301 })).toMatchObject({ ok: false });
    expect(await createRedirect(actor, { source: "/b/", target: "/c", statusCode: 301 })).toEqual({ ok: false, errors: { source: ["A redirect from /b already exists."] } });
    expect(await createRedirect(actor, { source: "/x", target: "javascript:alert(1)", statusCode: 301 })).toMatchObject({ ok: false, errors: { target: [expect.stringContaining("Enter where")] } });
    // A query source on a live page's path hides nothing: /?p=5 is not the home page.
    expect(await createRedirect(actor, { source: "/?p=5", target: "/insights/live-article", statusCode: 301 })).toMatchObject({ ok: true });
    expect((await listRedirects()).map((r) => r.source).sort()).toEqual(["/?p=5", "/b"]);
  });

  it("imports a CSV file all or nothing, updates a source already redirected, and round-trips the export", async () => {
    await createRedirect(actor, { source: "/one", target: "/about", statusCode: 301 });
    const refused = await importRedirectsCsv(actor, "source,target,status\n/two,/contact,301\n/about,/contact,301\n/three,/x,307\n");
    expect(refused).toEqual({
      ok: false,
      message: "Nothing imported: 2 lines were refused.",
      problems: [
        { line: 3, reason: "/about is a live page: a redirect from /about would hide it." },
        { line: 4, reason: "the status must be 301, 302 or 410." },
      ],
    });
    expect((await listRedirects()).map((r) => r.source)).toEqual(["/one"]);
    expect(await importRedirectsCsv(actor, "nothing,here\n1,2\n")).toMatchObject({ ok: false, message: expect.stringContaining("header row") });

    expect(await importRedirectsCsv(actor, "\uFEFFSource,Target,Status\n/one,/contact,302\n/two/,https://partner.example/page,\n/gone-page,,410\n")).toEqual({ ok: true, created: 2, updated: 1 });
    const csv = await redirectsCsv();
    expect(csv).toContain("/one,/contact,302,0,");
    await db.delete(redirects);
    expect(await importRedirectsCsv(actor, csv)).toEqual({ ok: true, created: 3, updated: 0 });
    expect((await listRedirects()).map((r) => [r.source, r.target, r.statusCode]).sort()).toEqual([
      ["/gone-page", "", 410],
      ["/one", "/contact", 302],
      ["/two", "https://partner.example/page", 301],
    ]);
    // A loop across lines of one file is refused too.
    expect(await importRedirectsCsv(actor, "source,target\n/p,/q\n/q,/p\n")).toMatchObject({ ok: false, problems: [{ line: 3, reason: "This redirect would loop: /q → /p → /q." }] });
  });

  it("adds hits in batches without moving content_version", async () => {
    const created = await createRedirect(actor, { source: "/counted", target: "/about", statusCode: 301 });
    if (!created.ok) throw new Error("not created");
    await reloadRedirects();
    const before = await version();
    for (let i = 0; i < 3; i++) countRedirectHit(created.id);
    await flushRedirectCounts();
    const [row] = await db.select().from(redirects).where(eq(redirects.id, created.id));
    expect(row?.hits).toBe(3);
    expect(row?.lastHitAt).toBeInstanceOf(Date);
    expect(await version()).toBe(before);
  });
});

describe("the 404 log", () => {
  const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
  const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const miss = (url: string, { address = "81.2.69.142", ua = FIREFOX, headers = {} }: { address?: string; ua?: string; headers?: Record<string, string> } = {}) =>
    ({ method: "GET", url, headers: { host: "localhost:3000", "user-agent": ua, "x-forwarded-for": address, ...headers }, socket: { remoteAddress: "127.0.0.1" } }) as unknown as IncomingMessage;

  it("counts 404s without cookies, bots apart, capped per client, with the last referrer's host, most frequent first", async () => {
    const log = createNotFoundLog({ trust: proxyaddr.compile("loopback") });
    log.count(miss("/old-post/", { headers: { referer: "https://www.linkedin.com/feed/" } }));
    log.count(miss("/old-post?utm_source=x", { address: "62.210.16.1" }));
    log.count(miss("/old-post", { ua: GOOGLEBOT }));
    log.count(miss("/rare"));
    // Not counted at the door: a staff session, DNT, the portal.
    log.count(miss("/old-post", { headers: { cookie: "better-auth.session_token=x" } }));
    log.count(miss("/old-post", { headers: { dnt: "1" } }));
    log.count(miss("/admin/nothing"));
    expect(await log.flush()).toBe(4);
    // One client sending far more than the cap counts the cap.
    for (let i = 0; i < MAX_VIEWS_PER_CLIENT_PER_HOUR + 50; i++) log.count(miss(`/scan-${i % 3}`, { address: "203.0.113.9" }));
    await log.flush();

    const rows = await listNotFound();
    expect(rows[0]).toMatchObject({ path: "/scan-0" });
    const old = rows.find((r) => r.path === "/old-post");
    expect(old).toMatchObject({ hits: 2, botHits: 1, lastReferrerHost: "linkedin.com", redirected: false });
    expect(rows.filter((r) => r.path.startsWith("/scan-")).reduce((n, r) => n + r.hits, 0)).toBe(MAX_VIEWS_PER_CLIENT_PER_HOUR);
    expect(rows.at(-1)).toMatchObject({ path: "/rare", hits: 1 });

    // A second batch adds to the row; the referrer is kept when the new visits have none.
    log.count(miss("/old-post"));
    await log.flush();
    expect((await db.select().from(notFoundPaths).where(eq(notFoundPaths.path, "/old-post")))[0]).toMatchObject({ hits: 3, lastReferrerHost: "linkedin.com" });

    await createRedirect(actor, { source: "/old-post", target: "/about", statusCode: 301 });
    expect((await listNotFound()).find((r) => r.path === "/old-post")?.redirected).toBe(true);
  });
});
