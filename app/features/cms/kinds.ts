/**
 * How the content studio describes a kind of content (projects, insights) once: its fields (each
 * with its Zod schema and what the form shows of it), the toasts and confirmations, the admin
 * paths and the list's filters. The kind's module (`app/features/projects/kind.ts`,
 * `app/features/insights/kind.ts`) builds its definition with `defineContentKind`; the form, the
 * server's validation, the admin list and the studio's actions all read that one definition.
 * Safe for the browser.
 */
import { z } from "zod";
import { type FieldErrors, parseSubmission } from "~/utils/forms";
import type { SaveIntent } from "./form-values";

/** The two kinds of content of the studio. */
export type ContentKindName = "project" | "insight";

/** How the form draws a field, which also says how the server reads it from the posted form. */
export type ContentFieldWidget = "text" | "textarea" | "number" | "select" | "checkbox" | "image" | "images" | "list" | "blocks" | "rows";

/** One field of a kind: what the form shows and the Zod schema the server checks it with. */
export type ContentField<S extends z.ZodType = z.ZodType> = {
  widget: ContentFieldWidget;
  label: string;
  schema: S;
  /** `true`: marked and required by the browser on every save; `"publish"`: marked, needed to publish only. */
  required?: boolean | "publish";
  hint?: string;
  /** Text areas: the height in lines. */
  rows?: number;
  /** Lists and rows: what one entry is called ("tag", "team member"). */
  itemLabel?: string;
  /** Rows: the value read from the posted form (several repeated inputs a row). */
  read?: (form: FormData) => unknown;
  /** Needed to publish or schedule: the field error when it is empty then. */
  publishMessage?: string;
};

/** A field of a kind (the schema's type kept, so the kind's values are typed). */
export function field<S extends z.ZodType>(schema: S, meta: Omit<ContentField<S>, "schema">): ContentField<S> {
  return { ...meta, schema };
}

/** A toast: its title and, where the spec gives one, its description. */
export type ToastText = { title: string; description?: string };

/** The toasts and confirmations of a kind, with the spec's exact strings where it has them. */
export type ContentMessages = {
  published: string;
  draft: string;
  updated: string;
  deleted: string;
  scheduled: (when: string) => string;
  /** The toast of `?saved=schedule`, after a create that scheduled the item. */
  scheduledFlag: string;
  archived: string;
  restored: string;
  unpublished: string;
  /** A scheduled item taken back to draft before it went live. */
  scheduleCancelled: string;
  createError: ToastText;
  updateError: ToastText;
  deleteError: ToastText;
  loadError: ToastText;
  listError: ToastText;
  deleteConfirm: (title: string) => string;
};

/**
 * The messages of a kind named `noun` ("project", "blog post"; `plural` for the list's error),
 * worded as the spec words them for every kind; `descriptions` adds the second lines the spec
 * gives one kind and not the other.
 */
export function studioMessages(
  noun: string,
  plural: string,
  descriptions: { create?: string; update?: string; delete?: string; load?: string; list?: string } = {},
): ContentMessages {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const toast = (title: string, description?: string): ToastText => (description === undefined ? { title } : { title, description });
  return {
    published: `${Noun} published!`,
    draft: `${Noun} saved as draft!`,
    updated: `${Noun} updated!`,
    deleted: `${Noun} deleted`,
    scheduled: (when) => `${Noun} scheduled for ${when} (UK time)`,
    scheduledFlag: `${Noun} scheduled`,
    archived: `${Noun} archived`,
    restored: `${Noun} restored as a draft`,
    unpublished: `${Noun} unpublished`,
    scheduleCancelled: `Schedule cancelled: the ${noun} is a draft again`,
    createError: toast(`Error creating ${noun}`, descriptions.create),
    updateError: toast(`Error updating ${noun}`, descriptions.update),
    deleteError: toast(`Error deleting ${noun}`, descriptions.delete),
    loadError: toast(`Error loading ${noun}`, descriptions.load),
    listError: toast(`Error loading ${plural}`, descriptions.list),
    deleteConfirm: (title) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  };
}

/** Admin list, create, edit and public paths of a kind. */
export type ContentPaths = { list: string; create: string; edit: (id: string) => string; public: (slug: string) => string };

/** The paths of a kind listed at `admin` ("/admin/cms/blog") and shown at `publicBase` ("/insights"). */
export function studioPaths(admin: string, publicBase: string): ContentPaths {
  return {
    list: admin,
    create: `${admin}/create`,
    edit: (id) => `${admin}/edit/${id}`,
    public: (slug) => `${publicBase}/${encodeURIComponent(slug)}`,
  };
}

/**
 * Ordered rows posted as parallel repeated inputs (`specKey`, `specValue` ...): row i holds the
 * i-th value of each input named in `inputs` ("" where one is missing), as many rows as the first
 * input has values.
 */
export function postedRows<K extends string>(form: FormData, inputs: Record<K, string>): Record<K, string>[] {
  const columns = (Object.entries(inputs) as [K, string][]).map(([key, name]) => [key, form.getAll(name).map(textOf)] as const);
  return (columns[0]?.[1] ?? []).map((_, i) => Object.fromEntries(columns.map(([key, values]) => [key, values[i] ?? ""])) as Record<K, string>);
}

/** The display-status filter of an admin list: stored statuses plus Scheduled. */
export const CONTENT_STATUS_FILTERS = ["all", "published", "scheduled", "draft", "archived"] as const;
export type ContentStatusFilter = (typeof CONTENT_STATUS_FILTERS)[number];

