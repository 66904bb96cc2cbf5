/**
 * Zod field builders of the site studio: every page's content is one Zod schema built
 * from these, used by the editing form (which reads each field's `.meta()` to draw the right
 * control) and by the server (which validates the submitted form with the same schema). Safe for
 * the browser.
 *
 * A schema is built for a `mode`: "draft" accepts empty required parts (a draft may be
 * incomplete), "publish" enforces them (a page is never published empty or broken). Limits on
 * length and number apply in both modes. Control characters (but tab and newlines in long text)
 * are refused, so nothing invisible reaches a public page.
 */
import { z } from "zod";
import { InsightBlocksSchema } from "~/features/insights/blocks";
import type { InsightBlock } from "~/db/schema";

/** Whether a schema checks a draft save or a publication. */
export type SchemaMode = "draft" | "publish";

/** How the form draws a field. */
export type FieldWidget = "text" | "textarea" | "url" | "image" | "blocks" | "figure" | "checkbox" | "select" | "list" | "rows" | "group";

/** What the form knows of a field (stored with Zod's `.meta()`). */
export type FieldMeta = {
  widget: FieldWidget;
  label: string;
  hint?: string;
  required?: boolean;
  /** Rows and lists: what one entry is called ("testimonial", "country"). */
  itemLabel?: string;
  /** Rows and lists: the most entries. */
  maxItems?: number;
  /** Text: the most characters (the form shows a counter and the server refuses more). */
  maxLength?: number;
  /** Text: the value of content stored before the field existed (and of a new page). */
  defaultValue?: string;
  /** List: the entries are company figure keys, chosen from the figures by label. */
  figureItems?: boolean;
  /** List or text: the entries or the value are addresses, keys or numbers, not words, so a translation keeps the English ones. */
  notWords?: boolean;
  /** Image: drawn as a background with an empty alt, so alt text is optional. */
  decorative?: boolean;
  /** Select: the choices. */
  options?: readonly { value: string; label: string }[];
};

/** The form metadata of a schema built here, or null. */
export function fieldMeta(schema: z.ZodType): FieldMeta | null {
  const meta = schema.meta() as Partial<FieldMeta> | undefined;
  return meta?.widget ? (meta as FieldMeta) : null;
}

// C0 controls but tab, line feed and carriage return; DEL; C1 controls; bidi overrides.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const CONTROL_MESSAGE = "Remove the invisible control characters.";

