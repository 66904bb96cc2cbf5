/**
 * The project form and list filters of the content studio (`shared/spec/booking-and-admin.md`
 * "Project create and edit forms" and sections 4, 5 and 9; issue 7). Parsed on the server; the
 * labels and option lists are shared with the UI.
 */
import { z } from "zod";
import { PROJECT_CATEGORIES, PROJECT_WORK_STATUSES } from "~/utils/domain";
import { fieldErrors, LONG_TEXT_MAX, optionalText, optionalUrl, requiredText, textList, type SaveIntent } from "~/features/cms/form-values";
import { METRIC_KEYS, type MetricKey } from "./metrics";

/** Projects per page of the admin grid. */
export const ADMIN_PROJECT_PAGE_SIZE = 24;

/** The display-status filter of the admin grid (issue 7): stored statuses plus Scheduled. */
export const PROJECT_STATUS_FILTERS = ["all", "published", "scheduled", "draft", "archived"] as const;
export type ProjectStatusFilter = (typeof PROJECT_STATUS_FILTERS)[number];

/** `?status=&page=` of /admin/cms/projects; unknown values fall back to all / page 1. */
export function parseAdminProjectFilters(params: URLSearchParams): { status: ProjectStatusFilter; page: number } {
  return z
    .object({ status: z.enum(PROJECT_STATUS_FILTERS).catch("all"), page: z.coerce.number().int().min(1).max(10_000).catch(1) })
    .parse({ status: params.get("status") ?? "all", page: params.get("page") ?? 1 });
}

const category = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : ""),
  z
    .string()
    .min(1, "Please select a category.")
    // Spec section 5: forced to commercial or humanitarian, else commercial.
    .transform((v) => ((PROJECT_CATEGORIES as readonly string[]).includes(v) ? (v as (typeof PROJECT_CATEGORIES)[number]) : "commercial")),
);

const metricRow = z.object({
  key: z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]], { error: "Choose a metric." }),
  value: z.string().trim().min(1, "Enter the metric's value.").max(40, "Use at most 40 characters."),
  unit: z.string().trim().max(20, "Use at most 20 characters.").optional(),
});

/**
 * The fields of a project form. Required for every save: title, client, category
 * ('Please select a category.') and work status ('Please select a status.'); optional text and
 * lists empty -> null; technical specs and metrics ordered lists as entered (null when empty).
 */
export const ProjectFormSchema = z.object({
  title: requiredText("Please enter a title.", 200),
  client: requiredText("Please enter the client.", 200),
  subtitle: optionalText(300),
  location: optionalText(200),
  year: optionalText(20),
  duration: optionalText(100),
  overview: optionalText(LONG_TEXT_MAX),
  challenge: optionalText(LONG_TEXT_MAX),
  approach: optionalText(LONG_TEXT_MAX),
  solution: optionalText(LONG_TEXT_MAX),
  impact: optionalText(LONG_TEXT_MAX),
  heroImage: optionalUrl(),
  images: textList({ maxItems: 30, maxLength: 2_000, url: true }),
  videoUrl: optionalUrl(),
  category,
  status: z.enum(PROJECT_WORK_STATUSES, { error: "Please select a status." }),
  featured: z.boolean(),
  tags: textList({ maxItems: 30, maxLength: 60 }),
  teamMembers: textList({ maxItems: 50, maxLength: 200 }),
  awards: textList({ maxItems: 50, maxLength: 300 }),
  technicalSpecs: z
    .array(z.object({ key: z.string().trim().max(100, "Use at most 100 characters."), value: z.string().trim().max(300, "Use at most 300 characters.") }))
    .max(40, "Add at most 40 specifications.")
    .transform((rows) => rows.filter((r) => r.key || r.value))
    .refine((rows) => rows.every((r) => r.key && r.value), "Give every specification a label and a value.")
    .transform((rows) => (rows.length ? rows : null)),
  metrics: z
    .array(z.unknown())
    .transform((rows) => rows.filter((r) => r && typeof r === "object" && Object.values(r).some((v) => typeof v === "string" && v.trim())))
    .pipe(z.array(metricRow).max(METRIC_KEYS.length))
    .refine((rows) => new Set(rows.map((r) => r.key)).size === rows.length, "Use each metric once.")
    .transform((rows) => (rows.length ? rows.map((r) => ({ key: r.key, value: r.value, ...(r.unit ? { unit: r.unit } : {}) })) : null)),
  seoTitle: optionalText(200),
  seoDescription: optionalText(500),
});

export type ProjectFormValues = z.output<typeof ProjectFormSchema>;

/** Reads a submitted project form (repeated fields for lists, `specKey`/`specValue`, `metricKey`/`metricValue`/`metricUnit`). */
export function projectFormInput(form: FormData): Record<string, unknown> {
  const text = (k: string) => form.get(k) ?? "";
  const all = (k: string) => form.getAll(k).map((v) => (typeof v === "string" ? v : ""));
  const specKeys = all("specKey");
  const specValues = all("specValue");
  const metricKeys = all("metricKey");
  const metricValues = all("metricValue");
  const metricUnits = all("metricUnit");
  const out: Record<string, unknown> = {
    featured: form.get("featured") === "on" || form.get("featured") === "true",
    images: all("images"),
    tags: all("tags"),
    teamMembers: all("teamMembers"),
    awards: all("awards"),
    technicalSpecs: specKeys.map((key, i) => ({ key, value: specValues[i] ?? "" })),
    metrics: metricKeys.map((key, i) => ({ key, value: metricValues[i] ?? "", unit: metricUnits[i] ?? "" })),
  };
  for (const k of ["title", "client", "subtitle", "location", "year", "duration", "overview", "challenge", "approach", "solution", "impact", "heroImage", "videoUrl", "category", "status", "seoTitle", "seoDescription"]) {
    out[k] = text(k);
  }
  return out;
}

/**
 * Validates a project form for a save with `intent`: Publish and Schedule also need an overview
 * (spec section 5). Returns the values or field errors.
 */
export function parseProjectForm(
  form: FormData,
  intent: SaveIntent,
): { ok: true; values: ProjectFormValues } | { ok: false; errors: Record<string, string[]> } {
  const parsed = ProjectFormSchema.safeParse(projectFormInput(form));
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if ((intent === "publish" || intent === "schedule") && !(typeof form.get("overview") === "string" && String(form.get("overview")).trim())) {
    errors.overview = ["Please enter an overview before publishing."];
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, values: parsed.data };
}

