/**
 * The article body of an insight (`insights.content`): validation
 * on save, the one link check, and word count / reading time. Safe for the server and the browser.
 *
 * Stored shape: `InsightBlock[]` of app/db/schema/content.ts (the seed's `type` + `content` blocks, whose
 * plain strings stay valid; the editor adds inline runs with bold / italic / href and
 * `ordered: true` lists). Hostile input is refused with a message naming the block, or
 * neutralised: text is only ever text (React escapes it when rendering), control characters and
 * lone surrogates are removed (PostgreSQL's jsonb refuses `\u0000`), empty blocks are dropped.
 */
import { z } from "zod";
import type { InlineContent, InlineRun, InsightBlock } from "~/db/schema";
import { isMediaId } from "~/features/media/rules";

/** Most blocks in one article. */
export const MAX_BLOCKS = 500;
/** Most characters of text in one block or one list item. */
export const MAX_BLOCK_TEXT = 10_000;
/** Most items in one list. */
export const MAX_LIST_ITEMS = 100;
/** Most characters of a quote's author. */
export const MAX_AUTHOR = 200;
/** Most characters of a link address. */
export const MAX_HREF = 2_000;
/** Highest first number of a numbered list. */
export const MAX_LIST_START = 100_000;
/** Most characters of the posted body JSON. */
export const MAX_BODY_JSON = 1_000_000;
/** Most characters of an image's alt text and of its caption. */
export const MAX_IMAGE_TEXT = 500;
/** Words read per minute for the reading time. */
export const WORDS_PER_MINUTE = 200;

/** Block types an article may hold. */
export const INSIGHT_BLOCK_TYPES = ["paragraph", "heading", "quote", "list", "image"] as const;

/** The refusal of an image block without alt text. */
export const IMAGE_ALT_MESSAGE = "the image needs alt text: describe it for people who cannot see it.";
/** The refusal of an image block that does not name a media library image (a URL, a path, anything else). */
export const IMAGE_SOURCE_MESSAGE = "images must be chosen from the media library.";

export const LINK_MESSAGE = "links must start with http://, https:// or mailto: (no spaces).";

// Whitespace, control and invisible characters: browsers drop some of them inside a URL
// ("java\tscript:"), so an address holding any of them is refused outright.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN_CHARS = /[\u0000-\u0020\u007F-\u00A0\u00AD\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u2064\u3000\uFEFF]/;

/**
 * Whether `href` may be a link in an article: an absolute `http://` or `https://` address with a
 * host, or a `mailto:` address, at most MAX_HREF characters, with no whitespace, control or
 * invisible characters anywhere. Refuses `javascript:`, `data:`, `vbscript:`, relative and
 * protocol-relative (`//host`) addresses. Used on save, in the editor and again when rendering.
 */
export function isSafeHref(href: unknown): href is string {
  if (typeof href !== "string" || href.length === 0 || href.length > MAX_HREF || HIDDEN_CHARS.test(href)) return false;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === "http:" || url.protocol === "https:") return /^https?:\/\/[^/\\]/i.test(href) && url.hostname !== "";
  if (url.protocol === "mailto:") return /^mailto:./i.test(href);
  return false;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with control characters removed and lone surrogates replaced by U+FFFD. */
function cleanText(text: string): string {
  return text.replace(CONTROL_CHARS, "").replace(LONE_SURROGATES, "\uFFFD");
}

/** The plain text of block content (runs joined); "" for anything that is not inline content. */
export function inlineText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((run) => (run && typeof run === "object" && typeof run.text === "string" ? run.text : "")).join("");
}

const sameMarks = (a: InlineRun, b: InlineRun) => a.bold === b.bold && a.italic === b.italic && a.href === b.href;

/**
 * Normalised inline content: control characters removed, empty runs dropped, neighbouring runs
 * with the same marks merged, and content without any mark stored as a plain string.
 */
export function normaliseInline(content: string | readonly { text: string; bold?: boolean; italic?: boolean; href?: string }[]): InlineContent {
  if (typeof content === "string") return cleanText(content);
  const runs: InlineRun[] = [];
  for (const run of content) {
    const text = cleanText(run.text);
    if (!text) continue;
    const next: InlineRun = { text, ...(run.bold ? { bold: true } : {}), ...(run.italic ? { italic: true } : {}), ...(run.href ? { href: run.href } : {}) };
    const last = runs.at(-1);
    if (last && sameMarks(last, next)) last.text += next.text;
    else runs.push(next);
  }
  if (runs.length === 0) return "";
  return runs.every((r) => !r.bold && !r.italic && !r.href) ? runs.map((r) => r.text).join("") : runs;
}

