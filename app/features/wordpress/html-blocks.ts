/**
 * A WordPress body (classic-editor HTML, or block-editor markup, which is the same HTML between
 * `<!-- wp:... -->` comments) turned into an article's blocks (`InsightBlock` of
 * app/db/schema/content.ts), with htmlparser2: paragraphs (classic text split on blank lines as
 * WordPress's `wpautop` does), headings (h1 and h2 as level 2, h3 to h6 as level 3), lists (nested
 * lists flattened), quotes with their `<cite>`, images with their captions (the `[caption]`
 * shortcode too, and each image of a gallery), embeds as a link to what was embedded, code and
 * preformatted text as paragraphs of text, tables as one paragraph per row (cells joined by
 * " | "). Everything else is kept as its text: scripts, styles, forms and frames are dropped
 * (a frame's http(s) address kept as a link), no attribute but a safe link's address and an
 * image's address, alt text and caption survives. The result still goes through
 * `parseInsightBlocks`, the check staff-written bodies pass.
 *
 * Images are returned as `{ type: "wp-image", src, alt, caption }`: the import fetches them into
 * the media library (`image` blocks) or, when that fails, keeps them as a link.
 */
import type { ChildNode, Element } from "domhandler";
import { isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { InlineRun, InsightBlock } from "~/db/schema";
import { isSafeHref } from "~/features/insights/blocks";

/** An image a body names, before the import fetches it. */
export type WpImageBlock = { type: "wp-image"; src: string; alt: string; caption?: string };

/** A block of a converted body: an article block, or an image still to fetch. */
export type ConvertedBlock = Exclude<InsightBlock, { type: "image" }> | WpImageBlock;

const DROPPED = new Set(["script", "style", "noscript", "template", "form", "input", "button", "select", "textarea", "object", "embed", "svg", "math", "head", "title", "meta", "link"]);
const BLOCK_CONTAINERS = new Set(["div", "section", "article", "main", "aside", "header", "footer", "nav", "center", "body", "html", "details", "summary", "dl", "dd", "dt", "address", "hgroup"]);

/** `[caption ...]<img ...> Caption text[/caption]` as a figure: its text beside the image is the caption. */
function expandCaptions(html: string): string {
  return html.replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, "<figure>$1</figure>");
}

const squash = (text: string) => text.replace(/\s+/g, " ");

/** The plain text of nodes (scripts and styles left out), spaces collapsed, trimmed. */
function textOf(nodes: readonly ChildNode[]): string {
  let out = "";
  const walk = (list: readonly ChildNode[]) => {
    for (const node of list) {
      if (isText(node)) out += node.data;
      else if (isTag(node) && !DROPPED.has(node.name)) {
        if (node.name === "br") out += " ";
        walk(node.children);
        if (/^(?:p|li|td|th|div|h[1-6])$/.test(node.name)) out += " ";
      }
    }
  };
  walk(nodes);
  return squash(out).trim();
}

/** Merges neighbouring runs with the same marks and trims the ends; empty when there is no text. */
function tidyRuns(runs: InlineRun[]): InlineRun[] {
  const merged: InlineRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic && last.href === run.href) last.text += run.text;
    else merged.push({ ...run });
  }
  for (const run of merged) run.text = squash(run.text);
  if (merged.length > 0) {
    merged[0]!.text = merged[0]!.text.trimStart();
    merged[merged.length - 1]!.text = merged[merged.length - 1]!.text.trimEnd();
  }
  return merged.filter((run) => run.text.length > 0);
}

/** Run marks in force while walking inline content. */
type Marks = { bold?: true; italic?: true; href?: string };

/**
 * Converts a body to blocks. `html` is the export's `content:encoded` (classic or block markup).
 * Never throws for any input; returns [] for an empty body.
 */
