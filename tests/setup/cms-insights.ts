/**
 * Helpers for the blog studio's route tests: a valid post's form fields, a CMS actor, the column
 * values a form gives, a post read back by slug, and the field errors of a refused submission.
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { insights } from "~/db/schema";
import type { CmsActor } from "~/features/cms/content.server";
import { INSIGHT_KIND } from "~/features/insights/kind";

/** The form fields of a valid post, "Designing for Floods" (slug designing-for-floods), in the Sustainability category. */
export const valid = { title: "Designing for Floods", excerpt: "What rising water asks of a building.", authorName: "Sam Writer", category: "Sustainability", summary: "Floods are rising." };
/** The staff member recorded on posts the tests create directly through the CMS. */
export const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };

/** The stored post with `slug` (typed as present: the tests ask only for posts they made). */
export async function postBySlug(slug: string) {
  const [row] = await db.select().from(insights).where(eq(insights.slug, slug));
  return row!;
}

/** The field errors (field name to messages) of a refused submission's outcome. */
export const errorsOf = (r: { value?: unknown }) => (r.value as { data: { errors: Record<string, string[]> } }).data.errors;

/** The column values a valid form gives (as the route would save them). */
export function parsedValues(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const parsed = INSIGHT_KIND.parse(fd, "draft");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.values;
}
