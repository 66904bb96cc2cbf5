/**
 * Demo content, written once on the first start (`docs/design.md` section 6).
 * "First start" means the `site_settings` row does not exist yet: creating it and the content
 * happen in one transaction, so two instances starting together seed once, and content that staff
 * later delete is never brought back.
 */
import { db } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { seedDemoRows } from "./seed/index";

/** Seeds demo projects, insights and consultation data on a fresh database; a no-op after. */
export async function seedDemoContent(): Promise<void> {
  const seeded = await db.transaction(async (tx) => {
    const created = await tx
      .insert(siteSettings)
      .values({ id: 1, data: {} })
      .onConflictDoNothing()
      .returning({ id: siteSettings.id });
    if (created.length === 0) return false;
    await seedDemoRows(tx);
    return true;
  });
  if (seeded) logger.info("demo content seeded");
}
