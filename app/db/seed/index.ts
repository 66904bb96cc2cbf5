import type { Transaction } from "~/db/client.server";
import { seedConsultations } from "./consultations";
import { seedEnquiries } from "./enquiries";
import { seedInsights } from "./insights";
import { seedDemoMedia } from "./media";
import { seedProjects } from "./projects";
import { seedPageTranslations } from "./page-translations";
import { seedTranslations } from "./translations";
import { ensurePages } from "~/features/site-pages/pages.server";
import { EDITABLE_PAGE_KEYS } from "~/features/site-pages/schemas";

/** Inserts every demo row inside the caller's transaction. Each area adds its own seeder here. */
export async function seedDemoRows(tx: Transaction): Promise<void> {
  await seedDemoMedia(tx);
  await seedProjects(tx);
  await seedInsights(tx);
  await seedTranslations(tx);
  await seedConsultations(tx);
  await seedEnquiries(tx);
  await ensurePages(tx, EDITABLE_PAGE_KEYS);
  await seedPageTranslations(tx);
}
