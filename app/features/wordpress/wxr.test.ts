/**
 * Reading WordPress exports: two real exports (tests/fixtures/wordpress, the WordPress theme test
 * data, classic and block-editor) read in the worker thread give the counts per kind and status
 * the dry run shows, the original dates, and bodies converted block by block that pass the
 * article check; hostile files (billion laughs, an external entity, files that are not exports)
 * are refused with a clear message; a 100 MB export streams with the worker's memory bounded and
 * the main thread's event loop free, both measured.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseInsightBlocks } from "~/features/insights/blocks";
import { htmlToBlocks, type ConvertedBlock } from "./html-blocks";
import { closeParser, parseExport, WORKER_HEAP_MB } from "./parse.server";
import type { ItemPlan } from "./plan";
import { readWxr, type WxrItem } from "./wxr";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress");
const CLASSIC = path.join(FIXTURES, "themeunittestdata.wordpress.xml");
const BLOCKS = path.join(FIXTURES, "64-block-test-data.xml");

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "wxr-"));
});
afterAll(async () => {
  await closeParser();
  await rm(dir, { recursive: true, force: true });
});

/** Counts of the dry run per "kind status" ("post published", "menu skipped"). */
function counts(items: ItemPlan[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const key = `${item.kind} ${item.status ?? (item.reason ? "skipped" : "created")}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The item of `file` titled `title`, as read. */
async function itemTitled(file: string, title: string): Promise<WxrItem> {
  let found: WxrItem | null = null;
  await readWxr(createReadStream(file), (item) => {
    if (item.title === title) found = item;
  });
  if (!found) throw new Error(`no item titled ${title}`);
  return found;
}

/** Images kept as links, as the import does when it cannot fetch them: the rest must pass the article check. */
const asArticle = (blocks: ConvertedBlock[]) => blocks.map((b) => (b.type === "wp-image" ? { type: "paragraph", content: [{ text: b.alt || b.caption || "Image", href: b.src }] } : b));

describe("real WordPress exports", () => {
  it("reads the theme unit test data: counts per kind and status, skipped items with their reasons, dates", async () => {
    const parsed = await parseExport(CLASSIC);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.channel).toMatchObject({ wxrVersion: "1.2", title: "Theme Unit Test Data", baseBlogUrl: "https://wpthemetestdata.wordpress.com" });
    expect(parsed.channel.authors.map((a) => a.login)).toEqual(["themedemos", "themereviewteam"]);
    expect([parsed.channel.categories.length, parsed.channel.tags.length]).toEqual([68, 110]);
    expect(counts(parsed.items)).toEqual({
      "post published": 55,
      "post scheduled": 1,
      "post draft": 2,
      "page draft": 21,
      "attachment created": 37,
      "menu skipped": 70,
    });
    const markup = parsed.items.find((i) => i.slug === "markup-html-tags-and-formatting")!;
    expect(markup).toMatchObject({ kind: "post", postId: 1178, status: "published", publishedAt: "2013-01-12T03:22:19.000Z" });
    const locked = parsed.items.filter((i) => i.kind === "post" && i.status === "draft").map((i) => i.reason);
    expect(locked).toContain("password-protected: a draft, since its words were never public");
    expect(parsed.items.find((i) => i.kind === "menu")?.reason).toBe("menus are not imported");
    expect(parsed.items.reduce((n, i) => n + i.comments, 0)).toBeGreaterThan(0);
  });

  it("reads the block-editor test data: one post per core block, the navigation post type skipped", async () => {
    const parsed = await parseExport(BLOCKS);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(counts(parsed.items)).toEqual({ "post published": 61, "page draft": 1, "attachment created": 9, "other skipped": 1 });
    expect(parsed.items.find((i) => i.kind === "other")?.reason).toBe('the post type "wp_navigation" is not imported');
  });

  it("converts a classic body block by block", async () => {
    const blocks = htmlToBlocks((await itemTitled(CLASSIC, "Markup: HTML Tags and Formatting")).content);
    expect(blocks.slice(0, 10)).toEqual([
      { type: "paragraph", content: [{ text: "Headings", bold: true }] },
      { type: "heading", level: 2, content: "Header one" },
      { type: "heading", level: 2, content: "Header two" },
      { type: "heading", level: 3, content: "Header three" },
      { type: "heading", level: 3, content: "Header four" },
      { type: "heading", level: 3, content: "Header five" },
      { type: "heading", level: 3, content: "Header six" },
      { type: "heading", level: 2, content: "Blockquotes" },
      { type: "paragraph", content: "Single line blockquote:" },
      { type: "quote", content: "Stay hungry. Stay foolish." },
    ]);
    expect(blocks).toContainEqual({ type: "paragraph", content: "Employee | Salary" });
    expect(blocks).toContainEqual({ type: "paragraph", content: [{ text: "I'll let Bill O'Reilly will " }, { text: "explain", href: "https://www.youtube.com/watch?v=O_HyZ5aW76c" }, { text: " this one." }] });
    expect(parseInsightBlocks(asArticle(blocks))).toMatchObject({ ok: true });

    const aligned = htmlToBlocks((await itemTitled(CLASSIC, "Markup: Image Alignment")).content);
    expect(aligned[2]).toEqual({ type: "wp-image", src: "https://wpthemetestdata.files.wordpress.com/2013/03/image-alignment-580x300.jpg", alt: "Image Alignment 580x300" });
    expect(aligned[3]).toEqual({ type: "paragraph", content: [{ text: "The image above happens to be " }, { text: "centered", italic: true, bold: true }, { text: "." }] });
  });

  it("converts block-editor markup block by block: lists, quotes with citations, gallery images with captions", async () => {
    const list = htmlToBlocks((await itemTitled(BLOCKS, "List")).content);
    expect(list.slice(0, 3)).toEqual([
      { type: "heading", level: 2, content: "Unordered" },
      { type: "list", items: ["List item", "List item", "Nested list item", "Another nested list item", "List item"] },
      { type: "list", items: [[{ text: "List item", bold: true }], [{ text: "List item", italic: true }], "Nested list item", "Another nested list item", "List item"] },
    ]);
    expect(list).toContainEqual({ type: "list", items: ["List item", "List item", "Nested list item", "Another nested list item", "List item"], ordered: true, start: 4 });
    const quote = htmlToBlocks((await itemTitled(BLOCKS, "Quote")).content);
    expect(quote[1]).toEqual({ type: "quote", content: "Quote, default (no alignment)", author: "Citation" });
    const gallery = htmlToBlocks((await itemTitled(BLOCKS, "Gallery")).content);
    expect(gallery[3]).toEqual({ type: "wp-image", src: "https://wpthemetestdata.files.wordpress.com/2008/06/windmill.jpg", alt: "", caption: "Gallery caption" });
    for (const title of ["Paragraph", "Heading", "Code", "Preformatted", "Table", "Custom HTML", "Shortcode", "Columns", "Cover"]) {
      const blocks = asArticle(htmlToBlocks((await itemTitled(BLOCKS, title)).content));
      expect(parseInsightBlocks(blocks), title).toMatchObject({ ok: true });
    }
  });

  it("keeps only text and safe links of hostile markup", () => {
    expect(htmlToBlocks('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script></p><iframe src="https://www.youtube.com/embed/x"></iframe><style>p{}</style>')).toEqual([
      { type: "paragraph", content: "Hi there" },
      { type: "paragraph", content: [{ text: "https://www.youtube.com/embed/x", href: "https://www.youtube.com/embed/x" }] },
    ]);
    expect(htmlToBlocks('[caption id="a" width="300"]<img src="https://example.org/a.jpg" alt="A bridge" /> The Severn bridge[/caption]')).toEqual([
      { type: "wp-image", src: "https://example.org/a.jpg", alt: "A bridge", caption: "The Severn bridge" },
    ]);
  });
});

describe("hostile files", () => {
  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return file;
  };

  it("refuses a billion-laughs DTD and an external entity at once, and says why; non-exports get a clear message", async () => {
    const lol = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]>\n<rss><channel><title>&lol9;</title></channel></rss>`;
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss><channel><title>&xxe;</title></channel></rss>`;
    const started = performance.now();
    const cpu = process.cpuUsage();
    expect(await parseExport(await write("lol.xml", lol))).toEqual({ ok: false, message: "This file declares a DTD (<!DOCTYPE>), which a WordPress export never has: it is refused." });
    expect(await parseExport(await write("xxe.xml", xxe))).toEqual({ ok: false, message: "This file declares a DTD (<!DOCTYPE>), which a WordPress export never has: it is refused." });
    const used = process.cpuUsage(cpu);
    // Both refused before any entity is read: well under a second of CPU (the worker was already started).
    expect((used.user + used.system) / 1000).toBeLessThan(1_000);
    expect(performance.now() - started).toBeLessThan(5_000);

    // An entity without a DTD is not known and not expanded.
    expect(await parseExport(await write("entity.xml", '<rss><channel><wp:wxr_version>1.2</wp:wxr_version><title>&lol;</title></channel></rss>'))).toMatchObject({ ok: false, message: expect.stringContaining("not a readable WordPress export") });
    expect(await parseExport(await write("feed.xml", '<?xml version="1.0"?><rss version="2.0"><channel><title>A blog</title><item><title>x</title></item></channel></rss>'))).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a WordPress export"),
    });
    expect(await parseExport(await write("page.html", "<html><body><p>Hello</p></body></html>"))).toEqual({ ok: false, message: "This file is not a WordPress export: it is XML, but not an RSS file (WXR)." });
    expect(await parseExport(await write("photo.jpg", "\xff\xd8\xff\xe0 JFIF binary"))).toMatchObject({ ok: false, message: expect.stringContaining("not a readable WordPress export") });
    expect(await parseExport(await write("empty.xml", ""))).toMatchObject({ ok: false });
  });

  it("streams a 100 MB export in the worker: bounded memory, the main thread's event loop free", { timeout: 300_000 }, async () => {
    const file = path.join(dir, "large.xml");
    const out = createWriteStream(file);
    const body = `<!-- wp:paragraph --><p>${"Structural engineering notes, load paths and foundations. ".repeat(80)}</p><!-- /wp:paragraph -->`;
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Big</title><wp:wxr_version>1.2</wp:wxr_version>\n');
    let written = 0;
    let n = 0;
    while (written < 100 * 1024 * 1024) {
      const item = `<item><title>Post ${n}</title><wp:post_id>${n}</wp:post_id><wp:post_name>post-${n}</wp:post_name><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2020-01-01 10:00:00</wp:post_date_gmt><content:encoded><![CDATA[${body}]]></content:encoded></item>\n`;
      if (!out.write(item)) await once(out, "drain");
      written += item.length;
      n++;
    }
    out.end("</channel></rss>\n");
    await once(out, "finish");
    expect((await stat(file)).size).toBeGreaterThan(100 * 1024 * 1024);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const utilisation = performance.eventLoopUtilization();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const parsed = await parseExport(file);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    delay.disable();
    const mainThread = performance.eventLoopUtilization(utilisation);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.items).toHaveLength(n);
    expect(parsed.items[n - 1]).toMatchObject({ slug: `post-${n - 1}`, status: "published", blocks: 1 });
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
    console.log(`100 MB export: ${n} items in ${seconds.toFixed(1)} s; process RSS grew by ${growthMb.toFixed(0)} MB (worker heap capped at ${WORKER_HEAP_MB} MB); main thread busy ${(mainThread.utilization * 100).toFixed(1)}%, event loop delay max ${(delay.max / 1e6).toFixed(0)} ms`);
    // The file is never held whole: the process grows by far less than the file's size plus the worker's cap.
    expect(growthMb).toBeLessThan(100 + WORKER_HEAP_MB);
    // The main thread only waits: its event loop stays free for requests.
    expect(delay.max / 1e6).toBeLessThan(250);
    expect(mainThread.utilization).toBeLessThan(0.2);
  });
});
