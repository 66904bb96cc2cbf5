/**
 * Blog posts (insights) as the content studio knows them, described once: the form's fields
 * (label, hint, Zod schema), the toasts, the admin paths and the list. The edit form, the
 * server's validation, the admin list and the studio's actions all read `INSIGHT_KIND`. Safe for
 * the browser.
 */
import { z } from "zod";
import type { InsightBlock } from "~/db/schema";
import { defineContentKind, field, studioMessages, studioPaths, type FieldValues } from "~/features/cms/kinds";
import { LONG_TEXT_MAX, optionalText, optionalUrl, requiredText, textList } from "~/features/cms/form-values";
import { InsightBlocksSchema, readingMinutes } from "./blocks";
import { formatReadingTime } from "./format";

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

/** The most minutes staff may type as a reading time. */
export const MAX_READING_MINUTES = 600;

const READING_MESSAGE = "Enter the reading time in whole minutes, or leave it empty.";
const readingOverride = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null),
  z.coerce.number({ error: READING_MESSAGE }).int(READING_MESSAGE).min(1, READING_MESSAGE).max(MAX_READING_MINUTES, `Use at most ${MAX_READING_MINUTES} minutes.`).nullable(),
);

/**
 * The fields of a post form as posted. Required for every save: title, excerpt and author name;
 * category, one of the seven INSIGHT_CATEGORIES ('Please select a category.' otherwise); the
 * summary to publish or schedule; optional text and tags empty -> null; `content` the article body
 * as JSON blocks (app/features/insights/blocks.ts); `readingMinutes` an optional override of the
 * computed reading time.
 */
const fields = {
  title: field(requiredText("Please enter a title.", 200), { widget: "text", label: "Title", required: true }),
  subtitle: field(optionalText(300), { widget: "text", label: "Subtitle" }),
  excerpt: field(requiredText("Please enter an excerpt.", 1_000), { widget: "textarea", label: "Excerpt", required: true, rows: 3, hint: "Shown on the Insights list and in the RSS feed." }),
  summary: field(optionalText(LONG_TEXT_MAX), {
    widget: "textarea",
    label: "Summary",
    rows: 4,
    hint: "Required to publish. Used as the article body when the body is empty.",
    publishMessage: "Please enter a summary before publishing.",
  }),
  authorName: field(requiredText("Please enter the author's name.", 200), { widget: "text", label: "Author Name", required: true }),
  authorRole: field(optionalText(200), { widget: "text", label: "Author Role" }),
  authorBio: field(optionalText(2_000), { widget: "textarea", label: "Author Bio", rows: 3 }),
  authorImage: field(optionalUrl(), { widget: "image", label: "Author Image" }),
  heroImage: field(optionalUrl(), { widget: "image", label: "Hero Image" }),
  // One of the spec's seven, nothing else; a post saved earlier with another category
  // must be given one of them (the form asks, naming the old one).
  category: field(z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(INSIGHT_CATEGORIES, { error: "Please select a category." })), {
    widget: "select",
    label: "Category",
    required: "publish",
  }),
  readingMinutes: field(readingOverride, { widget: "number", label: "Reading time (minutes)" }),
  featured: field(z.boolean(), { widget: "checkbox", label: "Featured post" }),
  tags: field(textList({ maxItems: 30, maxLength: 60 }), { widget: "list", label: "Tags", itemLabel: "tag" }),
  content: field(InsightBlocksSchema, { widget: "blocks", label: "Article body" }),
  seoTitle: field(optionalText(200), { widget: "text", label: "SEO Title" }),
  seoDescription: field(optionalText(500), { widget: "textarea", label: "SEO Description" }),
};

/** The columns a post save writes (Drizzle property names of `insights`). */
export type InsightFormValues = Omit<FieldValues<typeof fields>, "readingMinutes"> & { readingTime: string; content: InsightBlock[] };

/**
 * The body a post is saved with: the posted blocks, or when there are none one paragraph made
 * from the summary, else the excerpt.
 */
export function bodyOrDefault(blocks: InsightBlock[], summary: string | null, excerpt: string): InsightBlock[] {
  return blocks.length ? blocks : [{ type: "paragraph", content: summary ?? excerpt }];
}

/** Blog posts in the content studio. */
export const INSIGHT_KIND = defineContentKind({
  name: "insight",
  noun: "blog post",
  paths: studioPaths("/admin/cms/blog", "/insights"),
  messages: studioMessages("blog post", "blog posts", { create: "Please try again or check your input.", list: "Please try again." }),

  fields,
  // The reading time is the staff's override, else computed from the body (words / 200, rounded up; "7 mins read").
  finish: ({ readingMinutes: override, ...values }): InsightFormValues => {
    const content = bodyOrDefault(values.content, values.summary, values.excerpt);
    return { ...values, content, readingTime: formatReadingTime(override ?? readingMinutes(content)) };
  },
  list: { pageSize: 20, search: true },
});
