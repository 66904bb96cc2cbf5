import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InsightBlock } from "~/db/schema";
import { type ArticleImages, ArticleBlocks } from "./article-blocks";

/** The server-rendered HTML of a body, without Tailwind classes, as the public article serves it. */
const html = (blocks: unknown[], images: ArticleImages = {}) =>
  renderToStaticMarkup(createElement(ArticleBlocks, { blocks: blocks as InsightBlock[], images })).replace(/ class="[^"]*"/g, "");

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

  it("keeps a numbered list's start number", () => {
    expect(html([{ type: "list", items: ["Three", "Four"], ordered: true, start: 3 }])).toBe('<div><ol start="3"><li>Three</li><li>Four</li></ol></div>');
    expect(html([{ type: "list", items: ["One"], ordered: true, start: "3" }])).toBe("<div><ol><li>One</li></ol></div>");
  });

  it("renders an image block as the responsive picture in a figure with its caption", () => {
    const id = "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f";
    const images: ArticleImages = {
      [id]: {
        src: "/uploads/project-images/a-960.webp",
        avifSrcSet: "/uploads/project-images/a-320.avif 320w",
        webpSrcSet: "/uploads/project-images/a-320.webp 320w",
        width: 1200,
        height: 800,
        alt: "The library's own alt",
        focalX: 30,
        focalY: 70,
        placeholder: "data:image/webp;base64,AAAA",
      },
    };
    const out = html([{ type: "image", mediaId: id, alt: "Footbridge at <dusk>", caption: "Opened in 2024 & busy" }, { type: "image", mediaId: id, alt: "No caption" }], images);
    expect(out).toContain(
      '<figure><picture><source type="image/avif" srcSet="/uploads/project-images/a-320.avif 320w" sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"/>' +
        '<source type="image/webp" srcSet="/uploads/project-images/a-320.webp 320w" sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"/>' +
        '<img src="/uploads/project-images/a-960.webp" alt="Footbridge at &lt;dusk&gt;" width="1200" height="800" loading="lazy" decoding="async"',
    );
    expect(out).toContain("<figcaption>Opened in 2024 &amp; busy</figcaption></figure>");
    expect(out.match(/<figcaption>/g)).toHaveLength(1);
    expect(out.match(/<figure>/g)).toHaveLength(2);
  });

  it("skips an image block whose id the library does not resolve, or that has no alt text", () => {
    const id = "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f";
    expect(html([{ type: "image", mediaId: id, alt: "Gone" }, { type: "image", mediaId: "https://evil.example/x.png", alt: "x" }])).toBe("<div></div>");
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
