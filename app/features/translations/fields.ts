/**
 * What a translation of a project or an insight holds (ADR 33): the English item's fields that
 * are words (titles, texts, the article body, SEO), each with its limits, whether it must be
 * given before the language is published, and whether staff may let it show the English text
 * while it is empty. Images, dates, categories, figures and lists stay the English item's. The
 * translation form, the server's validation and the public pages all read these lists.
 * Safe for the browser.
 */
import { z } from "zod";
import type { InsightBlock, TranslationDocument } from "~/db/schema";
import { LONG_TEXT_MAX, optionalText } from "~/features/cms/form-values";
import { InsightBlocksSchema } from "~/features/insights/blocks";
import type { FieldErrors } from "~/utils/forms";

/** The kinds of content translated field by field. */
export type TranslatableKind = "project" | "insight";

/** One translated field, named as the English item's column (Drizzle property name). */
export type TranslatableField = {
  name: string;
  label: string;
  widget: "text" | "textarea" | "blocks";
  /** The most characters of a text field. */
  max: number;
  /** Must be translated (or, where `fallback` allows, shown in English) to publish or schedule. */
  requiredToPublish: boolean;
  /** Whether staff may choose to show the English text while the translation is empty. */
  fallback: boolean;
};

const text = (name: string, label: string, max: number, more: Partial<TranslatableField> = {}): TranslatableField => ({
  name,
  label,
  widget: max > 300 ? "textarea" : "text",
  max,
  requiredToPublish: false,
  fallback: true,
  ...more,
});

/** The translated fields of each kind, in the form's order. The title is always translated. */
export const TRANSLATABLE_FIELDS: Record<TranslatableKind, TranslatableField[]> = {
  project: [
    text("title", "Project Title", 200, { requiredToPublish: true, fallback: false }),
    text("subtitle", "Subtitle", 300),
    text("overview", "Overview", LONG_TEXT_MAX, { requiredToPublish: true }),
    text("challenge", "Challenge", LONG_TEXT_MAX),
    text("approach", "Approach", LONG_TEXT_MAX),
    text("solution", "Solution", LONG_TEXT_MAX),
    text("impact", "Impact", LONG_TEXT_MAX),
    text("seoTitle", "SEO Title", 200),
    text("seoDescription", "SEO Description", 500),
  ],
  insight: [
    text("title", "Title", 200, { requiredToPublish: true, fallback: false }),
    text("subtitle", "Subtitle", 300),
    text("excerpt", "Excerpt", 1_000, { requiredToPublish: true }),
    text("summary", "Summary", LONG_TEXT_MAX),
    { name: "content", label: "Article body", widget: "blocks", max: 0, requiredToPublish: true, fallback: true },
    text("seoTitle", "SEO Title", 200),
    text("seoDescription", "SEO Description", 500),
  ],
};

/** What a translated address may be: lower-case letters and digits in words joined by single hyphens. */
export const TRANSLATED_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const SLUG_MESSAGE = "Use lower-case letters (a-z), digits and single hyphens, like solar-hospital.";
const slugSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() ? v.trim() : null),
  z.string().max(80, "Use at most 80 characters.").regex(TRANSLATED_SLUG, SLUG_MESSAGE).nullable(),
);

/** True when a translated value holds something a visitor would read. */
export function isFilled(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return Array.isArray(value) && value.length > 0;
}

/** A submitted translation: the address (null while none is given) and the document. */
export type TranslationInput = { slug: string | null; document: TranslationDocument };

/**
 * Reads and checks a submitted translation form of `kind`: `slug`, each field under its own name
 * (the body as the block editor's JSON), and `fallback` (repeated, the names of the fields to show
 * in English while empty). For `publishing` (publish or schedule) the address, the title and every
 * field required to publish (filled, or shown in English where that is allowed) must be there.
 * Returns field errors keyed by field name instead of throwing.
 */
export function parseTranslationForm(kind: TranslatableKind, form: FormData, publishing: boolean): { ok: true; input: TranslationInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fields: Record<string, unknown> = {};
  const allowed = new Set(TRANSLATABLE_FIELDS[kind].filter((f) => f.fallback).map((f) => f.name));
  const fallback = [...new Set(form.getAll("fallback").map(String))].filter((name) => allowed.has(name));
  for (const f of TRANSLATABLE_FIELDS[kind]) {
    const raw = form.get(f.name);
    if (f.widget === "blocks") {
      let json: unknown;
      try {
        json = typeof raw === "string" && raw.trim() ? JSON.parse(raw) : [];
      } catch {
        errors[f.name] = ["The article body could not be read. Reload the page and try again."];
        continue;
      }
      const parsed = InsightBlocksSchema.safeParse(json);
      if (!parsed.success) errors[f.name] = [parsed.error.issues[0]?.message ?? "Check the article body."];
      else fields[f.name] = parsed.data as InsightBlock[];
    } else {
      const parsed = optionalText(f.max).safeParse(raw ?? "");
      if (!parsed.success) errors[f.name] = [parsed.error.issues[0]?.message ?? "Check this field."];
      else fields[f.name] = parsed.data;
    }
    if (publishing && !errors[f.name] && f.requiredToPublish && !isFilled(fields[f.name]) && !fallback.includes(f.name)) {
      errors[f.name] = [f.fallback ? `Translate the ${f.label.toLowerCase()}, or show the English one, before publishing.` : `Translate the ${f.label.toLowerCase()} before publishing.`];
    }
  }
  const slug = slugSchema.safeParse(form.get("slug") ?? "");
  if (!slug.success) errors.slug = [slug.error.issues[0]?.message ?? SLUG_MESSAGE];
  else if (publishing && !slug.data) errors.slug = ["Give the translated page its address before publishing."];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { slug: slug.success ? slug.data : null, document: { fields, fallback } } };
}

/**
 * The values a visitor reads in the translated page: for each translated field, the translation
 * when filled, else the English value when staff chose it (`fallback`), else null (the page
 * leaves it out). Every other field keeps the English item's value.
 */
export function applyTranslation<T extends Record<string, unknown>>(kind: TranslatableKind, english: T, document: TranslationDocument): T {
  const out: Record<string, unknown> = { ...english };
  for (const f of TRANSLATABLE_FIELDS[kind]) {
    const value = document.fields[f.name];
    out[f.name] = isFilled(value) ? value : document.fallback.includes(f.name) ? english[f.name] : f.widget === "blocks" ? [] : null;
  }
  return out as T;
}
