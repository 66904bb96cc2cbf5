/**
 * Applying a WordPress import on the real theme unit test exports (classic and block editor):
 * what the database holds per kind and status, a body block by block, the original dates, the
 * category mapping and the author's byline or staff name, a taken slug; the old addresses answered
 * 301 by the server's redirect hook; importing the same file again changes nothing; a newer export
 * updates what changed and says so, and keeps an article staff edited since; pictures are fetched
 * from a local server (the exports' picture addresses pointed at it) into the media library, the
 * featured image becomes the cover, and one that cannot be fetched stays a link and is listed.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, gt, lte, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.WORDPRESS_ALLOW_PRIVATE = "true";
});

import { db } from "~/db/client.server";
import { adminUsers, insights, media, redirects, user, wordpressImports } from "~/db/schema";
import { createLocalStorage } from "~/features/media/storage.server";
import { updateContent } from "~/features/cms/content.server";
import { findRedirect } from "~/features/redirects/runtime.server";
import { createRedirectResponder } from "../../../server/redirects";
import { setupTestDatabase } from "../../../tests/setup/database";
import { applyImport, describeApplied } from "./apply.server";
import { dryRunImport } from "./dry-run.server";
import { closeParser } from "./parse.server";

setupTestDatabase();

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress");
const PICTURE_HOSTS = /https:\/\/(?:wpthemetestdata\.files\.wordpress\.com|upload\.wikimedia\.org)/g;
const actor = { userId: "u-import", email: "manager@staff.test", name: "Manager" };
const NOW = new Date("2026-11-28T12:00:00Z");

let server: Server;
let origin = "";
let dir = "";
let files: ReturnType<typeof createLocalStorage>;
let CLASSIC = "";
let BLOCKS = "";
/** Whether the old site's server serves its pictures (a small JPEG each, but `dsc09114.jpg`) or answers 404 to them all. */
let servePictures = false;
let picture: Buffer;
beforeAll(async () => {
  picture = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
  const respond = createRedirectResponder({ find: findRedirect, onHit: () => {} });
  server = createServer((req, res) => {
    const file = req.url ?? "";
    if (file.startsWith("/pictures/")) {
      if (servePictures && /\.(?:jpe?g|png)(?:\?|$)/i.test(file) && !file.includes("dsc09114")) res.writeHead(200, { "Content-Type": "image/jpeg" }).end(picture);
      else if (servePictures && /\.(?:mp3|mov)$/.test(file)) res.writeHead(200, { "Content-Type": "audio/mpeg" }).end("ID3 not a picture");
      else res.writeHead(404).end();
      return;
    }
    if (!respond(req, res, "test")) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), "wxr-apply-"));
  files = createLocalStorage(path.join(dir, "uploads"));
  // The real exports, with their pictures' addresses on this test's server.
  CLASSIC = path.join(dir, "themeunittestdata.wordpress.xml");
  BLOCKS = path.join(dir, "64-block-test-data.xml");
  for (const [from, to] of [["themeunittestdata.wordpress.xml", CLASSIC], ["64-block-test-data.xml", BLOCKS]] as const) {
    await writeFile(to, (await readFile(path.join(FIXTURES, from), "utf8")).replace(PICTURE_HOSTS, `${origin}/pictures`));
  }
});
afterAll(async () => {
  await closeParser();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The answer to a GET of `target` in a fresh client: status and Location, never followed. */
async function visit(target: string): Promise<[number, string | null]> {
  const response = await fetch(`${origin}${target}`, { redirect: "manual" });
  return [response.status, response.headers.get("location")];
}

const snapshot = async () => (await db.select({ id: insights.id, version: insights.version, updatedAt: insights.updatedAt }).from(insights)).sort((a, b) => a.id.localeCompare(b.id));

describe("applying a WordPress import", () => {
  it("writes the classic export's posts and pages as articles, with their dates, bodies, categories and redirects; again changes nothing", async () => {
    await db.insert(insights).values({ slug: "markup-html-tags-and-formatting", title: "Ours" });
    await db.insert(user).values({ id: "u-theme", name: "Theme Reviewer", email: "themereviewteam@gmail.com", emailVerified: true });
    await db.insert(adminUsers).values({ userId: "u-theme", name: "Theme Reviewer (staff)", email: "themereviewteam@gmail.com", role: "editor" });

    const result = await applyImport(CLASSIC, actor, { categories: { markup: "Technical Guide" }, files }, NOW);
    if (!result.ok) throw new Error(result.message);
    expect(result.report.totals).toEqual({ created: 79, updated: 0, unchanged: 0, kept: 0, failed: 0 });

    const tally = async (where: SQL | undefined) => Number((await db.select({ n: count() }).from(insights).where(where))[0]!.n);
    expect(await tally(and(eq(insights.status, "published"), lte(insights.publishedDate, NOW)))).toBe(55);
    expect(await tally(and(eq(insights.status, "published"), gt(insights.publishedDate, NOW)))).toBe(1);
    expect(await tally(eq(insights.status, "draft"))).toBe(2 + 21 + 1);
    expect(await db.select({ kind: wordpressImports.kind, n: count() }).from(wordpressImports).groupBy(wordpressImports.kind).orderBy(wordpressImports.kind)).toEqual([
      { kind: "page", n: 21 },
      { kind: "post", n: 58 },
    ]);

    const [markup] = await db.select().from(insights).where(eq(insights.slug, "markup-html-tags-and-formatting-1"));
    expect(markup).toMatchObject({ title: "Markup: HTML Tags and Formatting", status: "published", category: "Technical Guide", authorName: "Theme Buster", tags: ["content περιεχόμενο", "css", "formatting", "html", "markup"] });
    expect(markup!.publishedDate?.toISOString()).toBe("2013-01-12T03:22:19.000Z");
    expect(markup!.excerpt).toMatch(/^Headings Header one Header two /);
    expect(markup!.content!.slice(0, 9)).toEqual([
      { type: "paragraph", content: [{ text: "Headings", bold: true }] },
      { type: "heading", level: 2, content: "Header one" },
      { type: "heading", level: 2, content: "Header two" },
      { type: "heading", level: 3, content: "Header three" },
      { type: "heading", level: 3, content: "Header four" },
      { type: "heading", level: 3, content: "Header five" },
      { type: "heading", level: 3, content: "Header six" },
      { type: "heading", level: 2, content: "Blockquotes" },
      { type: "paragraph", content: "Single line blockquote:" },
    ]);
    const [locked] = await db.select().from(insights).where(eq(insights.slug, "template-password-protected"));
    expect(locked).toMatchObject({ status: "draft", publishedDate: null, category: "Industry Analysis" });
    const [frontPage] = await db.select().from(insights).where(eq(insights.slug, "front-page"));
    expect(frontPage).toMatchObject({ status: "draft", publishedDate: null });
    const byStaff = await db.select({ n: count() }).from(insights).where(eq(insights.authorName, "Theme Reviewer (staff)"));
    expect(Number(byStaff[0]!.n)).toBeGreaterThan(0);
    // The old site answers 404 to every picture: each stays a link to its old address, listed, and the import went on.
    const images = (await db.select({ content: insights.content }).from(insights)).flatMap((r) => r.content ?? []);
    expect(images).toContainEqual({ type: "paragraph", content: [{ text: "Golden Gate Bridge", href: `${origin}/pictures/2008/06/100_5540.jpg` }] });
    expect(result.report.media.fetched).toBe(0);
    expect(result.report.media.failed).toContainEqual({ url: `${origin}/pictures/2008/06/100_5540.jpg`, reason: "The server answered 404." });
    expect(await db.select({ n: count() }).from(media)).toEqual([{ n: 0 }]);

    expect(await visit("/2013/01/11/markup-html-tags-and-formatting/")).toEqual([301, "/insights/markup-html-tags-and-formatting-1"]);
    expect(await visit("/?p=1178")).toEqual([301, "/insights/markup-html-tags-and-formatting-1"]);
    expect(await visit("/?page_id=701")).toEqual([301, "/insights/front-page"]);
    expect(await visit("/front-page/")).toEqual([301, "/insights/front-page"]);
    expect(await visit("/category/markup/")).toEqual([301, "/insights"]);
    expect(await visit("/tag/css/")).toEqual([301, "/insights"]);
    expect(await visit("/2013/01/11/no-such-post/")).toEqual([404, null]);
    const redirectCount = Number((await db.select({ n: count() }).from(redirects))[0]!.n);
    expect(redirectCount).toBe(result.report.redirects);

    const before = await snapshot();
    const again = await applyImport(CLASSIC, actor, { categories: { markup: "Technical Guide" }, files }, new Date(NOW.getTime() + 60_000));
    if (!again.ok) throw new Error(again.message);
    expect(again.report.totals).toEqual({ created: 0, updated: 0, unchanged: 79, kept: 0, failed: 0 });
    expect(await snapshot()).toEqual(before);
    expect(Number((await db.select({ n: count() }).from(redirects))[0]!.n)).toBe(redirectCount);
    // The dry run of the same file now says each item was imported before, and renames no slug.
    const dry = await dryRunImport(CLASSIC);
    if (!dry.ok) throw new Error(dry.message);
    expect(dry.dryRun.items.filter((i) => i.newSlug)).toEqual([]);
    expect(dry.dryRun.items.find((i) => i.postId === 1178)?.reason).toBe("imported before: its article is updated if the export changed it");
  });

  it("updates from a newer export what changed and says so, and keeps what staff edited here since", async () => {
    const original = await readFile(CLASSIC, "utf8");
    await applyImport(CLASSIC, actor, { files }, NOW);
    const [edited] = await db.select().from(insights).where(eq(insights.slug, "front-page"));
    const staffEdit = await updateContent("insight", actor, edited!.id, edited!.version, { title: "Our front page", excerpt: "Ours.", authorName: "Staff", category: "Case Study" }, { intent: "keep" }, NOW);
    expect(staffEdit.ok).toBe(true);

    const newer = path.join(dir, "newer.xml");
    await writeFile(
      newer,
      original
        .replace("<title>Markup: HTML Tags and Formatting</title>", "<title>Markup: HTML Tags and Formatting, revised</title>")
        .replace("<title>Front Page</title>", "<title>Front Page, revised</title>"),
    );
    const result = await applyImport(newer, actor, { files }, new Date(NOW.getTime() + 60_000));
    if (!result.ok) throw new Error(result.message);
    expect(result.report.totals).toEqual({ created: 0, updated: 1, unchanged: 77, kept: 1, failed: 0 });
    const lines = describeApplied(result.report);
    expect(lines).toContain('  updated  post #1178 "Markup: HTML Tags and Formatting, revised" → /insights/markup-html-tags-and-formatting');
    expect(lines).toContain('  kept  page #701 "Front Page, revised": changed in the export, but edited here since the last import: kept as edited here');
    const [markup] = await db.select().from(insights).where(eq(insights.slug, "markup-html-tags-and-formatting"));
    expect(markup).toMatchObject({ title: "Markup: HTML Tags and Formatting, revised", status: "published", version: 2 });
    expect((await db.select({ title: insights.title }).from(insights).where(eq(insights.id, edited!.id)))[0]!.title).toBe("Our front page");
  });

  it("writes the block-editor export's posts block by block, its pictures in the media library and the featured image as the cover", async () => {
    servePictures = true;
    const result = await applyImport(BLOCKS, actor, { files }, NOW).finally(() => {
      servePictures = false;
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.report.totals).toEqual({ created: 62, updated: 0, unchanged: 0, kept: 0, failed: 0 });
    const library = await db.select({ id: media.id, altText: media.altText, width: media.width }).from(media);
    expect(library.length).toBe(result.report.media.fetched);
    expect(library.length).toBeGreaterThan(5);
    expect(library).toContainEqual(expect.objectContaining({ altText: "Brazil Beach", width: 48 }));
    expect(result.report.media.failed.map((f) => [f.url.replace(origin, ""), f.reason]).sort()).toEqual([
      ["/pictures/2008/06/dsc09114.jpg", "The server answered 404."],
      ["/pictures/2008/06/originaldixielandjazzbandwithalbernard-stlouisblues.mp3", expect.any(String)],
      ["/pictures/2013/12/2014-slider-mobile-behavior.mov", expect.any(String)],
    ]);
    const [featured] = await db.select().from(insights).where(eq(insights.title, "Featured Image"));
    const [brazil] = await db.select({ id: wordpressImports.targetId }).from(wordpressImports).where(eq(wordpressImports.guid, `${origin}/pictures/2008/06/img_0747.jpg`));
    expect(featured!.heroImage).toBe(files.publicUrl((await db.select({ key: media.storageKey }).from(media).where(eq(media.id, brazil!.id)))[0]!.key));
    expect(Number((await db.select({ n: count() }).from(insights).where(eq(insights.status, "published")))[0]!.n)).toBe(61);
    const [quote] = await db.select().from(insights).where(eq(insights.title, "Quote"));
    expect(quote!.content![1]).toEqual({ type: "quote", content: "Quote, default (no alignment)", author: "Citation" });
    const [list] = await db.select().from(insights).where(eq(insights.title, "List"));
    expect(list!.content!.slice(0, 2)).toEqual([
      { type: "heading", level: 2, content: "Unordered" },
      { type: "list", items: ["List item", "List item", "Nested list item", "Another nested list item", "List item"] },
    ]);
    const [gallery] = await db.select().from(insights).where(eq(insights.title, "Gallery"));
    const [windmill] = await db.select({ id: wordpressImports.targetId }).from(wordpressImports).where(eq(wordpressImports.guid, `${origin}/pictures/2008/06/windmill.jpg`));
    expect(gallery!.content).toContainEqual({ type: "image", mediaId: windmill!.id, alt: "Gallery caption", caption: "Gallery caption" });

    // Again: nothing is fetched twice, nothing changes.
    const again = await applyImport(BLOCKS, actor, { files }, NOW);
    if (!again.ok) throw new Error(again.message);
    expect(again.report.totals).toMatchObject({ created: 0, updated: 0, unchanged: 62 });
    expect(again.report.media.fetched).toBe(0);
    expect(await db.select({ n: count() }).from(media)).toEqual([{ n: library.length }]);
  });
});