const RunSchema = z.object({
  text: z.string({ error: "text must be a string." }),
  bold: z.boolean({ error: "bold must be true or false." }).optional(),
  italic: z.boolean({ error: "italic must be true or false." }).optional(),
  href: z.string({ error: LINK_MESSAGE }).refine(isSafeHref, LINK_MESSAGE).optional(),
});

const RunsSchema = z.array(RunSchema, { error: "text must be a string or a list of text runs." }).max(MAX_BLOCK_TEXT);

const InlineSchema = z
  .unknown()
  .transform((value, ctx): InlineContent => {
    if (typeof value === "string") return normaliseInline(value);
    const runs = RunsSchema.safeParse(value);
    if (runs.success) return normaliseInline(runs.data);
    for (const issue of runs.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  })
  .refine((v) => inlineText(v).length <= MAX_BLOCK_TEXT, `use at most ${MAX_BLOCK_TEXT.toLocaleString("en-GB")} characters.`);

const BLOCK_SCHEMAS = {
  paragraph: z.object({ type: z.literal("paragraph"), content: InlineSchema }),
  heading: z.object({
    type: z.literal("heading"),
    level: z.union([z.literal(2), z.literal(3)], { error: "headings are level 2 or 3." }),
    content: InlineSchema,
  }),
  quote: z.object({
    type: z.literal("quote"),
    content: InlineSchema,
    author: z.preprocess(
      (v) => (v === null || v === undefined ? undefined : typeof v === "string" ? cleanText(v).trim() || undefined : v),
      z.string({ error: "the quote's author must be text." }).max(MAX_AUTHOR, `use at most ${MAX_AUTHOR} characters for the author.`).optional(),
    ),
  }),
  list: z.object({
    type: z.literal("list"),
    items: z.array(InlineSchema, { error: "a list needs a list of items." }).max(MAX_LIST_ITEMS, `use at most ${MAX_LIST_ITEMS} items in a list.`),
    ordered: z.boolean({ error: "ordered must be true or false." }).optional(),
    start: z
      .number({ error: "a numbered list starts at a whole number." })
      .int("a numbered list starts at a whole number.")
      .min(0, "a numbered list starts at 0 or more.")
      .max(MAX_LIST_START, `a numbered list starts at ${MAX_LIST_START.toLocaleString("en-GB")} at most.`)
      .optional(),
  }),
  image: z.object({
    type: z.literal("image"),
    mediaId: z.unknown().refine(isMediaId, IMAGE_SOURCE_MESSAGE).transform((id) => (id as string).toLowerCase()),
    alt: z.preprocess(
      (v) => (typeof v === "string" ? cleanText(v).trim() : ""),
      z.string().min(1, IMAGE_ALT_MESSAGE).max(MAX_IMAGE_TEXT, `use at most ${MAX_IMAGE_TEXT} characters for the alt text.`),
    ),
    caption: z.preprocess(
      (v) => (v === null || v === undefined ? undefined : typeof v === "string" ? cleanText(v).trim() || undefined : v),
      z.string({ error: "the image's caption must be text." }).max(MAX_IMAGE_TEXT, `use at most ${MAX_IMAGE_TEXT} characters for the caption.`).optional(),
    ),
  }),
} as const;

const isEmpty = (content: InlineContent) => inlineText(content).trim() === "";

/** The block as stored (no optional keys set to undefined/false), or null when it is empty. */
function storedBlock(block: z.infer<(typeof BLOCK_SCHEMAS)[keyof typeof BLOCK_SCHEMAS]>): InsightBlock | null {
  switch (block.type) {
    case "paragraph":
      return isEmpty(block.content) ? null : { type: "paragraph", content: block.content };
    case "heading":
      return isEmpty(block.content) ? null : { type: "heading", level: block.level, content: block.content };
    case "quote":
      if (isEmpty(block.content)) return null;
      return block.author ? { type: "quote", content: block.content, author: block.author } : { type: "quote", content: block.content };
    case "list": {
      const items = block.items.filter((item) => !isEmpty(item));
      if (items.length === 0) return null;
      if (!block.ordered) return { type: "list", items };
      // A numbered list keeps its first number; 1 is the default and not stored.
      return block.start !== undefined && block.start !== 1 ? { type: "list", items, ordered: true, start: block.start } : { type: "list", items, ordered: true };
    }
    case "image":
      return { type: "image", mediaId: block.mediaId, alt: block.alt, ...(block.caption ? { caption: block.caption } : {}) };
  }
}

/** Result of parsing an article body. */
export type ParsedBlocks = { ok: true; blocks: InsightBlock[] } | { ok: false; errors: string[] };

const MAX_ERRORS = 10;

/**
 * Validates and normalises an article body for saving. `input` is the JSON text the editor posts
 * (or an already parsed array); `null`, `undefined` and blank text are an empty body (`[]`).
 * Refused, with messages naming the block ("Block 3: links must start with ..."), at most ten:
 * JSON that is not a list or longer than MAX_BODY_JSON characters, more than MAX_BLOCKS blocks,
 * an unknown block type, a heading level other than 2 or 3, content that is not a string or
 * a list of runs, an unsafe link, text over the limits, an image that is not a media library id
 * (IMAGE_SOURCE_MESSAGE) or has no alt text (IMAGE_ALT_MESSAGE). Empty blocks and list items are dropped.
 * Never throws.
 */
export function parseInsightBlocks(input: unknown): ParsedBlocks {
  let value = input;
  if (typeof input === "string") {
    if (input.trim() === "") return { ok: true, blocks: [] };
    if (input.length > MAX_BODY_JSON) return { ok: false, errors: ["The article body is too large to save."] };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, errors: ["The article body could not be read; reload the page and try again."] };
    }
  }
  if (value === null || value === undefined) return { ok: true, blocks: [] };
  if (!Array.isArray(value)) return { ok: false, errors: ["The article body must be a list of blocks."] };
  if (value.length > MAX_BLOCKS) return { ok: false, errors: [`The article has ${value.length} blocks; use at most ${MAX_BLOCKS}.`] };

  const blocks: InsightBlock[] = [];
  const errors: string[] = [];
  value.forEach((raw: unknown, i) => {
    if (errors.length >= MAX_ERRORS) return;
    const where = `Block ${i + 1}`;
    const type = raw && typeof raw === "object" ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !(INSIGHT_BLOCK_TYPES as readonly string[]).includes(type)) {
      errors.push(`${where} has an unknown type${typeof type === "string" ? ` "${cleanText(type).slice(0, 40)}"` : ""}; use paragraph, heading, quote, list or image.`);
      return;
    }
    const parsed = BLOCK_SCHEMAS[type as keyof typeof BLOCK_SCHEMAS].safeParse(raw);
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      errors.push(`${where}: ${messages.join(" ")}`);
      return;
    }
    const block = storedBlock(parsed.data);
    if (block) blocks.push(block);
  });
  return errors.length ? { ok: false, errors } : { ok: true, blocks };
}

/**
 * The article body as a form field (the editor's hidden `content` input): parses with
 * parseInsightBlocks and reports its messages as issues of this field; outputs `InsightBlock[]`.
 */
export const InsightBlocksSchema = z.unknown().transform((input, ctx): InsightBlock[] => {
  const parsed = parseInsightBlocks(input);
  if (parsed.ok) return parsed.blocks;
  for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
  return z.NEVER;
});

/** The media library ids of a body's image blocks, in order, without repeats (media's rule, named here for the article's readers). */

/** Words of the body's text (blocks' content and list items; quote authors and images not counted). */
export function countWords(blocks: readonly InsightBlock[]): number {
  let words = 0;
  for (const block of blocks) {
    if (block.type === "image") continue;
    const texts = block.type === "list" ? (Array.isArray(block.items) ? block.items : []) : [block.content];
    for (const text of texts) words += inlineText(text).split(/\s+/).filter(Boolean).length;
  }
  return words;
}

/** Reading time in whole minutes: words / WORDS_PER_MINUTE rounded up, at least 1. */
export function readingMinutes(blocks: readonly InsightBlock[]): number {
  return Math.max(1, Math.ceil(countWords(blocks) / WORDS_PER_MINUTE));
}
