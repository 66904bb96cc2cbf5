/**
 * Query parameters of the public project list (`shared/spec/public-site.md` section 2, "/projects"):
 * `?category=commercial|humanitarian` (anything else means All Projects) and `?q=` search text.
 */
import { z } from "zod";
import { PROJECT_CATEGORIES } from "~/db/schema";

export const ProjectCategoryFilterSchema = z.enum(["all", ...PROJECT_CATEGORIES]);
export type ProjectCategoryFilter = z.infer<typeof ProjectCategoryFilterSchema>;

/** Parsed filters; never fails: an unknown category falls back to "all", search text is trimmed and capped at 200 characters. */
export const ProjectListQuerySchema = z.object({
  category: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), ProjectCategoryFilterSchema).catch("all"),
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 200))
    .catch(""),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

/** Reads the filters from a URL's search params. */
export function parseProjectListQuery(params: URLSearchParams): ProjectListQuery {
  return ProjectListQuerySchema.parse({
    category: params.get("category") ?? "all",
    q: params.get("q") ?? "",
  });
}

/** Builds the `?category=&q=` search string for a filter state (empty values left out). */
export function projectListSearch(query: ProjectListQuery): string {
  const params = new URLSearchParams();
  if (query.category !== "all") params.set("category", query.category);
  if (query.q) params.set("q", query.q);
  const s = params.toString();
  return s ? `?${s}` : "";
}
