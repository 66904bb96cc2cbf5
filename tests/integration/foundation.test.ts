import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, isDatabaseReady } from "~/db/client.server";
import {
  cmsProjects,
  consultationAvailability,
  consultationTypes,
  enquiries,
  insights,
  siteSettings,
} from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

describe("database foundation", () => {
  it("answers the readiness probe", async () => {
    expect(await isDatabaseReady()).toBe(true);
  });

  it("refuses a slot whose end is not after its start, and capacity outside 1 to 10", async () => {
    await expect(
      db.insert(consultationAvailability).values({ date: "2030-01-07", startTime: "10:00", endTime: "09:30" }),
    ).rejects.toThrow();
    await expect(
      db.insert(consultationAvailability).values({ date: "2030-01-07", startTime: "10:00", endTime: "10:30", maxBookings: 11 }),
    ).rejects.toThrow();
  });

  it("seeds demo content once, even when asked twice", async () => {
    await seedDemoContent();
    await db.update(siteSettings).set({ data: { companyName: "Changed Ltd" } }).where(eq(siteSettings.id, 1));
    await seedDemoContent();
    expect((await getSiteSettings()).companyName).toBe("Changed Ltd");
  });

  it("seeds a complete demo: projects, insights, consultation types and slots, enquiries", async () => {
    await seedDemoContent();
    const byStatus = await db
      .select({ status: cmsProjects.displayStatus, n: count() })
      .from(cmsProjects)
      .groupBy(cmsProjects.displayStatus);
    const projects = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
    expect(projects.published).toBeGreaterThanOrEqual(6);
    expect(projects.draft).toBeGreaterThanOrEqual(1);
    expect(projects.archived).toBeGreaterThanOrEqual(1);
    const [published] = await db.select({ n: count() }).from(insights).where(eq(insights.status, "published"));
    expect(published.n).toBeGreaterThanOrEqual(5);
    const [types] = await db.select({ n: count() }).from(consultationTypes);
    expect(types.n).toBe(3);
    const [demoEnquiries] = await db.select({ n: count() }).from(enquiries);
    expect(demoEnquiries.n).toBe(8);
    // Every slot's count equals the bookings holding a place in it.
    const mismatched = await db.execute(sql`
      select a.id from consultation_availability a
      where a.current_bookings <> (
        select count(*) from consultation_bookings b
        where b.availability_id = a.id and b.status not in ('cancelled', 'rescheduled'))`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it("falls back to defaults for settings keys that are invalid", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { email: "not-an-email", phone: "+44 1" } });
    const settings = await getSiteSettings();
    expect(settings.email).toBe("hello@meridian-engineering.co.uk");
    expect(settings.phone).toBe("+44 1");
  });
});
