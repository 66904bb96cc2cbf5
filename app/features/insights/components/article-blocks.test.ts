import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InsightBlock } from "~/db/schema";
import { ArticleBlocks } from "./article-blocks";

/** The server-rendered HTML of a body, without Tailwind classes, as the public article serves it. */
const html = (blocks: unknown[]) => renderToStaticMarkup(createElement(ArticleBlocks, { blocks: blocks as InsightBlock[] })).replace(/ class="[^"]*"/g, "");

describe("article body rendering", () => {
  it("renders runs as strong, em and links, and numbered lists as ol", () => {
    const out = html([
      { type: "paragraph", content: [{ text: "Read " }, { text: "the guide", bold: true, italic: true, href: "https://www.istructe.org/" }, { text: " or " }, { text: "write", href: "mailto:hello@meridian.example" }] },
      { type: "heading", level: 3, content: [{ text: "Why", italic: true }] },
      { type: "list", items: ["First", [{ text: "Second", bold: true }]], ordered: true },
      { type: "quote", content: "Build lean.", author: "James Whitfield" },
    ]);
    expect(out).toBe(
      '<div><p>Read <a href="https://www.istructe.org/" rel="noopener noreferrer"><strong><em>the guide</em></strong></a> or <a href="mailto:hello@meridian.example">write</a></p>' +
        "<h3><em>Why</em></h3>" +
        "<ol><li>First</li><li><strong>Second</strong></li></ol>" +
        "<figure><blockquote>“Build lean.”</blockquote><figcaption>— James Whitfield</figcaption></figure></div>",
    );
  });

  it("keeps a numbered list's start number (issue 19)", () => {
    expect(html([{ type: "list", items: ["Three", "Four"], ordered: true, start: 3 }])).toBe('<div><ol start="3"><li>Three</li><li>Four</li></ol></div>');
    expect(html([{ type: "list", items: ["One"], ordered: true, start: "3" }])).toBe("<div><ol><li>One</li></ol></div>");
  });

  it("renders a stored unsafe link as plain text and markup as escaped text", () => {
    const out = html([
      { type: "paragraph", content: [{ text: "click", href: "javascript:alert(1)" }, { text: " me", href: " JaVaScRiPt:alert(1)" }, { text: "!", href: "java\tscript:x" }] },
      { type: "paragraph", content: [{ text: "data", href: "data:text/html,<script>alert(1)</script>" }] },
      { type: "paragraph", content: '<script>alert("x")</script>' },
    ]);
    expect(out).toBe("<div><p>click me!</p><p>data</p><p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p></div>");
    expect(out).not.toContain("href");
  });

  it("skips unknown, malformed and empty blocks", () => {
    const out = html([
      { type: "image", src: "x.png" },
      { type: "paragraph", content: { html: "<b>x</b>" } },
      { type: "paragraph", content: [{ text: 1 }, null, { text: "kept" }] },
      { type: "list", items: "a, b" },
      { type: "list", items: ["", "  "] },
      { type: "quote", content: "  ", author: "Nobody" },
      null,
      "text",
    ]);
    expect(out).toBe("<div><p>kept</p></div>");
  });
});
