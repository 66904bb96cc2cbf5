import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, siteSettings } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { updateSiteSettings } from "./settings-admin.server";
import { getSiteSettings } from "./settings.server";

setupTestDatabase();

const actor = { userId: "u-1", email: "boss@staff.test" };
const form = {
  companyName: "Harbour Structures",
  email: "office@harbour.test",
  phone: "+44 20 7946 0999",
  location: "Bristol, United Kingdom",
  linkedinUrl: "https://www.linkedin.com/company/harbour",
  notificationRecipients: "ops@harbour.test\n  lead@harbour.test , ",
  minimumNoticeHours: "48",
  bookingWeeksAhead: "6",
  analyticsId: "G-ABC1234",
  siteVerification: "abc-token",
};

describe("updateSiteSettings", () => {
  it("stores valid settings that the site reads at once, and audits what changed", async () => {
    const result = await updateSiteSettings(actor, form);
    expect(result.ok).toBe(true);
    const now = await getSiteSettings();
    expect(now).toMatchObject({
      companyName: "Harbour Structures",
      notificationRecipients: ["ops@harbour.test", "lead@harbour.test"],
      minimumNoticeHours: 48,
      bookingWeeksAhead: 6,
      analyticsId: "G-ABC1234",
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.updated"));
    expect(entry).toMatchObject({ actorEmail: "boss@staff.test", entityType: "settings" });
    expect(entry?.details).toMatchObject({ companyName: { from: "Meridian Engineering", to: "Harbour Structures" } });

    // Saving the same values again changes nothing and writes no entry.
    const again = await updateSiteSettings(actor, form);
    expect(again).toMatchObject({ ok: true, changed: [] });
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });

  it("stores nothing and names each bad field", async () => {
    const result = await updateSiteSettings(actor, {
      ...form,
      email: "not-an-email",
      notificationRecipients: "ops@harbour.test\nnope",
      bookingWeeksAhead: "0",
      analyticsId: "UA-123",
      companyName: "  ",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fieldErrors).sort()).toEqual(["analyticsId", "bookingWeeksAhead", "companyName", "email", "notificationRecipients"]);
    }
    expect(await db.select().from(siteSettings)).toHaveLength(0);
    expect(await db.select().from(auditLog)).toHaveLength(0);
  });

  it("requires at least one notification recipient", async () => {
    const result = await updateSiteSettings(actor, { ...form, notificationRecipients: " \n " });
    expect(result).toMatchObject({ ok: false, fieldErrors: { notificationRecipients: ["Add at least one address."] } });
  });
});
