import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { SiteSettingsSchema, type SiteSettings } from "./schema";

/**
 * The current site settings: stored values over the defaults. Read per request, so a change in
 * Admin > Settings shows at once on every instance. Never throws for a malformed stored row:
 * invalid keys fall back to their defaults.
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await db.select({ data: siteSettings.data }).from(siteSettings).where(eq(siteSettings.id, 1));
  const stored = (row?.data ?? {}) as Record<string, unknown>;
  const parsed = SiteSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // Drop only the keys that fail, keep the rest.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return SiteSettingsSchema.parse(Object.fromEntries(Object.entries(stored).filter(([k]) => !bad.has(k))));
}
