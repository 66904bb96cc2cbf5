/**
 * Query parameters of the public project list:
 * `?category=commercial|humanitarian` (anything else means All Projects) and `?q=` search text.
 */
import { z } from "zod";
import { PROJECT_CATEGORY_FILTERS, type ProjectListQuery } from "./query";

export { projectListSearch, type ProjectCategoryFilter, type ProjectListQuery } from "./query";

export const ProjectCategoryFilterSchema = z.enum(PROJECT_CATEGORY_FILTERS);

/** Parsed filters; never fails: an unknown category falls back to "all", search text is trimmed and capped at 200 characters. */
export const ProjectListQuerySchema = z.object({
  category: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), ProjectCategoryFilterSchema).catch("all"),
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 200))
    .catch(""),
});

/** Reads the filters from a URL's search params. */
export function parseProjectListQuery(params: URLSearchParams): ProjectListQuery {
  return ProjectListQuerySchema.parse({
    category: params.get("category") ?? "all",
    q: params.get("q") ?? "",
  });
}
