/**
 * The blog post form and list filters of the content studio. Parsed on the
 * server; the labels and option lists are shared with the UI.
 */
import { z } from "zod";
import type { InsightBlock } from "~/db/schema";
import { fieldErrors, LONG_TEXT_MAX, optionalText, optionalUrl, requiredText, textList, type SaveIntent } from "~/features/cms/form-values";
import { InsightBlocksSchema, readingMinutes } from "./blocks";
import { formatReadingTime } from "./format";

/** Posts per page of the admin list. */
export const ADMIN_INSIGHT_PAGE_SIZE = 20;

/** The seven categories of a post, the first the default. */
export const INSIGHT_CATEGORIES = [
  "Industry Analysis",
  "Technical Guide",
  "Case Study",
  "Market Analysis",
  "Innovation",
  "Sustainability",
  "Humanitarian",
] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

/** The status filter of the admin list: the spec's all / published / draft / archived, plus Scheduled. */
export const INSIGHT_STATUS_FILTERS = ["all", "published", "scheduled", "draft", "archived"] as const;
export type InsightStatusFilter = (typeof INSIGHT_STATUS_FILTERS)[number];

/** The list's URL state: `q` (trimmed, at most 200 characters, "" for none), `status`, `page` (from 1). */
export type AdminInsightFilters = { q: string; status: InsightStatusFilter; page: number };

/** `?q=&status=&page=` of /admin/cms/blog; unknown values fall back to no search / all / page 1. */
export function parseAdminInsightFilters(params: URLSearchParams): AdminInsightFilters {
  return z
    .object({
      q: z.string().trim().max(200).catch(""),
      status: z.enum(INSIGHT_STATUS_FILTERS).catch("all"),
      page: z.coerce.number().int().min(1).max(10_000).catch(1),
    })
    .parse({ q: params.get("q") ?? "", status: params.get("status") ?? "all", page: params.get("page") ?? 1 });
}

/** The query string of a list state ("?q=steel&status=draft"), "?" when it is the default. */
export function adminInsightSearch(filters: Partial<AdminInsightFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const s = params.toString();
  return s ? `?${s}` : "?";
}

/** The most minutes staff may type as a reading time. */
export const MAX_READING_MINUTES = 600;

const readingOverride = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null),
  z.coerce
    .number({ error: "Enter the reading time in whole minutes, or leave it empty." })
    .int("Enter the reading time in whole minutes, or leave it empty.")
    .min(1, "Enter the reading time in whole minutes, or leave it empty.")
    .max(MAX_READING_MINUTES, `Use at most ${MAX_READING_MINUTES} minutes.`)
    .nullable(),
);

/**
 * The fields of a post form as posted. Required for every save: title, excerpt and author name;
 * category, one of the seven INSIGHT_CATEGORIES ('Please select a category.'
 * otherwise); optional text and
 * tags empty -> null; `content` the article body as JSON blocks (app/features/insights/blocks.ts);
 * `readingMinutes` an optional override of the computed reading time.
 */
export const InsightFormSchema = z.object({
  title: requiredText("Please enter a title.", 200),
  subtitle: optionalText(300),
  excerpt: requiredText("Please enter an excerpt.", 1_000),
  summary: optionalText(LONG_TEXT_MAX),
  authorName: requiredText("Please enter the author's name.", 200),
  authorRole: optionalText(200),
  authorBio: optionalText(2_000),
  authorImage: optionalUrl(),
  heroImage: optionalUrl(),
  // One of the spec's seven, nothing else; a post saved earlier with another category
  // must be given one of them (the form asks, naming the old one).
  category: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(INSIGHT_CATEGORIES, { error: "Please select a category." })),
  readingMinutes: readingOverride,
  featured: z.boolean(),
  tags: textList({ maxItems: 30, maxLength: 60 }),
  content: InsightBlocksSchema,
  seoTitle: optionalText(200),
  seoDescription: optionalText(500),
});

/** The columns a post save writes (Drizzle property names of `insights`). */
export type InsightFormValues = Omit<z.output<typeof InsightFormSchema>, "readingMinutes"> & { readingTime: string; content: InsightBlock[] };

/** Reads a submitted post form (repeated `tags`, checkbox `featured`, the rest as text). */
export function insightFormInput(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {
    featured: form.get("featured") === "on" || form.get("featured") === "true",
    tags: form.getAll("tags").map((v) => (typeof v === "string" ? v : "")),
    content: form.get("content") ?? "",
  };
  for (const k of ["title", "subtitle", "excerpt", "summary", "authorName", "authorRole", "authorBio", "authorImage", "heroImage", "category", "readingMinutes", "seoTitle", "seoDescription"]) {
    out[k] = form.get(k) ?? "";
  }
  return out;
}

/**
 * The body a post is saved with: the posted blocks, or when there are none one paragraph made
 * from the summary, else the excerpt.
 */
export function bodyOrDefault(blocks: InsightBlock[], summary: string | null, excerpt: string): InsightBlock[] {
  return blocks.length ? blocks : [{ type: "paragraph", content: summary ?? excerpt }];
}

/**
 * Validates a post form for a save with `intent`: Publish and Schedule also need a summary. The
 * reading time is the staff's override, else computed from the body (words / 200, rounded up; "7
 * mins read"). Returns the column values or field errors.
 */
export function parseInsightForm(form: FormData, intent: SaveIntent): { ok: true; values: InsightFormValues } | { ok: false; errors: Record<string, string[]> } {
  const parsed = InsightFormSchema.safeParse(insightFormInput(form));
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if ((intent === "publish" || intent === "schedule") && !(typeof form.get("summary") === "string" && String(form.get("summary")).trim())) {
    errors.summary = ["Please enter a summary before publishing."];
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  const { readingMinutes: override, ...values } = parsed.data;
  const content = bodyOrDefault(values.content, values.summary, values.excerpt);
  return { ok: true, values: { ...values, content, readingTime: formatReadingTime(override ?? readingMinutes(content)) } };
}
