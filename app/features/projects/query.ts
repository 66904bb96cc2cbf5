/**
 * Client-safe helpers of the /projects filters: the tab
 * values and the `?category=&q=` search string. No Zod or database imports, so the browser bundle
 * stays small; parsing lives in ./schema.ts (server).
 */

/** The tabs of /projects: All Projects, then the two categories of `cms_projects.category`. */
export const PROJECT_CATEGORY_FILTERS = ["all", "commercial", "humanitarian"] as const;
export type ProjectCategoryFilter = (typeof PROJECT_CATEGORY_FILTERS)[number];

/** The filter state of /projects: a tab and trimmed search text ("" for none). */
export type ProjectListQuery = { category: ProjectCategoryFilter; q: string };

/** Builds the `?category=&q=` search string for a filter state (empty values left out). */
export function projectListSearch(query: ProjectListQuery): string {
  const params = new URLSearchParams();
  if (query.category !== "all") params.set("category", query.category);
  if (query.q) params.set("q", query.q);
  const s = params.toString();
  return s ? `?${s}` : "";
}
