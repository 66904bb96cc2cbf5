import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, isDatabaseReady } from "~/db/client.server";
import { consultationAvailability, siteSettings } from "~/db/schema";
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

  it("falls back to defaults for settings keys that are invalid", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { email: "not-an-email", phone: "+44 1" } });
    const settings = await getSiteSettings();
    expect(settings.email).toBe("hello@meridian-engineering.co.uk");
    expect(settings.phone).toBe("+44 1");
  });
});