export function htmlToBlocks(html: string): ConvertedBlock[] {
  const document = parseDocument(expandCaptions(html), { decodeEntities: true });
  const blocks: ConvertedBlock[] = [];
  let runs: InlineRun[] = [];

  const flush = () => {
    const tidy = tidyRuns(runs);
    runs = [];
    if (tidy.length === 0) return;
    blocks.push({ type: "paragraph", content: tidy.length === 1 && Object.keys(tidy[0]!).length === 1 ? tidy[0]!.text : tidy });
  };

  const image = (img: Element, caption?: string) => {
    const src = img.attribs.src ?? "";
    if (!/^https?:\/\//i.test(src)) return;
    blocks.push({ type: "wp-image", src, alt: squash(img.attribs.alt ?? "").trim(), ...(caption ? { caption } : {}) });
  };

  /** Inline content into `runs`; a block element met inside ends the paragraph and is handled as a block. */
  const inline = (nodes: readonly ChildNode[], marks: Marks) => {
    for (const node of nodes) {
      if (isText(node)) {
        // Classic bodies mark paragraphs with blank lines (wpautop).
        const parts = node.data.split(/\n[ \t]*\n/);
        parts.forEach((part, i) => {
          if (i > 0) flush();
          runs.push({ text: part, ...marks });
        });
        continue;
      }
      if (!isTag(node) || DROPPED.has(node.name)) continue;
      const name = node.name;
      if (name === "br") runs.push({ text: " ", ...marks });
      else if (name === "strong" || name === "b") inline(node.children, { ...marks, bold: true });
      else if (name === "em" || name === "i" || name === "cite" || name === "dfn") inline(node.children, { ...marks, italic: true });
      else if (name === "a") {
        const href = node.attribs.href?.trim();
        inline(node.children, isSafeHref(href) ? { ...marks, href } : marks);
      } else if (name === "img") {
        flush();
        image(node);
      } else if (name === "iframe") {
        const src = node.attribs.src?.trim();
        if (isSafeHref(src)) runs.push({ text: src, ...marks, href: src });
      } else if (isBlockElement(name)) {
        flush();
        block(node);
      } else inline(node.children, marks);
    }
  };

  const inlineRunsOf = (nodes: readonly ChildNode[]): InlineRun[] => {
    const saved = runs;
    runs = [];
    inline(nodes, {});
    const out = tidyRuns(runs);
    runs = saved;
    return out;
  };

  const content = (r: InlineRun[]) => (r.length === 1 && Object.keys(r[0]!).length === 1 ? r[0]!.text : r);

  const block = (node: Element) => {
    const name = node.name;
    if (/^h[1-6]$/.test(name)) {
      const r = inlineRunsOf(node.children);
      if (r.length > 0) blocks.push({ type: "heading", level: name === "h1" || name === "h2" ? 2 : 3, content: content(r) });
    } else if (name === "p") {
      inline(node.children, {});
      flush();
    } else if (name === "ul" || name === "ol") {
      const items: (string | InlineRun[])[] = [];
      const collect = (list: Element) => {
        for (const li of list.children) {
          if (!isTag(li) || li.name !== "li") continue;
          const own = li.children.filter((c) => !(isTag(c) && (c.name === "ul" || c.name === "ol")));
          const r = inlineRunsOf(own);
          if (r.length > 0) items.push(content(r));
          for (const nested of li.children) if (isTag(nested) && (nested.name === "ul" || nested.name === "ol")) collect(nested);
        }
      };
      collect(node);
      const start = Number(node.attribs.start);
      if (items.length > 0) blocks.push({ type: "list", items, ...(name === "ol" ? { ordered: true } : {}), ...(name === "ol" && Number.isInteger(start) && start > 1 ? { start } : {}) });
    } else if (name === "blockquote") {
      const cite = node.children.find((c): c is Element => isTag(c) && c.name === "cite");
      const rest = node.children.filter((c) => c !== cite);
      const text = textOf(rest);
      if (text) blocks.push({ type: "quote", content: text, ...(cite && textOf([cite]) ? { author: textOf([cite]).replace(/^[—–-]\s*/, "") } : {}) });
    } else if (name === "pre") {
      const text = textOfPre(node.children);
      if (text.trim()) blocks.push({ type: "paragraph", content: text.trim() });
    } else if (name === "table") {
      const rows: Element[] = [];
      const findRows = (nodes: readonly ChildNode[]) => {
        for (const n of nodes) {
          if (!isTag(n)) continue;
          if (n.name === "tr") rows.push(n);
          else findRows(n.children);
        }
      };
      findRows(node.children);
      for (const row of rows) {
        const cells = row.children.filter((c): c is Element => isTag(c) && (c.name === "td" || c.name === "th")).map((c) => textOf(c.children));
        const filled = cells.filter(Boolean);
        if (filled.length > 0) blocks.push({ type: "paragraph", content: filled.join(" | ") });
      }
    } else if (name === "figure") {
      const caption = node.children.find((c): c is Element => isTag(c) && c.name === "figcaption");
      const images: Element[] = [];
      const findImages = (nodes: readonly ChildNode[]) => {
        for (const n of nodes) {
          if (!isTag(n) || n === caption) continue;
          if (n.name === "img") images.push(n);
          else findImages(n.children);
        }
      };
      findImages(node.children);
      // A figure without figcaption (the [caption] shortcode) has its caption as text beside the image.
      const captionText = caption ? textOf(caption.children) : images.length > 0 ? textOf(node.children) : "";
      const classes = node.attribs.class ?? "";
      if (/wp-block-embed/.test(classes)) {
        const url = textOf(node.children.filter((c) => c !== caption)).split(" ")[0] ?? "";
        if (isSafeHref(url)) blocks.push({ type: "paragraph", content: [{ text: captionText || url, href: url }] });
      } else if (images.length > 0) {
        // A gallery's own caption goes with its last image; each image's figcaption with its own.
        for (const img of images) {
          const own = img.parent && isTag(img.parent) && img.parent.name === "figure" && img.parent !== node ? img.parent : null;
          const ownCaption = own?.children.find((c): c is Element => isTag(c) && c.name === "figcaption");
          image(img, ownCaption ? textOf(ownCaption.children) : images.length === 1 || img === images.at(-1) ? captionText || undefined : undefined);
        }
      } else {
        inline(node.children.filter((c) => c !== caption), {});
        flush();
        if (captionText) blocks.push({ type: "paragraph", content: captionText });
      }
    } else if (name === "hr") {
      flush();
    } else {
      // Containers and unknown block elements: their content, in order.
      inline(node.children, {});
      flush();
    }
  };

  inline(document.children, {});
  flush();
  return blocks;
}

/** Preformatted text as written (line breaks kept, no markup). */
function textOfPre(nodes: readonly ChildNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (isText(node)) out += node.data;
    else if (isTag(node) && !DROPPED.has(node.name)) out += node.name === "br" ? "\n" : textOfPre(node.children);
  }
  return out;
}

function isBlockElement(name: string): boolean {
  return /^(?:p|h[1-6]|ul|ol|blockquote|pre|table|figure|hr)$/.test(name) || BLOCK_CONTAINERS.has(name);
}
