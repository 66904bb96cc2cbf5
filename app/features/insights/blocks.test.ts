import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "~/db/client.server";
import { insights, type InsightBlock } from "~/db/schema";
import { demoInsights } from "~/db/seed/insights";
import { setupTestDatabase } from "../../../tests/setup/database";
import { countWords, IMAGE_ALT_MESSAGE, IMAGE_SOURCE_MESSAGE, InsightBlocksSchema, isSafeHref, MAX_BLOCK_TEXT, MAX_BLOCKS, parseInsightBlocks, readingMinutes } from "./blocks";
import { imageIdsOf } from "~/features/media/rules";

setupTestDatabase();

const link = (href: unknown) => [{ type: "paragraph", content: [{ text: "Read more", href }] }];
const errorsOf = (input: unknown) => {
  const r = parseInsightBlocks(input);
  return r.ok ? [] : r.errors;
};

describe("article body links", () => {
  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "javascript\u200B:alert(1)",
    "&#106;avascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example",
    "https:\\\\evil.example",
    "https:/evil.example",
    "/insights/relative",
    "evil.example",
    "https://",
    "https://exa mple.com",
    " https://example.com",
    "ftp://example.com/file",
    "file:///etc/passwd",
    "mailto:",
    `https://example.com/${"a".repeat(2_000)}`,
    42,
  ])("refuses %j on save, naming the block", (href) => {
    expect(isSafeHref(href)).toBe(false);
    expect(errorsOf(link(href))).toEqual(["Block 1: links must start with http://, https:// or mailto: (no spaces)."]);
  });

  it.each(["https://www.istructe.org/resources/", "http://example.com", "HTTPS://Example.com/a?b=1#c", "mailto:hello@meridian.example?subject=Hi%20there"])(
    "accepts %j",
    (href) => {
      expect(isSafeHref(href)).toBe(true);
      expect(parseInsightBlocks(link(href))).toEqual({ ok: true, blocks: [{ type: "paragraph", content: [{ text: "Read more", href }] }] });
    },
  );
});

