import { getSchema } from "@tiptap/core";
import { Node } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import type { InsightBlock } from "~/db/schema";
import { demoInsights } from "~/db/seed/insights";
import { blockEditorExtensions } from "./components/block-editor-schema";
import { blocksToDoc, docToBlocks } from "./editor-doc";

const schema = getSchema(blockEditorExtensions({ openLink: () => {}, focusToolbar: () => {}, announce: () => {} }));
/** The document as the editor would hold it: throws when it breaks the editor's schema. */
const editorDoc = (blocks: InsightBlock[]) => {
  const node = Node.fromJSON(schema, blocksToDoc(blocks));
  node.check();
  return node.toJSON();
};

const rich: InsightBlock[] = [
  { type: "heading", level: 2, content: "Start with the grid" },
  { type: "paragraph", content: [{ text: "A " }, { text: "7.5 m", bold: true }, { text: " grid, see " }, { text: "the guide", italic: true, href: "https://www.istructe.org/" }, { text: "." }] },
  { type: "heading", level: 3, content: [{ text: "Why", bold: true, italic: true }] },
  { type: "quote", content: "Design lean from the first sketch.", author: "James Whitfield" },
  { type: "quote", content: [{ text: "No author", italic: true }] },
  { type: "list", items: ["One", [{ text: "Two", href: "mailto:hello@meridian.example" }]] },
  { type: "list", items: ["First", "Second"], ordered: true },
  // A numbered list that continues at 3 keeps its start through the editor.
  { type: "list", items: ["Third", "Fourth"], ordered: true, start: 3 },
  // A media library image with a caption, and one without.
  { type: "image", mediaId: "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f", alt: "A footbridge at dusk", caption: "Opened in 2024." },
  { type: "image", mediaId: "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e60", alt: "The deck from below" },
];

describe("editor document <-> stored blocks", () => {
  it("keeps an image block's id, alt text and caption, never its editor preview, and refuses an empty alt on save", () => {
    const image = { type: "image", mediaId: "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f", alt: "Deck", caption: "Opened in 2024." } as const;
    const doc = blocksToDoc([image], { [image.mediaId]: "/uploads/project-images/deck-320.webp" });
    expect(doc.content?.[0]).toEqual({ type: "image", attrs: { mediaId: image.mediaId, alt: "Deck", caption: "Opened in 2024.", src: "/uploads/project-images/deck-320.webp" } });
    expect(docToBlocks(doc)).toEqual([image]);
    const noAlt = { type: "doc", content: [{ type: "image", attrs: { mediaId: image.mediaId, alt: " ", caption: "", src: "" } }] };
    expect(docToBlocks(noAlt)).toEqual([{ type: "image", mediaId: image.mediaId, alt: " " }]);
  });

  it("round-trips every seed article through a document the editor's schema accepts", () => {
    for (const article of demoInsights) {
      const blocks = article.content as InsightBlock[];
      expect(docToBlocks(editorDoc(blocks))).toEqual(blocks);
    }
  });

  it("round-trips bold, italic, links, quotes with and without author and both list kinds", () => {
    expect(docToBlocks(editorDoc(rich))).toEqual(rich);
  });

  it("maps blocks onto the editor's nodes and marks", () => {
    expect(blocksToDoc(rich.slice(3, 4))).toEqual({
      type: "doc",
      content: [
        {
          type: "quote",
          content: [
            { type: "quoteText", content: [{ type: "text", text: "Design lean from the first sketch." }] },
            { type: "quoteAuthor", content: [{ type: "text", text: "James Whitfield" }] },
          ],
        },
      ],
    });
    expect(blocksToDoc([{ type: "list", items: [[{ text: "Two", bold: true, href: "https://a.example/" }]], ordered: true }])).toEqual({
      type: "doc",
      content: [
        {
          type: "orderedList",
          content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Two", marks: [{ type: "bold" }, { type: "link", attrs: { href: "https://a.example/" } }] }] }] }],
        },
      ],
    });
  });

  it("gives an empty body one empty paragraph to type in, and stores it as no blocks", () => {
    expect(blocksToDoc([])).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
    expect(blocksToDoc(null)).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
    expect(docToBlocks(editorDoc([]))).toEqual([]);
  });

  it("stores nothing but blocks: unsafe links lose the link, unknown nodes and marks are dropped", () => {
    const doc = {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Level one" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "click", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] },
            { type: "text", text: " me", marks: [{ type: "link", attrs: { href: " JaVaScRiPt:alert(1)" } }, { type: "strike" }] },
            { type: "image", attrs: { src: "x.png" } },
            { type: "text", text: "!", marks: [{ type: "link", attrs: { href: "data:text/html,<script>alert(1)</script>" } }] },
          ],
        },
        { type: "codeBlock", content: [{ type: "text", text: "rm -rf /" }] },
        { type: "horizontalRule" },
        { type: "paragraph", content: [{ type: "text", text: "<script>alert(1)</script>" }] },
        { type: "paragraph" },
        { type: "quote", content: [{ type: "quoteText" }, { type: "quoteAuthor", content: [{ type: "text", text: "Orphan author" }] }] },
        { type: "quote", content: [{ type: "quoteText", content: [{ type: "text", text: "Q" }] }, { type: "quoteAuthor", content: [{ type: "text", text: "  Ann  " }] }] },
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph" }] }, { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "kept" }] }] }] },
        { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph" }] }] },
      ],
    };
    expect(docToBlocks(doc)).toEqual([
      { type: "heading", level: 2, content: "Level one" },
      { type: "paragraph", content: "click me!" },
      { type: "paragraph", content: "<script>alert(1)</script>" },
      { type: "quote", content: "Q", author: "Ann" },
      { type: "list", items: ["kept"] },
    ]);
  });

  it("leaves a body over the limits unchecked so the save reports why", () => {
    const long = "x".repeat(10_001);
    expect(docToBlocks({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: long }] }] })).toEqual([{ type: "paragraph", content: [{ text: long }] }]);
  });
});