/** An admin list's URL state: `q` (trimmed, at most 200 characters, "" for none), `status`, `page` (from 1). */
export type ContentListFilters = { q: string; status: ContentStatusFilter; page: number };

/** `?q=&status=&page=` of an admin list; unknown values fall back to no search / all / page 1 (`q` only where the list searches). */
export function parseListFilters(params: URLSearchParams, search: boolean): ContentListFilters {
  return z
    .object({
      q: z.string().trim().max(200).catch(""),
      status: z.enum(CONTENT_STATUS_FILTERS).catch("all"),
      page: z.coerce.number().int().min(1).max(10_000).catch(1),
    })
    .parse({ q: search ? (params.get("q") ?? "") : "", status: params.get("status") ?? "all", page: params.get("page") ?? 1 });
}

/** The query string of a list state ("?q=steel&status=draft"), "?" when it is the default. */
export function listSearch(filters: Partial<ContentListFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const s = params.toString();
  return s ? `?${s}` : "?";
}

/** A kind's fields by the name they post under (the Drizzle property names they save to). */
export type ContentFields = Record<string, ContentField>;
type ShapeOf<F extends ContentFields> = { [K in keyof F]: F[K]["schema"] };
/** The parsed values of a kind's fields. */
export type FieldValues<F extends ContentFields> = z.output<z.ZodObject<ShapeOf<F>>>;

/** The result of checking a submitted form: the values a save writes, or field errors. */
export type ParseResult<V> = { ok: true; values: V } | { ok: false; errors: FieldErrors };

/** What a kind's module states; `defineContentKind` adds what follows from it. */
export type ContentKindConfig<F extends ContentFields, V> = {
  name: ContentKindName;
  /** What staff call one item, in a sentence ("project", "blog post"). */
  noun: string;
  paths: ContentPaths;
  messages: ContentMessages;
  /** The fields in the order the schema checks them. */
  fields: F;
  /** The values a save writes, from the checked fields (computed columns, defaults). */
  finish: (values: FieldValues<F>) => V;
  list: {
    /** Items per page of the admin list. */
    pageSize: number;
    /** Whether the list has a text search (`?q=`). */
    search: boolean;
  };
};

/** A kind of content as the studio uses it. */
export type ContentKind<F extends ContentFields = ContentFields, V = Record<string, unknown>> = ContentKindConfig<F, V> & {
  /** The Zod schema of the form's fields. */
  schema: z.ZodObject<ShapeOf<F>>;
  /** The toasts of `?saved={intent}` (an edit screen opened after a create) and `?deleted=1` (a list after a delete). */
  flags: { saved: Record<string, string>; deleted: Record<string, string> };
  /** The submitted form as the schema reads it: repeated inputs for lists, a ticked box as true, the rest as text. */
  formInput: (form: FormData) => Record<string, unknown>;
  /** Checks a submitted form for a save with `intent` (Publish and Schedule also need the fields with a `publishMessage`). */
  parse: (form: FormData, intent: SaveIntent) => ParseResult<V>;
  /** The list's URL state. */
  parseFilters: (params: URLSearchParams) => ContentListFilters;
};

/**
 * What the studio's actions and shared widgets need of a kind; every kind's definition fits it
 * (the values a save writes always hold the title the slug is made from).
 */
export type ContentKindRef = Pick<ContentKind, "name" | "noun" | "paths" | "messages"> & {
  parse: (form: FormData, intent: SaveIntent) => ParseResult<Record<string, unknown> & { title: string }>;
};

const textOf = (v: FormDataEntryValue) => (typeof v === "string" ? v : "");

/** The value one field reads from a submitted form. */
function readField(name: string, f: ContentField, form: FormData): unknown {
  if (f.read) return f.read(form);
  switch (f.widget) {
    case "checkbox":
      return form.get(name) === "on" || form.get(name) === "true";
    case "list":
    case "images":
      return form.getAll(name).map(textOf);
    default:
      return form.get(name) ?? "";
  }
}

/** A kind's definition, with its schema, form reader, parser and flag toasts built from `config`. */
export function defineContentKind<F extends ContentFields, V>(config: ContentKindConfig<F, V>): ContentKind<F, V> {
  const shape = Object.fromEntries(Object.entries(config.fields).map(([name, f]) => [name, f.schema])) as ShapeOf<F>;
  const schema = z.object(shape);
  const formInput = (form: FormData) => Object.fromEntries(Object.entries(config.fields).map(([name, f]) => [name, readField(name, f, form)]));
  const parse = (form: FormData, intent: SaveIntent): ParseResult<V> => {
    const parsed = parseSubmission(schema, formInput(form));
    const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
    if (intent === "publish" || intent === "schedule") {
      for (const [name, f] of Object.entries(config.fields)) {
        const value = form.get(name);
        if (f.publishMessage && !(typeof value === "string" && value.trim())) errors[name] = [f.publishMessage];
      }
    }
    if (!parsed.ok || Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, values: config.finish(parsed.values) };
  };
  const m = config.messages;
  return {
    ...config,
    schema,
    flags: { saved: { draft: m.draft, publish: m.published, schedule: m.scheduledFlag }, deleted: { "1": m.deleted } },
    formInput,
    parse,
    parseFilters: (params) => parseListFilters(params, config.list.search),
  };
}
