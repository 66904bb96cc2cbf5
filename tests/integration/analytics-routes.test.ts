/**
 * The Analytics screen and its CSV export (issue 21): admins and super admins only, the range from
 * the query (a refused custom range falls back to 30 days and says why; the export answers 400),
 * the CSV's rows with conversions per source and entry page, and views on the CMS rows. Preview
 * pages load no Google Analytics (issue 18, finding 9).
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { analyticsConversions, analyticsEvents, cmsProjects, siteSettings } from "~/db/schema";
import { isCountable } from "~/features/analytics/collector.server";
import { addDays, londonToday } from "~/utils/time";
import { listAdminProjects } from "~/features/projects/admin.server";
import * as exportRoute from "~/routes/admin/analytics-export";
import * as screenRoute from "~/routes/admin/analytics";
import * as root from "~/root";
import { createStaffSession, outcome } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const today = londonToday(new Date());
const args = (request: Request) => ({ request, params: {}, context: { clientIp: "127.0.0.1" } }) as never;

async function seedVisits() {
  const at = new Date();
  await db.insert(analyticsEvents).values([
    { occurredAt: at, day: today, visitorHash: "h1", path: "/insights/carbon", utmSource: "newsletter", utmCampaign: "autumn", device: "desktop", country: "GB" },
    { occurredAt: at, day: today, visitorHash: "h1", path: "/contact", device: "desktop", country: "GB" },
    { occurredAt: at, day: today, visitorHash: "h2", path: "/projects/tower", referrerHost: "google.com", device: "mobile", country: "FR" },
    { occurredAt: at, day: today, visitorHash: "h3", path: "/projects/tower", device: "desktop", country: null },
  ]);
  await db.insert(analyticsConversions).values({ occurredAt: at, day: today, kind: "enquiry", detail: "Commercial Project", visitorHash: "h1", entryPath: "/insights/carbon", source: "newsletter", campaign: "autumn" });
}

describe("analytics screen", () => {
  it("is refused to editors and shown to admins with the range's figures", async () => {
    await seedVisits();
    const editor = await createStaffSession("editor");
    expect((await outcome(() => screenRoute.loader(args(editor.request("/admin/analytics"))))).status).toBe(403);

    const admin = await createStaffSession("admin");
    const data = await screenRoute.loader(args(admin.request("/admin/analytics?range=7")));
    expect(data.range).toEqual({ from: addDays(today, -6), to: today, preset: 7, error: null });
    expect(data.report.series).toHaveLength(7);
    expect(data.report.totals).toEqual({ visitors: 3, pageviews: 4, visits: 3, conversions: { enquiry: 1, booking: 0, booking_confirmed: 0 } });
    expect(data.report.breakdowns.entries.map((r) => [r.value, r.visits, r.conversions?.enquiry ?? 0, r.rate ?? null])).toEqual([
      ["/projects/tower", 2, 0, null],
      ["/insights/carbon", 1, 1, 1],
    ]);
    expect(data.report.breakdowns.pages[0]).toMatchObject({ value: "/projects/tower", pageviews: 2, visitors: 2 });
  });

  it("falls back to the last 30 days and says why for a refused custom range", async () => {
    const admin = await createStaffSession("super_admin");
    const reversed = await screenRoute.loader(args(admin.request(`/admin/analytics?from=${today}&to=${addDays(today, -3)}`)));
    expect(reversed.range).toMatchObject({ preset: 30, error: "The start date must be on or before the end date." });
    const future = await screenRoute.loader(args(admin.request(`/admin/analytics?from=${today}&to=${addDays(today, 1)}`)));
    expect(future.range.error).toBe("The end date cannot be after today.");
    const custom = await screenRoute.loader(args(admin.request(`/admin/analytics?from=${addDays(today, -2)}&to=${today}`)));
    expect(custom.range).toEqual({ from: addDays(today, -2), to: today, preset: null, error: null });
    expect(custom.report.series.map((d) => d.day)).toEqual([addDays(today, -2), addDays(today, -1), today]);
  });
});

describe("analytics export", () => {
  it("downloads the range as CSV with conversions by total, source, entry page and type", async () => {
    await seedVisits();
    const admin = await createStaffSession("admin");
    const response = (await exportRoute.loader(args(admin.request("/admin/analytics/export?range=30")))) as Response;
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="analytics-${addDays(today, -29)}-to-${today}.csv"`);
    const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    const find = (breakdown: string, value: string) => rows.find((r) => r.breakdown === breakdown && r.value === value);
    expect(find("total", "")).toMatchObject({ day: today, visitors: "3", page_views: "4", visits: "3", enquiries: "1" });
    expect(find("source", "newsletter")).toMatchObject({ visits: "1", enquiries: "1" });
    expect(find("page", "/insights/carbon")).toMatchObject({ visits: "1", enquiries: "1" });
    expect(find("conversion type", "Commercial Project")).toMatchObject({ enquiries: "1" });
    expect(find("country", "")).toMatchObject({ visitors: "1" });
  });

  it("answers 400 for a refused custom range", async () => {
    const admin = await createStaffSession("admin");
    const response = (await exportRoute.loader(args(admin.request("/admin/analytics/export?from=nope&to=2026-01-01")))) as Response;
    expect(response.status).toBe(400);
  });
});

describe("CMS rows", () => {
  it("show each project's page views of the last 30 days", async () => {
    await db.insert(cmsProjects).values({ slug: "tower", title: "Tower", category: "commercial", description: "A tower." } as never);
    await seedVisits();
    const { items } = await listAdminProjects({ status: "all", page: 1 });
    expect(items.map((p) => [p.slug, p.views])).toEqual([["tower", 2]]);
  });
});

describe("preview pages (issue 18, finding 9)", () => {
  it("load no Google Analytics and are not counted, whatever the token", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { analyticsMode: "with_google", analyticsId: "G-PREVIEW123" } });
    const rootData = (url: string) => root.loader(args(new Request(`http://localhost:3000${url}`)));
    expect((await rootData("/about")).site.analyticsId).toBe("G-PREVIEW123");
    for (const url of ["/about?preview=a-signed-token", "/projects/tower?preview=", "/insights/x?utm_source=a&preview=t"]) {
      expect((await rootData(url)).site.analyticsId, url).toBe("");
      expect(isCountable({ method: "GET", url, headers: { "user-agent": "Mozilla/5.0" } }), url).toBe(false);
    }
  });
});
