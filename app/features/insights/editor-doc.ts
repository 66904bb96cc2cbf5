/**
 * Conversion between the article body as stored (`InsightBlock[]`, app/db/schema/content.ts) and the
 * block editor's document (Tiptap / ProseMirror JSON, ADR 0012). Pure functions, no editor code.
 *
 * The editor's schema (block-editor-schema.ts) maps one to one onto the blocks:
 * `paragraph`; `heading` with `attrs.level` 2 or 3; `quote` holding a `quoteText` (the quote)
 * and a `quoteAuthor` (its optional author, plain text); `bulletList` / `orderedList` of
 * `listItem`s that each hold exactly one `paragraph` (an ordered list's `attrs.start` is the
 * list's `start`); `image` atoms (`attrs.mediaId`, `alt`, `caption`, and `src`, the editor's
 * preview only, never stored); text with the marks `bold`, `italic` and `link` (`attrs.href`).
 */
import type { JSONContent } from "@tiptap/core";
import type { InlineContent, InlineRun, InsightBlock } from "~/db/schema";
import { isSafeHref, parseInsightBlocks } from "./blocks";

/** Editor text nodes of inline content (marks in the order bold, italic, link). */
function inlineToDoc(content: InlineContent): JSONContent[] {
  const runs: InlineRun[] = typeof content === "string" ? [{ text: content }] : content;
  return runs
    .filter((run) => run.text !== "")
    .map((run) => {
      const marks: NonNullable<JSONContent["marks"]> = [];
      if (run.bold) marks.push({ type: "bold" });
      if (run.italic) marks.push({ type: "italic" });
      if (run.href && isSafeHref(run.href)) marks.push({ type: "link", attrs: { href: run.href } });
      return marks.length ? { type: "text", text: run.text, marks } : { type: "text", text: run.text };
    });
}

const textblock = (type: string, content: InlineContent, attrs?: Record<string, unknown>): JSONContent => {
  const inline = inlineToDoc(content);
  return { type, ...(attrs ? { attrs } : {}), ...(inline.length ? { content: inline } : {}) };
};

/**
 * The editor document of a stored body. A body without blocks is one empty paragraph (the
 * editor needs a block to type in). Unknown or malformed blocks are left out, as on the page.
 * `previews` gives the preview URL of each image block's media id (absent: no preview).
 */
export function blocksToDoc(blocks: readonly InsightBlock[] | null | undefined, previews: Readonly<Record<string, string>> = {}): JSONContent {
  const content: JSONContent[] = [];
  for (const block of blocks ?? []) {
    if (!block || typeof block !== "object") continue;
    switch (block.type) {
      case "paragraph":
        content.push(textblock("paragraph", block.content));
        break;
      case "heading":
        content.push(textblock("heading", block.content, { level: block.level === 3 ? 3 : 2 }));
        break;
      case "quote": {
        const author = typeof block.author === "string" ? block.author : "";
        content.push({ type: "quote", content: [textblock("quoteText", block.content), textblock("quoteAuthor", author)] });
        break;
      }
      case "list":
        if (!Array.isArray(block.items)) break;
        content.push({
          type: block.ordered ? "orderedList" : "bulletList",
          ...(block.ordered && typeof block.start === "number" ? { attrs: { start: block.start } } : {}),
          content: block.items.map((item) => ({ type: "listItem", content: [textblock("paragraph", item)] })),
        });
        break;
      case "image":
        if (typeof block.mediaId !== "string") break;
        content.push({
          type: "image",
          attrs: { mediaId: block.mediaId, alt: typeof block.alt === "string" ? block.alt : "", caption: typeof block.caption === "string" ? block.caption : "", src: previews[block.mediaId] ?? "" },
        });
        break;
    }
  }
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}

/** Runs of a textblock's JSON: text with bold / italic / a safe link; anything else is dropped. */
function docToInline(node: JSONContent | undefined): InlineRun[] {
  const runs: InlineRun[] = [];
  for (const child of node?.content ?? []) {
    if (child.type !== "text" || typeof child.text !== "string") continue;
    const run: InlineRun = { text: child.text };
    for (const mark of child.marks ?? []) {
      if (mark.type === "bold") run.bold = true;
      else if (mark.type === "italic") run.italic = true;
      else if (mark.type === "link" && isSafeHref(mark.attrs?.href)) run.href = mark.attrs.href;
    }
    runs.push(run);
  }
  return runs;
}

const childOfType = (node: JSONContent, type: string) => node.content?.find((c) => c.type === type);

/**
 * The stored body of an editor document: blocks normalised as on save (parseInsightBlocks:
 * unmarked text as plain strings, empty blocks and list items dropped). When the body breaks a
 * save rule (too long), the unchecked blocks are returned so the save reports the message.
 */
export function docToBlocks(doc: JSONContent): InsightBlock[] {
  const raw: InsightBlock[] = [];
  for (const node of doc.content ?? []) {
    switch (node.type) {
      case "paragraph":
        raw.push({ type: "paragraph", content: docToInline(node) });
        break;
      case "heading":
        raw.push({ type: "heading", level: node.attrs?.level === 3 ? 3 : 2, content: docToInline(node) });
        break;
      case "quote": {
        const author = docToInline(childOfType(node, "quoteAuthor"))
          .map((r) => r.text)
          .join("")
          .trim();
        raw.push({ type: "quote", content: docToInline(childOfType(node, "quoteText")), ...(author ? { author } : {}) });
        break;
      }
      case "bulletList":
      case "orderedList":
        raw.push({
          type: "list",
          items: (node.content ?? []).map((item) => docToInline(childOfType(item, "paragraph"))),
          ...(node.type === "orderedList" ? { ordered: true, ...(typeof node.attrs?.start === "number" ? { start: node.attrs.start } : {}) } : {}),
        });
        break;
      case "image": {
        const caption = String(node.attrs?.caption ?? "").trim();
        raw.push({ type: "image", mediaId: String(node.attrs?.mediaId ?? ""), alt: String(node.attrs?.alt ?? ""), ...(caption ? { caption } : {}) });
        break;
      }
    }
  }
  const parsed = parseInsightBlocks(raw);
  return parsed.ok ? parsed.blocks : raw;
}
