/**
 * Projects as the content studio knows them, described once: the form's fields (label, hint,
 * Zod schema), the toasts, the admin paths and the list. The edit form, the server's validation,
 * the admin list and the studio's actions all read `PROJECT_KIND`. Safe for the browser.
 */
import { z } from "zod";
import { defineContentKind, field, postedRows, studioMessages, studioPaths, type FieldValues } from "~/features/cms/kinds";
import { LONG_TEXT_MAX, optionalText, optionalUrl, requiredText, textList } from "~/features/cms/form-values";
import { PROJECT_CATEGORIES, PROJECT_WORK_STATUSES } from "~/utils/domain";
import { METRIC_KEYS, type MetricKey } from "./metrics";

const category = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : ""),
  z
    .string()
    .min(1, "Please select a category.")
    // Forced to commercial or humanitarian, else commercial.
    .transform((v) => ((PROJECT_CATEGORIES as readonly string[]).includes(v) ? (v as (typeof PROJECT_CATEGORIES)[number]) : "commercial")),
);

const metricRow = z.object({
  key: z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]], { error: "Choose a metric." }),
  value: z.string().trim().min(1, "Enter the metric's value.").max(40, "Use at most 40 characters."),
  unit: z.string().trim().max(20, "Use at most 20 characters.").optional(),
});

const longText = (label: string, meta: { required?: "publish"; hint?: string; publishMessage?: string } = {}) =>
  field(optionalText(LONG_TEXT_MAX), { widget: "textarea", label, rows: 5, ...meta });

/**
 * The fields of a project form. Required for every save: title, client, category
 * ('Please select a category.') and work status ('Please select a status.'); the overview to
 * publish or schedule; optional text and lists empty -> null; technical specs
 * (`specKey`/`specValue`) and metrics (`metricKey`/`metricValue`/`metricUnit`) ordered rows as
 * entered (null when empty).
 */
const fields = {
  title: field(requiredText("Please enter a title.", 200), { widget: "text", label: "Project Title", required: true }),
  client: field(requiredText("Please enter the client.", 200), { widget: "text", label: "Client", required: true }),
  subtitle: field(optionalText(300), { widget: "text", label: "Subtitle" }),
  location: field(optionalText(200), { widget: "text", label: "Location" }),
  year: field(optionalText(20), { widget: "text", label: "Year" }),
  duration: field(optionalText(100), { widget: "text", label: "Duration" }),
  overview: longText("Overview", { required: "publish", hint: "Required to publish.", publishMessage: "Please enter an overview before publishing." }),
  challenge: longText("Challenge"),
  approach: longText("Approach"),
  solution: longText("Solution"),
  impact: longText("Impact"),
  heroImage: field(optionalUrl(), { widget: "image", label: "Hero Image", required: "publish" }),
  images: field(textList({ maxItems: 30, maxLength: 2_000, url: true }), { widget: "images", label: "Gallery Images" }),
  videoUrl: field(optionalUrl(), { widget: "text", label: "Video URL (optional)" }),
  category: field(category, { widget: "select", label: "Category", required: "publish" }),
  status: field(z.enum(PROJECT_WORK_STATUSES, { error: "Please select a status." }), { widget: "select", label: "Status", required: "publish" }),
  featured: field(z.boolean(), { widget: "checkbox", label: "Featured project" }),
  tags: field(textList({ maxItems: 30, maxLength: 60 }), { widget: "list", label: "Tags", itemLabel: "tag" }),
  teamMembers: field(textList({ maxItems: 50, maxLength: 200 }), { widget: "list", label: "Team Members", itemLabel: "team member" }),
  awards: field(textList({ maxItems: 50, maxLength: 300 }), { widget: "list", label: "Awards", itemLabel: "award" }),
  technicalSpecs: field(
    z
      .array(z.object({ key: z.string().trim().max(100, "Use at most 100 characters."), value: z.string().trim().max(300, "Use at most 300 characters.") }))
      .max(40, "Add at most 40 specifications.")
      .transform((rows) => rows.filter((r) => r.key || r.value))
      .refine((rows) => rows.every((r) => r.key && r.value), "Give every specification a label and a value.")
      .transform((rows) => (rows.length ? rows : null)),
    {
      widget: "rows",
      label: "Technical Specifications",
      itemLabel: "specification",
      hint: "Shown on the project page in this order.",
      read: (form) => postedRows(form, { key: "specKey", value: "specValue" }),
    },
  ),
  metrics: field(
    z
      .array(z.unknown())
      .transform((rows) => rows.filter((r) => r && typeof r === "object" && Object.values(r).some((v) => typeof v === "string" && v.trim())))
      .pipe(z.array(metricRow).max(METRIC_KEYS.length))
      .refine((rows) => new Set(rows.map((r) => r.key)).size === rows.length, "Use each metric once.")
      .transform((rows) => (rows.length ? rows.map((r) => ({ key: r.key, value: r.value, ...(r.unit ? { unit: r.unit } : {}) })) : null)),
    {
      widget: "rows",
      label: "Card Metrics",
      itemLabel: "metric",
      hint: "The result block of the project card, in this order (up to four are shown).",
      read: (form) => postedRows(form, { key: "metricKey", value: "metricValue", unit: "metricUnit" }),
    },
  ),
  seoTitle: field(optionalText(200), { widget: "text", label: "SEO Title" }),
  seoDescription: field(optionalText(500), { widget: "textarea", label: "SEO Description" }),
};

/** The columns a project save writes (Drizzle property names of `cms_projects`). */
export type ProjectFormValues = FieldValues<typeof fields>;

/** Projects in the content studio. */
export const PROJECT_KIND = defineContentKind({
  name: "project",
  noun: "project",
  paths: studioPaths("/admin/cms/projects", "/projects"),
  messages: studioMessages("project", "projects", {
    create: "Please try again or check your input.",
    update: "Please try again or check your input.",
    delete: "Please try again.",
    load: "Project not found or you don't have permission to edit it.",
    list: "Please try refreshing the page.",
  }),

  fields,
  finish: (values) => values,
  list: { pageSize: 24, search: false },
});
