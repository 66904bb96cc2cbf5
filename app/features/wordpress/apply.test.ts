/**
 * Applying a WordPress import on the real theme unit test exports (classic and block editor):
 * what the database holds per kind and status, a body block by block, the original dates, the
 * category mapping and the author's byline or staff name, a taken slug; the old addresses answered
 * 301 by the server's redirect hook; importing the same file again changes nothing; a newer export
 * updates what changed and says so, and keeps an article staff edited since.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, gt, lte, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, insights, redirects, user, wordpressImports } from "~/db/schema";
import { updateContent } from "~/features/cms/content.server";
import { findRedirect } from "~/features/redirects/runtime.server";
import { createRedirectResponder } from "../../../server/redirects";
import { setupTestDatabase } from "../../../tests/setup/database";
import { applyImport, describeApplied } from "./apply.server";
import { dryRunImport } from "./dry-run.server";
import { closeParser } from "./parse.server";

setupTestDatabase();

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/wordpress");
const CLASSIC = path.join(FIXTURES, "themeunittestdata.wordpress.xml");
const BLOCKS = path.join(FIXTURES, "64-block-test-data.xml");
const actor = { userId: "u-import", email: "manager@staff.test", name: "Manager" };
const NOW = new Date("2026-11-28T12:00:00Z");

let server: Server;
let origin = "";
let dir = "";
beforeAll(async () => {
  const respond = createRedirectResponder({ find: findRedirect, onHit: () => {} });
  server = createServer((req, res) => {
    if (!respond(req, res, "test")) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), "wxr-apply-"));
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

    const result = await applyImport(CLASSIC, actor, { categories: { markup: "Technical Guide" } }, NOW);
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
    // An image not yet in the media library stays a link to its old address.
    const images = (await db.select({ content: insights.content }).from(insights)).flatMap((r) => r.content ?? []);
    expect(images).toContainEqual({ type: "paragraph", content: [{ text: "Golden Gate Bridge", href: "https://wpthemetestdata.files.wordpress.com/2008/06/100_5540.jpg" }] });

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
    const again = await applyImport(CLASSIC, actor, { categories: { markup: "Technical Guide" } }, new Date(NOW.getTime() + 60_000));
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
    await applyImport(CLASSIC, actor, {}, NOW);
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
    const result = await applyImport(newer, actor, {}, new Date(NOW.getTime() + 60_000));
    if (!result.ok) throw new Error(result.message);
    expect(result.report.totals).toEqual({ created: 0, updated: 1, unchanged: 77, kept: 1, failed: 0 });
    const lines = describeApplied(result.report);
    expect(lines).toContain('  updated  post #1178 "Markup: HTML Tags and Formatting, revised" → /insights/markup-html-tags-and-formatting');
    expect(lines).toContain('  kept  page #701 "Front Page, revised": changed in the export, but edited here since the last import: kept as edited here');
    const [markup] = await db.select().from(insights).where(eq(insights.slug, "markup-html-tags-and-formatting"));
    expect(markup).toMatchObject({ title: "Markup: HTML Tags and Formatting, revised", status: "published", version: 2 });
    expect((await db.select({ title: insights.title }).from(insights).where(eq(insights.id, edited!.id)))[0]!.title).toBe("Our front page");
  });

  it("writes the block-editor export's posts block by block", async () => {
    const copy = path.join(dir, "blocks.xml");
    await copyFile(BLOCKS, copy);
    const result = await applyImport(copy, actor, {}, NOW);
    if (!result.ok) throw new Error(result.message);
    expect(result.report.totals).toEqual({ created: 62, updated: 0, unchanged: 0, kept: 0, failed: 0 });
    expect(Number((await db.select({ n: count() }).from(insights).where(eq(insights.status, "published")))[0]!.n)).toBe(61);
    const [quote] = await db.select().from(insights).where(eq(insights.title, "Quote"));
    expect(quote!.content![1]).toEqual({ type: "quote", content: "Quote, default (no alignment)", author: "Citation" });
    const [list] = await db.select().from(insights).where(eq(insights.title, "List"));
    expect(list!.content!.slice(0, 2)).toEqual([
      { type: "heading", level: 2, content: "Unordered" },
      { type: "list", items: ["List item", "List item", "Nested list item", "Another nested list item", "List item"] },
    ]);
    const [gallery] = await db.select().from(insights).where(eq(insights.title, "Gallery"));
    expect(gallery!.content).toContainEqual({ type: "paragraph", content: [{ text: "Image: Gallery caption", href: "https://wpthemetestdata.files.wordpress.com/2008/06/windmill.jpg" }] });
  });
});
