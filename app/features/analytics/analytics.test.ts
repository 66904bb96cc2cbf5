/**
 * Cookieless analytics on the real database: the visitor hash rotates with the day's
 * salt and no IP address or user agent is stored anywhere (a scan of every table); bots, staff,
 * DNT/GPC, previews and the portal are not counted; unique visitors per day; conversions are
 * attributed to the visit that made them and a confirmation inherits it once; old raw views are
 * folded into daily rows with the same figures; two collectors (two instances) store each view once.
 */
import type { IncomingMessage } from "node:http";
import { asc, eq } from "drizzle-orm";
import proxyaddr from "proxy-addr";
import { describe, expect, it } from "vitest";
import { databaseKind, db } from "~/db/client.server";
import { analyticsConversions, analyticsDaily, analyticsEvents, analyticsSalts, enquiries } from "~/db/schema";
import { runDailyRetention } from "~/features/data-protection/retention.server";
import { addDays, londonToday } from "~/utils/time";
import { setupTestDatabase } from "../../../tests/setup/database";
import { tablesContaining } from "../../../tests/setup/scan";
import { createCollector, MAX_VIEWS_PER_CLIENT_PER_HOUR } from "./collector.server";
import { recordBookingConfirmed, recordConversion } from "./conversions.server";
import { analyticsReport } from "./report.server";
import { forgetSalt, saltOf, visitorHash } from "./visitor.server";

setupTestDatabase();

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const UK_ADDRESS = "81.2.69.142";
const FR_ADDRESS = "62.210.16.1";

/** The server's view of a request: from a proxy on loopback forwarding `address` (TRUST_PROXY=loopback). */
function visit(url: string, { address = UK_ADDRESS, ua = FIREFOX, headers = {} }: { address?: string; ua?: string; headers?: Record<string, string> } = {}) {
  return {
    method: "GET",
    url,
    headers: { host: "localhost:3000", "user-agent": ua, "x-forwarded-for": address, ...headers },
    socket: { remoteAddress: "127.0.0.1" },
  } as unknown as IncomingMessage;
}

const loopback = proxyaddr.compile("loopback");
const events = () => db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

/** A form post from the same browser as `visit`, as the contact and booking actions receive it. */
const post = (ua = FIREFOX, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/contact", { method: "POST", headers: { "user-agent": ua, ...headers } });

describe("counting page views", () => {
  it("stores path, referrer host, UTM, device and country with a daily hash, and no address or user agent anywhere", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    collector.countPageView(visit("/insights/embodied-carbon?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&fbclid=xyz", { headers: { referer: "https://www.linkedin.com/feed/" } }));
    collector.countPageView(visit("/projects/?category=commercial&q=ada+lovelace", { headers: { referer: "http://localhost:3000/" } }));
    collector.countPageView(visit("/", { address: FR_ADDRESS, ua: IPHONE }));
    expect(await collector.flush()).toBe(3);

    const rows = await events();
    expect(rows.map((r) => [r.path, r.referrerHost, r.utmSource, r.utmMedium, r.utmCampaign, r.device, r.country])).toEqual([
      ["/insights/embodied-carbon", "linkedin.com", "newsletter", "email", "autumn", "desktop", "GB"],
      ["/projects?category=commercial", null, null, null, null, "desktop", "GB"],
      ["/", null, null, null, null, "mobile", "FR"],
    ]);
    expect(rows[0]!.visitorHash).toBe(rows[1]!.visitorHash);
    expect(rows[2]!.visitorHash).not.toBe(rows[0]!.visitorHash);
    expect(rows[0]!.day).toBe(londonToday(new Date()));

    for (const needle of [UK_ADDRESS, FR_ADDRESS, "Firefox/133.0", "iPhone OS", "lovelace"]) expect(await tablesContaining(needle)).toEqual({});
  });

  it("counts at most MAX_VIEWS_PER_CLIENT_PER_HOUR views of one client address, however many user agents it sends", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    for (let i = 0; i < 300; i++) collector.countPageView(visit("/about", { ua: FIREFOX.replace("133.0", `133.${i}`) }));
    collector.countPageView(visit("/about", { address: FR_ADDRESS }));
    await collector.flush();
    const rows = await events();
    expect(rows.filter((r) => r.country === "GB")).toHaveLength(MAX_VIEWS_PER_CLIENT_PER_HOUR);
    // Another client is counted as usual.
    expect(rows.filter((r) => r.country === "FR")).toHaveLength(1);
  });

  it("uses the forwarded address only from a trusted proxy (TRUST_PROXY)", async () => {
    const collector = createCollector({ trust: proxyaddr.compile([]), enabled: true });
    collector.countPageView(visit("/", { address: UK_ADDRESS }));
    collector.countPageView(visit("/", { address: FR_ADDRESS }));
    await collector.flush();
    const rows = await events();
    // Without trust both are the proxy's own address: one visitor, no country.
    expect(rows.map((r) => r.country)).toEqual([null, null]);
    expect(rows[0]!.visitorHash).toBe(rows[1]!.visitorHash);
  });

  it("counts nothing for bots, staff sessions, DNT, GPC, previews, prefetches, the portal or other methods", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    collector.countPageView(visit("/", { ua: GOOGLEBOT }));
    collector.countPageView(visit("/", { ua: "" }));
    collector.countPageView(visit("/", { headers: { cookie: "cookie_consent=accepted; better-auth.session_token=abc.def" } }));
    collector.countPageView(visit("/", { headers: { cookie: "__Secure-better-auth.session_token=abc" } }));
    collector.countPageView(visit("/", { headers: { dnt: "1" } }));
    collector.countPageView(visit("/", { headers: { "sec-gpc": "1" } }));
    collector.countPageView(visit("/projects/tower?preview=token123"));
    collector.countPageView(visit("/", { headers: { "sec-purpose": "prefetch" } }));
    collector.countPageView(visit("/admin/dashboard"));
    collector.countPageView(visit("/book-consultation/manage/token123"));
    collector.countPageView({ ...visit("/"), method: "POST" } as IncomingMessage);
    collector.countPageView(visit("/about", { headers: { cookie: "cookie_consent=rejected" } }));
    expect(await collector.flush()).toBe(1);
    expect((await events()).map((r) => r.path)).toEqual(["/about"]);
  });

  it("counts each visitor once a day however many pages they view", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    for (const path of ["/", "/projects", "/about"]) collector.countPageView(visit(path));
    for (const path of ["/", "/contact"]) collector.countPageView(visit(path, { address: FR_ADDRESS }));
    collector.countPageView(visit("/", { ua: IPHONE })); // same address, another browser: another visitor
    await collector.flush();
    const today = londonToday(new Date());
    const report = await analyticsReport(today, today);
    expect(report.totals).toMatchObject({ visitors: 3, pageviews: 6, visits: 3 });
    expect(report.breakdowns.pages.find((r) => r.value === "/")).toMatchObject({ visitors: 3, pageviews: 3 });
    expect(report.breakdowns.countries.map((r) => [r.value, r.visitors])).toEqual([["GB", 2], ["FR", 1]]);
    expect(report.breakdowns.devices.map((r) => [r.value, r.visitors])).toEqual([["desktop", 2], ["mobile", 1]]);
  });
});