describe("article body validation", () => {
  it("keeps the seed's bodies exactly as they are", () => {
    for (const article of demoInsights) {
      expect(parseInsightBlocks(article.content)).toEqual({ ok: true, blocks: article.content });
      expect(parseInsightBlocks(JSON.stringify(article.content))).toEqual({ ok: true, blocks: article.content });
    }
  });

  it("refuses unknown block types and says which block", () => {
    const input = [{ type: "paragraph", content: "Fine" }, { type: "video", src: "x.mp4" }, { type: "script", content: "alert(1)" }, { content: "no type" }, "text", null];
    const use = "use paragraph, heading, quote, list or image.";
    expect(errorsOf(input)).toEqual([
      `Block 2 has an unknown type "video"; ${use}`,
      `Block 3 has an unknown type "script"; ${use}`,
      `Block 4 has an unknown type; ${use}`,
      `Block 5 has an unknown type; ${use}`,
      `Block 6 has an unknown type; ${use}`,
    ]);
  });

  describe("image blocks", () => {
    const mediaId = "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f";

    it("stores a library image by id with trimmed alt text and an optional caption", () => {
      expect(parseInsightBlocks([{ type: "image", mediaId: mediaId.toUpperCase(), alt: "  A footbridge at dusk ", caption: " Opened 2024. ", src: "https://evil.example/x.png" }])).toEqual({
        ok: true,
        blocks: [{ type: "image", mediaId, alt: "A footbridge at dusk", caption: "Opened 2024." }],
      });
      expect(parseInsightBlocks([{ type: "image", mediaId, alt: "Bridge", caption: "   " }])).toEqual({ ok: true, blocks: [{ type: "image", mediaId, alt: "Bridge" }] });
    });

    it("refuses an image without alt text, saying so", () => {
      for (const alt of [undefined, "", "   ", "\u0000"]) {
        expect(errorsOf([{ type: "paragraph", content: "Intro" }, { type: "image", mediaId, alt }])).toEqual([`Block 2: ${IMAGE_ALT_MESSAGE}`]);
      }
      expect(IMAGE_ALT_MESSAGE).toBe("the image needs alt text: describe it for people who cannot see it.");
    });

    it("refuses every source that is not a media library id", () => {
      const hostile = [
        "https://evil.example/x.png",
        "//evil.example/x.png",
        "/\\evil.example/x.png",
        "/uploads/project-images/a.png",
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "../../etc/passwd",
        `${mediaId}/../x`,
        ` ${mediaId}`,
        42,
        null,
        { id: mediaId },
      ];
      for (const src of hostile) {
        expect(errorsOf([{ type: "image", mediaId: src, alt: "x" }])).toEqual([`Block 1: ${IMAGE_SOURCE_MESSAGE}`]);
      }
      expect(errorsOf([{ type: "image", src: "https://evil.example/x.png", alt: "x" }])).toEqual([`Block 1: ${IMAGE_SOURCE_MESSAGE}`]);
    });

    it("lists a body's image ids once and leaves images out of the word count", () => {
      const blocks: InsightBlock[] = [
        { type: "image", mediaId, alt: "One two three" },
        { type: "paragraph", content: "Four words right here" },
        { type: "image", mediaId, alt: "Again" },
      ];
      expect(imageIdsOf(blocks)).toEqual([mediaId]);
      expect(countWords(blocks)).toBe(4);
    });
  });

  it("refuses nested junk and wrong shapes", () => {
    expect(errorsOf([{ type: "paragraph", content: { html: "<b>x</b>" } }])).toEqual(["Block 1: text must be a string or a list of text runs."]);
    expect(errorsOf([{ type: "paragraph", content: [{ text: { nested: [1, 2] } }] }])).toEqual(["Block 1: text must be a string."]);
    expect(errorsOf([{ type: "paragraph", content: [{ text: "x", bold: "yes" }] }])).toEqual(["Block 1: bold must be true or false."]);
    expect(errorsOf([{ type: "heading", level: 1, content: "Title" }])).toEqual(["Block 1: headings are level 2 or 3."]);
    expect(errorsOf([{ type: "heading", level: "2", content: "Title" }])).toEqual(["Block 1: headings are level 2 or 3."]);
    expect(errorsOf([{ type: "list", items: "one, two" }])).toEqual(["Block 1: a list needs a list of items."]);
    expect(errorsOf([{ type: "quote", content: "Q", author: { name: "x" } }])).toEqual(["Block 1: the quote's author must be text."]);
    expect(errorsOf({ type: "paragraph", content: "not a list" })).toEqual(["The article body must be a list of blocks."]);
    expect(errorsOf("{not json")).toEqual(["The article body could not be read; reload the page and try again."]);
  });

  it("drops unexpected keys, so nothing but the typed fields is stored", () => {
    const input = [{ type: "paragraph", content: [{ text: "Hi", bold: true, onclick: "alert(1)", style: "x" }], className: "evil", __proto__x: 1 }];
    expect(parseInsightBlocks(input)).toEqual({ ok: true, blocks: [{ type: "paragraph", content: [{ text: "Hi", bold: true }] }] });
  });

  it("keeps markup in text as text", () => {
    const input = [{ type: "paragraph", content: '<script>alert("x")</script><img src=x onerror=alert(1)>' }];
    expect(parseInsightBlocks(input)).toEqual({ ok: true, blocks: input });
  });

  it("drops empty blocks and items, trims the author, merges runs and stores unmarked runs as a string", () => {
    const input = [
      { type: "paragraph", content: "   " },
      { type: "paragraph", content: [{ text: "" }, { text: "Plain " }, { text: "text", bold: false }] },
      { type: "heading", level: 3, content: [] },
      { type: "quote", content: "Well said.", author: "  " },
      { type: "quote", content: "", author: "Nobody" },
      { type: "list", items: ["", "One", [{ text: "Two", italic: true }, { text: " and", italic: true }], "  "], ordered: true },
      { type: "list", items: ["", " "] },
    ];
    expect(parseInsightBlocks(input)).toEqual({
      ok: true,
      blocks: [
        { type: "paragraph", content: "Plain text" },
        { type: "quote", content: "Well said." },
        { type: "list", items: ["One", [{ text: "Two and", italic: true }]], ordered: true },
      ],
    });
    expect(parseInsightBlocks(null)).toEqual({ ok: true, blocks: [] });
    expect(parseInsightBlocks("")).toEqual({ ok: true, blocks: [] });
  });

  it("keeps a numbered list's start number, drops the default 1 and refuses a broken one", () => {
    const list = (extra: Record<string, unknown>) => [{ type: "list", items: ["Three"], ...extra }];
    expect(parseInsightBlocks(list({ ordered: true, start: 3 }))).toEqual({ ok: true, blocks: [{ type: "list", items: ["Three"], ordered: true, start: 3 }] });
    expect(parseInsightBlocks(list({ ordered: true, start: 0 }))).toEqual({ ok: true, blocks: [{ type: "list", items: ["Three"], ordered: true, start: 0 }] });
    expect(parseInsightBlocks(list({ ordered: true, start: 1 }))).toEqual({ ok: true, blocks: [{ type: "list", items: ["Three"], ordered: true }] });
    expect(parseInsightBlocks(list({ start: 3 }))).toEqual({ ok: true, blocks: [{ type: "list", items: ["Three"] }] });
    expect(errorsOf(list({ ordered: true, start: 2.5 }))).toEqual(["Block 1: a numbered list starts at a whole number."]);
    expect(errorsOf(list({ ordered: true, start: "3" }))).toEqual(["Block 1: a numbered list starts at a whole number."]);
    expect(errorsOf(list({ ordered: true, start: -1 }))).toEqual(["Block 1: a numbered list starts at 0 or more."]);
    expect(errorsOf(list({ ordered: true, start: 1e9 }))).toEqual(["Block 1: a numbered list starts at 100,000 at most."]);
  });

  it("refuses huge input with clear messages", () => {
    const many = Array.from({ length: MAX_BLOCKS + 1 }, () => ({ type: "paragraph", content: "x" }));
    expect(errorsOf(many)).toEqual([`The article has ${MAX_BLOCKS + 1} blocks; use at most ${MAX_BLOCKS}.`]);
    expect(errorsOf(JSON.stringify([{ type: "paragraph", content: "x".repeat(1_000_001) }]))).toEqual(["The article body is too large to save."]);
    expect(errorsOf([{ type: "paragraph", content: "x".repeat(MAX_BLOCK_TEXT + 1) }])).toEqual(["Block 1: use at most 10,000 characters."]);
    const runs = Array.from({ length: 20 }, (_, i) => ({ text: "y".repeat(600), bold: i % 2 === 0 ? (true as const) : undefined }));
    expect(errorsOf([{ type: "paragraph", content: "ok" }, { type: "paragraph", content: runs }])).toEqual(["Block 2: use at most 10,000 characters."]);
    expect(errorsOf([{ type: "list", items: Array.from({ length: 101 }, () => "item") }])).toEqual(["Block 1: use at most 100 items in a list."]);
    const junk = Array.from({ length: 50 }, () => ({ type: "widget" }));
    expect(errorsOf(junk)).toHaveLength(10);
  });

  it("reports its messages under the form field it is used for", () => {
    const Form = z.object({ content: InsightBlocksSchema });
    const result = Form.safeParse({ content: JSON.stringify(link("javascript:alert(1)")) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["content", "Block 1: links must start with http://, https:// or mailto: (no spaces)."]]);
    expect(Form.parse({ content: '[{"type":"paragraph","content":"Hello"}]' })).toEqual({ content: [{ type: "paragraph", content: "Hello" }] });
  });

  it("stores text with control characters and lone surrogates that PostgreSQL's jsonb would refuse", async () => {
    const parsed = parseInsightBlocks([{ type: "paragraph", content: "a\u0000b\u0007c\uD800d\nline" }, { type: "quote", content: "q", author: "Ann\u0000" }]);
    expect(parsed).toEqual({
      ok: true,
      blocks: [
        { type: "paragraph", content: "abc\uFFFDd\nline" },
        { type: "quote", content: "q", author: "Ann" },
      ],
    });
    const content = (parsed as { blocks: InsightBlock[] }).blocks;
    const [row] = await db.insert(insights).values({ slug: "control-chars", title: "Control", content }).returning({ id: insights.id });
    const [stored] = await db.select({ content: insights.content }).from(insights).where(eq(insights.id, row.id));
    expect(stored.content).toEqual(content);
  });
});

describe("reading time", () => {
  it("counts the words of every block and list item, runs joined", () => {
    const blocks: InsightBlock[] = [
      { type: "heading", level: 2, content: "Two words" },
      { type: "paragraph", content: [{ text: "Bold", bold: true }, { text: "ed text here" }] },
      { type: "quote", content: "  spaced   out  ", author: "Not Counted" },
      { type: "list", items: ["one", [{ text: "two three", italic: true }]], ordered: true },
    ];
    expect(countWords(blocks)).toBe(2 + 3 + 2 + 3);
  });

  it("is words / 200 rounded up, at least one minute", () => {
    const words = (n: number): InsightBlock[] => [{ type: "paragraph", content: Array.from({ length: n }, () => "word").join(" ") }];
    expect(readingMinutes([])).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1_000))).toBe(5);
  });
});
