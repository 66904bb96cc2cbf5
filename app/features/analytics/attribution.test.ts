/**
 * The visit and attribution rule (attribution.server.ts) on the real database: a campaign tag on a
 * later page of a visit starts a visit from that campaign, which the campaign and medium tables
 * count with their enquiries and bookings, and a conversion counts for the last campaign before
 * it; the same tag again (a reload, a return to the landing page) and untagged pages do not.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { analyticsConversions, analyticsEvents } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { attributeRecentConversions } from "./attribution.server";
import { analyticsReport } from "./report.server";

setupTestDatabase();

const DAY = "2026-11-20";
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);

/** A page view of visitor `hash` at `time` (UTC on DAY). */
const view = (hash: string, time: string, path: string, extra: Partial<typeof analyticsEvents.$inferInsert> = {}) => ({
  occurredAt: at(time),
  day: DAY,
  visitorHash: hash,
  path,
  device: "desktop",
  country: "GB",
  ...extra,
});
const newsletter = { utmSource: "newsletter", utmMedium: "email", utmCampaign: "autumn" } as const;

/** Records an enquiry of visitor `hash` at `time` and attributes it; returns its attribution. */
async function enquiry(hash: string, time: string) {
  const [row] = await db
    .insert(analyticsConversions)
    .values({ occurredAt: at(time), day: DAY, kind: "enquiry", detail: "General Enquiry", visitorHash: hash })
    .returning({ id: analyticsConversions.id });
  await attributeRecentConversions(db, row!.id);
  const [made] = await db.select().from(analyticsConversions).where(eq(analyticsConversions.id, row!.id));
  return { entryPath: made!.entryPath, source: made!.source, medium: made!.medium, campaign: made!.campaign };
}

describe("a campaign tag on a later page of the same visit", () => {
  it("starts a visit from that campaign, counted in the campaign and medium tables with the enquiry it led to", async () => {
    await db.insert(analyticsEvents).values([
      view("a", "10:00", "/", { referrerHost: "google.com" }),
      view("a", "10:04", "/projects"),
      view("a", "10:06", "/insights/embodied-carbon", newsletter),
      view("a", "10:09", "/contact"),
    ]);
    expect(await enquiry("a", "10:12")).toEqual({ entryPath: "/insights/embodied-carbon", source: "newsletter", medium: "email", campaign: "autumn" });

    const report = await analyticsReport(DAY, DAY);
    expect(report.totals).toMatchObject({ visitors: 1, pageviews: 4, visits: 2 });
    expect(report.breakdowns.campaigns).toEqual([{ value: "autumn", visitors: 1, pageviews: 1, visits: 1, conversions: { enquiry: 1, booking: 0, booking_confirmed: 0 }, rate: 1 }]);
    expect(report.breakdowns.mediums).toEqual([{ value: "email", visitors: 1, pageviews: 1, visits: 1, conversions: { enquiry: 1, booking: 0, booking_confirmed: 0 }, rate: 1 }]);
    expect(report.breakdowns.sources.map((r) => [r.value, r.visits, r.conversions?.enquiry ?? 0])).toEqual([
      ["google.com", 1, 0],
      ["newsletter", 1, 1],
    ]);
  });

  it("leaves an enquiry made before the tag with the search engine that began the visit", async () => {
    await db.insert(analyticsEvents).values([view("b", "10:00", "/", { referrerHost: "google.com" }), view("b", "10:20", "/about", newsletter)]);
    expect(await enquiry("b", "10:05")).toEqual({ entryPath: "/", source: "google.com", medium: null, campaign: null });
  });

  it("does not start a visit for the same campaign again (a reload, a return to the landing page), but does for another campaign", async () => {
    await db.insert(analyticsEvents).values([
      view("c", "09:00", "/insights/embodied-carbon", newsletter),
      view("c", "09:01", "/insights/embodied-carbon", newsletter),
      view("c", "09:03", "/projects"),
      view("c", "09:05", "/insights/embodied-carbon", newsletter),
      view("c", "09:08", "/services", { utmSource: "linkedin", utmMedium: "social", utmCampaign: "launch" }),
    ]);
    const report = await analyticsReport(DAY, DAY);
    expect(report.totals).toMatchObject({ pageviews: 5, visits: 2 });
    expect(report.breakdowns.campaigns.map((r) => [r.value, r.visits])).toEqual([
      ["autumn", 1],
      ["launch", 1],
    ]);
    expect(await enquiry("c", "09:10")).toMatchObject({ entryPath: "/services", source: "linkedin", campaign: "launch" });
  });

  it("still ends a visit after 30 minutes without a page, whatever the tags", async () => {
    await db.insert(analyticsEvents).values([view("d", "08:00", "/", newsletter), view("d", "08:45", "/contact")]);
    const report = await analyticsReport(DAY, DAY);
    expect(report.totals).toMatchObject({ visits: 2 });
    expect(await enquiry("d", "08:46")).toEqual({ entryPath: "/contact", source: "Direct / None", medium: null, campaign: null });
    expect((await db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id))).length).toBe(2);
  });
});