describe("the daily salt", () => {
  it("gives the same browser an unrelated hash the next day and deletes the previous day's salt", async () => {
    forgetSalt();
    const monday = await saltOf("2026-11-23");
    expect(await saltOf("2026-11-23")).toBe(monday);
    const tuesday = await saltOf("2026-11-24");
    expect(tuesday).not.toBe(monday);
    expect(visitorHash(monday, "site", UK_ADDRESS, FIREFOX)).not.toBe(visitorHash(tuesday, "site", UK_ADDRESS, FIREFOX));
    expect(visitorHash(tuesday, "site", UK_ADDRESS, FIREFOX)).toMatch(/^[0-9a-f]{32}$/);
    // PostgreSQL keeps the day's salt in a table (left out of backups); PGlite outside the database.
    expect((await db.select().from(analyticsSalts)).map((r) => r.day)).toEqual(databaseKind === "postgres" ? ["2026-11-24"] : []);
    forgetSalt();
  });

  it("is shared by two instances: the first to ask creates it, the other reads it", async () => {
    forgetSalt();
    const first = await saltOf("2026-11-25");
    forgetSalt(); // the other instance has nothing in memory
    expect(await saltOf("2026-11-25")).toBe(first);
    forgetSalt();
  });
});

describe("conversions", () => {
  it("attributes an enquiry to the entry page and source of the visit that sent it, and stores nothing with the enquiry", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    collector.countPageView(visit("/insights/embodied-carbon?utm_source=newsletter&utm_campaign=autumn"));
    collector.countPageView(visit("/contact"));
    collector.countPageView(visit("/projects", { address: FR_ADDRESS, headers: { referer: "https://www.google.com/" } }));
    await collector.flush();

    await recordConversion(post(), UK_ADDRESS, { kind: "enquiry", detail: "Commercial Project" });
    await recordConversion(post(), FR_ADDRESS, { kind: "enquiry", detail: "General Enquiry" });
    await recordConversion(post(IPHONE), "203.0.113.9", { kind: "enquiry", detail: "General Enquiry" }); // no visit seen

    const rows = await db.select().from(analyticsConversions).orderBy(asc(analyticsConversions.id));
    expect(rows.map((r) => [r.kind, r.detail, r.entryPath, r.source, r.campaign])).toEqual([
      ["enquiry", "Commercial Project", "/insights/embodied-carbon", "newsletter", "autumn"],
      ["enquiry", "General Enquiry", "/projects", "google.com", null],
      ["enquiry", "General Enquiry", null, null, null],
    ]);
    const today = londonToday(new Date());
    const report = await analyticsReport(today, today);
    expect(report.breakdowns.entries.find((r) => r.value === "/insights/embodied-carbon")).toMatchObject({ visits: 1, conversions: { enquiry: 1 }, rate: 1 });
    expect(report.breakdowns.sources.find((r) => r.value === "google.com")).toMatchObject({ visits: 1, conversions: { enquiry: 1 } });
    expect(report.totals.conversions).toEqual({ enquiry: 3, booking: 0, booking_confirmed: 0 });
    expect(Object.keys((await db.select().from(enquiries))[0] ?? {})).not.toContain("visitorHash");
  });

  it("counts nothing for a bot, a staff session or DNT", async () => {
    await recordConversion(post(GOOGLEBOT), UK_ADDRESS, { kind: "enquiry", detail: "General Enquiry" });
    await recordConversion(post(FIREFOX, { cookie: "better-auth.session_token=x" }), UK_ADDRESS, { kind: "enquiry", detail: "General Enquiry" });
    await recordConversion(post(FIREFOX, { dnt: "1" }), UK_ADDRESS, { kind: "booking", detail: "Site visit", bookingId: "b1" });
    expect(await db.select().from(analyticsConversions)).toEqual([]);
  });

  it("a confirmed booking inherits its booking's attribution, once, without naming the booking", async () => {
    const collector = createCollector({ trust: loopback, enabled: true });
    collector.countPageView(visit("/services/humanitarian", { headers: { referer: "https://www.linkedin.com/" } }));
    await collector.flush();
    const bookingId = "7b0c7f4e-2f59-4c59-8f2a-2f1f3f0f0a11";
    await recordConversion(post(), UK_ADDRESS, { kind: "booking", detail: "Initial consultation", bookingId });

    const confirmed = await db.transaction((tx) => recordBookingConfirmed(tx, bookingId, "Initial consultation"));
    const again = await db.transaction((tx) => recordBookingConfirmed(tx, bookingId, "Initial consultation"));
    expect([confirmed, again]).toEqual([true, false]);

    const rows = await db.select().from(analyticsConversions).orderBy(asc(analyticsConversions.id));
    expect(rows.map((r) => [r.kind, r.entryPath, r.source, r.bookingRef])).toEqual([
      ["booking", "/services/humanitarian", "linkedin.com", null],
      ["booking_confirmed", "/services/humanitarian", "linkedin.com", null],
    ]);
    expect(await tablesContaining(bookingId)).toEqual({});
  });
});