function plain(label: string, max: number, required: boolean, mode: SchemaMode, singleLine: boolean) {
  let schema = z
    .string({ error: `Enter ${label.toLowerCase()}.` })
    .trim()
    .max(max, `${label}: use at most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), CONTROL_MESSAGE);
  if (singleLine) schema = schema.refine((v) => !/[\r\n]/.test(v), `${label}: use one line.`);
  if (required && mode === "publish") schema = schema.refine((v) => v.length > 0, `${label} is required to publish.`);
  return schema;
}

/** Options of a text field; `defaultValue` fills content stored before the field was added. */
type TextOptions = { max?: number; required?: boolean; hint?: string; defaultValue?: string; notWords?: boolean };

function textField(mode: SchemaMode, label: string, widget: "text" | "textarea", options: TextOptions, fallbackMax: number) {
  const { max = fallbackMax, required = true, hint, defaultValue, notWords } = options;
  const meta = { widget, label, hint, required, maxLength: max, defaultValue, ...(notWords ? { notWords } : {}) } satisfies FieldMeta;
  const schema = plain(label, max, required, mode, widget === "text");
  return defaultValue === undefined ? schema.meta(meta) : schema.default(defaultValue).meta(meta);
}

/** One line of text (at most `max` characters, 200 by default). */
export function text(mode: SchemaMode, label: string, options: TextOptions = {}) {
  return textField(mode, label, "text", options, 200);
}

/** A paragraph of plain text (at most `max` characters, 2,000 by default). */
export function longText(mode: SchemaMode, label: string, options: TextOptions = {}) {
  return textField(mode, label, "textarea", options, 2_000);
}

/**
 * Whether a link is one a public page may carry: https, or a site path. A site path holds no
 * whitespace and no backslash: browsers read `/\evil.example/x` as `//evil.example/x`, another site.
 */
export function isSafeLink(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** A link: https://... or a site path /...; empty allowed unless required. */
export function link(mode: SchemaMode, label: string, options: { required?: boolean; hint?: string } = {}) {
  const { required = false, hint } = options;
  return plain(label, 2_000, required, mode, true)
    .refine((v) => v === "" || isSafeLink(v), `${label}: enter an address starting with https:// or a site path starting with /.`)
    .meta({ widget: "url", label, hint, required, maxLength: 2_000 } satisfies FieldMeta);
}

/** The value of an image field: its address (a media-library URL or a site path) and its alt text. */
export type ImageValue = { src: string; alt: string };

/**
 * An image from the media library with its alt text. The alt text is required to publish whenever
 * an image is set (a draft may leave it empty), unless the image is `decorative` (a background
 * behind text, drawn with an empty alt); `required` images must be set to publish.
 */
export function image(mode: SchemaMode, label: string, options: { required?: boolean; hint?: string; decorative?: boolean } = {}) {
  const { required = true, hint, decorative = false } = options;
  return z
    .object({
      src: plain(`${label} image`, 2_000, required, mode, true).refine((v) => v === "" || isSafeLink(v), `${label}: choose an image from the media library.`),
      alt: plain(`${label} alt text`, 300, false, mode, true),
    })
    .superRefine((v, ctx) => {
      if (mode === "publish" && !decorative && v.src && !v.alt) ctx.addIssue({ code: "custom", path: ["alt"], message: `${label}: describe the image (alt text) to publish.` });
    })
    .meta({ widget: "image", label, hint, required, decorative } satisfies FieldMeta);
}

/**
 * Rich text written in the article block editor (paragraphs, headings, quotes, lists, links; no
 * image blocks: the pages that show it resolve no media ids, so an image would vanish).
 */
export function richText(mode: SchemaMode, label: string, options: { required?: boolean; hint?: string } = {}) {
  const { required = true, hint } = options;
  return InsightBlocksSchema.refine((blocks: InsightBlock[]) => !blocks.some((b) => b.type === "image"), `${label} holds text only: remove the image.`)
    .refine((blocks: InsightBlock[]) => !(required && mode === "publish" && blocks.length === 0), `${label} is required to publish.`)
    .meta({ widget: "blocks", label, hint, required } satisfies FieldMeta);
}

/** The key of a company figure (see the figures page); checked against the list on publish. */
export function figureRef(mode: SchemaMode, label: string) {
  return plain(label, 60, true, mode, true).meta({ widget: "figure", label, required: true } satisfies FieldMeta);
}

/** A yes/no choice (an unticked box posts nothing and reads as false). */
export function checkbox(label: string, hint?: string) {
  return z.boolean().meta({ widget: "checkbox", label, hint } satisfies FieldMeta);
}

/** One of a few fixed values. */
export function select<const T extends readonly [string, ...string[]]>(label: string, options: { [K in keyof T]: { value: T[K]; label: string } }) {
  return z.enum(options.map((o) => o.value) as unknown as T, { error: `Choose ${label.toLowerCase()}.` }).meta({
    widget: "select",
    label,
    options,
  } satisfies FieldMeta);
}

/** A list of short texts (countries, expertise), in order; empty entries are dropped. */
export function list(mode: SchemaMode, label: string, itemLabel: string, options: { max?: number; maxLength?: number; min?: number; hint?: string; notWords?: boolean } = {}) {
  const { max = 40, maxLength = 200, min = 0, hint, notWords } = options;
  return z
    .array(plain(itemLabel, maxLength, false, mode, true))
    .transform((items) => items.filter((item) => item !== ""))
    .pipe(
      z
        .array(z.string())
        .max(max, `${label}: add at most ${max}.`)
        .refine((items) => mode === "draft" || items.length >= min, `${label}: add at least ${min} to publish.`),
    )
    .meta({ widget: "list", label, itemLabel, hint, maxItems: max, ...(notWords ? { notWords } : {}) } satisfies FieldMeta);
}

/**
 * A list of company figure keys (the figures a section shows), chosen in the form from the
 * figures by label; publishing checks each key against the figures (`unknownFigureRefs`).
 */
export function figureList(mode: SchemaMode, label: string, options: { max: number; hint?: string }) {
  const schema = list(mode, label, "figure", { max: options.max, maxLength: 60, hint: options.hint });
  return schema.meta({ ...(fieldMeta(schema) as FieldMeta), figureItems: true } satisfies FieldMeta);
}

/** Ordered rows of several fields each (people, testimonials, figures). */
export function rows<S extends z.ZodRawShape>(mode: SchemaMode, label: string, itemLabel: string, shape: S, options: { max?: number; min?: number; hint?: string } = {}) {
  const { max = 40, min = 0, hint } = options;
  return z
    .array(z.object(shape))
    .max(max, `${label}: add at most ${max}.`)
    .refine((items) => mode === "draft" || items.length >= min, `${label}: add at least ${min} to publish.`)
    .meta({ widget: "rows", label, itemLabel, hint, maxItems: max } satisfies FieldMeta);
}

/** A titled group of fields (a section of a page). */
export function group<S extends z.ZodRawShape>(label: string, shape: S, hint?: string) {
  return z.object(shape).meta({ widget: "group", label, hint } satisfies FieldMeta);
}

/** The element schema of a rows or list field (what one entry is), found through its refinements and pipes. */
export function elementOf(schema: z.ZodType): z.ZodType | null {
  let current: z.ZodType = schema;
  for (let i = 0; i < 6; i++) {
    if (current instanceof z.ZodArray) return current.element as z.ZodType;
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return null;
  }
  return null;
}

/** The fields of a group or a row (an object schema, found through its refinements). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: z.ZodType = schema;
  for (let i = 0; i < 6; i++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return null;
  }
  return null;
}
