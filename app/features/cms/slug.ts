/**
 * Slugs of projects and insights: derived from the
 * title (lowercase, non-alphanumerics removed, spaces to hyphens, hyphens collapsed) and made
 * unique with -1, -2 ... by ./content.server.ts. Unchanged on edit.
 */

/**
 * The slug of a title: "Hello,  World 2025!" -> "hello-world-2025". Letters with accents lose
 * them ("Café" -> "cafe"). A title with no letter or digit gives `fallback`.
 */
export function slugify(title: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  return slug || fallback;
}

/** The `n`th candidate for a base slug: the base itself, then base-1, base-2 ... */
export function slugCandidate(base: string, n: number): string {
  return n === 0 ? base : `${base}-${n}`;
}