describe("folding into daily rows", () => {
  it("folds views older than the retention period into daily rows with the same figures, and forgets the hashes", async () => {
    const now = new Date();
    const today = londonToday(now);
    const old = addDays(today, -31);
    const recent = addDays(today, -29);
    const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);
    const row = (day: string, hash: string, path: string, time: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
      occurredAt: at(day, time), day, visitorHash: hash, path, device: "desktop", country: "GB", ...extra,
    });
    await db.insert(analyticsEvents).values([
      row(old, "a", "/", "10:00", { utmSource: "newsletter", utmCampaign: "spring" }),
      row(old, "a", "/projects", "10:05"),
      row(old, "a", "/", "12:00"), // a second visit of the same visitor (over 30 minutes later)
      row(old, "b", "/about", "11:00", { referrerHost: "google.com", device: "mobile", country: null }),
      row(recent, "c", "/", "09:00"),
    ]);
    await db.insert(analyticsConversions).values({ occurredAt: at(old, "10:10"), day: old, kind: "enquiry", detail: "General Enquiry", visitorHash: "a", entryPath: "/", source: "newsletter" });
    const before = await analyticsReport(addDays(today, -40), today);

    await runDailyRetention(now);

    expect((await events()).map((r) => r.day)).toEqual([recent]);
    const daily = await db.select().from(analyticsDaily).where(eq(analyticsDaily.day, old));
    expect(daily.find((d) => d.dimension === "total")).toMatchObject({ visitors: 2, pageviews: 4, visits: 3 });
    expect(daily.find((d) => d.dimension === "page" && d.value === "/")).toMatchObject({ visitors: 1, pageviews: 2, visits: 2 });
    expect(daily.find((d) => d.dimension === "campaign")).toMatchObject({ value: "spring", visits: 1 });
    expect((await db.select().from(analyticsConversions))[0]).toMatchObject({ visitorHash: null, entryPath: "/", source: "newsletter" });
    expect(await analyticsReport(addDays(today, -40), today)).toEqual(before);
    expect(before.totals).toMatchObject({ visitors: 3, pageviews: 5, visits: 4 });
  });
});

describe("two instances", () => {
  it("store every view exactly once when both write at the same time, and write what is pending when stopped", async () => {
    const a = createCollector({ trust: loopback, enabled: true });
    const b = createCollector({ trust: loopback, enabled: true });
    for (let i = 0; i < 300; i += 1) (i % 2 ? a : b).countPageView(visit(`/page-${i % 7}`, { address: `81.2.69.${i % 50}` }));
    const [stored] = await Promise.all([a.flush(), b.flush(), a.flush()]);
    expect(stored).toBeGreaterThan(0);
    for (let i = 0; i < 40; i += 1) (i % 2 ? a : b).countPageView(visit("/last"));
    await Promise.all([a.stop(), b.stop()]);
    expect(a.pendingCount() + b.pendingCount()).toBe(0);
    expect((await events()).length).toBe(340);
  });
});
