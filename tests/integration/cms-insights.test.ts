/**
 * The content studio's blog screens and rules, through the real route loaders and
 * actions with real better-auth sessions: the list's search and status filter in SQL (with `%`
 * and `_` matched literally), stat cards and pages; the forms' validation messages, null mapping,
 * reading time, the article body's block JSON, slugs under concurrent creates, publish / draft /
 * schedule with an injected clock, preview links, revisions, the edit conflict and role checks.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsRevisions, insights, media } from "~/db/schema";
import { demoInsights } from "~/db/seed/insights";
import { editAction } from "~/features/cms/actions.server";
import { createContent, REVISIONS_KEPT, updateContent, type CmsActor } from "~/features/cms/content.server";
import { createPreviewToken } from "~/features/cms/preview.server";
import { INSIGHT_CATEGORIES, INSIGHT_KIND } from "~/features/insights/kind";

const ADMIN_INSIGHT_PAGE_SIZE = INSIGHT_KIND.list.pageSize;
import { MISSING_IMAGE_MESSAGE } from "~/features/insights/admin.server";
import { getPreviewInsightBySlug, getPublishedInsightBySlug, listInsightsForFeed, listPublishedInsightSlugs, listPublishedInsights } from "~/features/insights/insights.server";
import * as listRoute from "~/routes/admin/cms/blog";
import * as createRoute from "~/routes/admin/cms/blog-create";
import * as editRoute from "~/routes/admin/cms/blog-edit";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();


const valid = { title: "Designing for Floods", excerpt: "What rising water asks of a building.", authorName: "Sam Writer", category: "Sustainability", summary: "Floods are rising." };
const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };
const T0 = new Date("2026-03-01T12:00:00Z");
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
const list = async (query = "") => (await listRoute.loader(routeArgs(editor.request(`/admin/cms/blog${query}`)))) as ListData;
const titles = (data: ListData) => data.items.map((i) => i.title).sort();

describe("the admin list", () => {
  beforeEach(async () => {
    const row = (slug: string, v: Partial<typeof insights.$inferInsert>) => ({ slug, title: slug, excerpt: "An excerpt.", authorName: "Sam Writer", ...v });
    await db.insert(insights).values([
      row("live", { title: "Live steel post", status: "published", publishedDate: new Date("2020-01-01T00:00:00Z"), featured: true, tags: ["a", "b", "c", "d", "e"] }),
      row("future", { title: "Scheduled post", status: "published", publishedDate: new Date("2999-01-01T00:00:00Z") }),
      row("draft", { title: "100% concrete", status: "draft" }),
      row("old", { title: "Archived note", status: "archived", excerpt: "snake_case matters" }),
      row("by-ada", { title: "Guest piece", status: "draft", authorName: "Ada Lovelace" }),
    ]);
  });

  it("shows every post with the stat cards, newest updated first", async () => {
    const data = await list();
    expect(data.items).toHaveLength(5);
    // The scheduled post is counted: total = published + scheduled + drafts + archived.
    expect(data.stats).toEqual({ total: 5, published: 1, scheduled: 1, drafts: 2, featured: 1 });
    const live = data.items.find((i) => i.slug === "live")!;
    expect(live).toMatchObject({ state: "published", featured: true, tags: ["a", "b", "c", "d", "e"], previewUrl: "/insights/live" });
    expect(data.items.find((i) => i.slug === "future")).toMatchObject({ state: "scheduled", previewUrl: expect.stringMatching(/^\/insights\/future\?preview=\d+\.[\w-]{43}$/) });
  });

  it("searches title, excerpt and author name, case-insensitively, in SQL", async () => {
    expect(titles(await list("?q=STEEL"))).toEqual(["Live steel post"]);
    expect(titles(await list("?q=snake_case"))).toEqual(["Archived note"]);
    expect(titles(await list("?q=lovelace"))).toEqual(["Guest piece"]);
    expect(titles(await list("?q=nobody"))).toEqual([]);
  });

  it("matches % and _ literally", async () => {
    expect(titles(await list(`?q=${encodeURIComponent("100%")}`))).toEqual(["100% concrete"]);
    expect(titles(await list(`?q=${encodeURIComponent("%")}`))).toEqual(["100% concrete"]);
    expect(titles(await list("?q=_"))).toEqual(["Archived note"]);
    expect(titles(await list("?q=snake%25case"))).toEqual([]);
  });

  it("filters by status, combined with the search; unknown values fall back to all", async () => {
    expect(titles(await list("?status=published"))).toEqual(["Live steel post"]);
    expect(titles(await list("?status=scheduled"))).toEqual(["Scheduled post"]);
    expect(titles(await list("?status=draft"))).toEqual(["100% concrete", "Guest piece"]);
    expect(titles(await list("?status=archived"))).toEqual(["Archived note"]);
    expect(titles(await list("?status=draft&q=guest"))).toEqual(["Guest piece"]);
    const data = await list("?status=bogus&page=-3");
    expect(data.filters).toEqual({ q: "", status: "all", page: 1 });
    expect(data.items).toHaveLength(5);
  });

  it("pages long lists", async () => {
    await db.insert(insights).values(Array.from({ length: ADMIN_INSIGHT_PAGE_SIZE + 3 }, (_, n) => ({ slug: `bulk-${n}`, title: `Bulk ${n}` })));
    const first = await list("?q=bulk");
    expect(first).toMatchObject({ total: ADMIN_INSIGHT_PAGE_SIZE + 3, pageCount: 2 });
    expect(first.items).toHaveLength(ADMIN_INSIGHT_PAGE_SIZE);
    expect((await list("?q=bulk&page=2")).items).toHaveLength(3);
  });

  it("deletes a row from the list, and answers 404 for a post already gone", async () => {
    const [row] = await db.select().from(insights).where(eq(insights.slug, "draft"));
    const r = await outcome(() => listRoute.action(routeArgs(editor.request("/admin/cms/blog", formPost({ intent: "delete", id: row!.id })))));
    expect(r.status).toBe(200);
    expect((r.value as { data: { message: string } }).data.message).toBe("Blog post deleted");
    expect(await db.select().from(insights).where(eq(insights.slug, "draft"))).toHaveLength(0);
    const again = await outcome(() => listRoute.action(routeArgs(editor.request("/admin/cms/blog", formPost({ intent: "delete", id: row!.id })))));
    expect(again.status).toBe(404);
    expect((again.value as { data: { title: string } }).data.title).toBe("Error deleting blog post");
  });
});

async function postBySlug(slug: string) {
  const [row] = await db.select().from(insights).where(eq(insights.slug, slug));
  return row!;
}
const create = (fields: Record<string, string | string[]>, session = editor) =>
  outcome(() => createRoute.action(routeArgs(session.request("/admin/cms/blog/create", formPost(fields)))));
const errorsOf = (r: { value?: unknown }) => (r.value as { data: { errors: Record<string, string[]> } }).data.errors;

describe("blog categories", () => {
  it("the demo articles use only the spec's seven categories", () => {
    for (const article of demoInsights) expect(INSIGHT_CATEGORIES).toContain(article.category);
  });
});

describe("the create form: validation, null mapping, reading time", () => {
  it("answers 400 with a message for every required field and writes nothing", async () => {
    const r = await create({ intent: "draft", title: " ", excerpt: "", authorName: "  ", category: " " });
    expect(r.status).toBe(400);
    expect((r.value as { data: { title: string } }).data.title).toBe("Error creating blog post");
    expect(errorsOf(r)).toEqual({
      title: ["Please enter a title."],
      excerpt: ["Please enter an excerpt."],
      authorName: ["Please enter the author's name."],
      category: ["Please select a category."],
    });
    const publish = await create({ ...valid, intent: "publish", summary: " " });
    expect(publish.status).toBe(400);
    expect(errorsOf(publish)).toEqual({ summary: ["Please enter a summary before publishing."] });
    const schedule = await create({ ...valid, intent: "schedule", summary: "", scheduleAt: "" });
    expect(errorsOf(schedule)).toMatchObject({ summary: ["Please enter a summary before publishing."], scheduleAt: ["Choose the UK date and time to publish at."] });
    const bad = await create({ ...valid, intent: "draft", heroImage: "javascript:alert(1)", authorImage: "data:image/png;base64,AAAA", readingMinutes: "2.5", intentX: "" });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["authorImage", "heroImage", "readingMinutes"]);
    expect(errorsOf(await create({ ...valid, intent: "draft", readingMinutes: "0" })).readingMinutes).toEqual(["Enter the reading time in whole minutes, or leave it empty."]);
    expect(errorsOf(await create({ ...valid, intent: "draft", readingMinutes: "601" })).readingMinutes).toEqual(["Use at most 600 minutes."]);
    expect(errorsOf(await create({ ...valid, intent: "nonsense" })).intent).toEqual(["Choose Save Draft, Publish or Schedule."]);
    // Only the spec's seven blog categories, whatever the case or length of anything else.
    for (const category of ["Regulation", "sustainability", "Sustainability ".repeat(5)]) {
      expect(errorsOf(await create({ ...valid, intent: "draft", category })).category).toEqual(["Please select a category."]);
    }
    expect(await db.select().from(insights)).toHaveLength(0);
    expect(await db.select().from(insights)).toHaveLength(0);
  });

  it("stores empty optional fields as null, trims and de-duplicates tags, defaults the body and computes the reading time", async () => {
    const r = await create({ ...valid, intent: "draft", summary: "", subtitle: "  ", authorRole: "", authorBio: " ", tags: [" Flood ", "Flood", "", "Resilience"], seoTitle: " " });
    expect(r.status).toBe(302);
    const row = await postBySlug("designing-for-floods");
    expect(r.location).toBe(`/admin/cms/blog/edit/${row.id}?saved=draft`);
    expect(row).toMatchObject({
      subtitle: null, summary: null, authorRole: null, authorBio: null, authorImage: null, heroImage: null, seoTitle: null, seoDescription: null,
      tags: ["Flood", "Resilience"], category: "Sustainability", featured: false, status: "draft", publishedDate: null, readingTime: "1 min read",
    });
    // An empty body becomes one paragraph of the summary, else the excerpt.
    expect(row.content).toEqual([{ type: "paragraph", content: valid.excerpt }]);
    await create({ ...valid, title: "With summary", intent: "draft", tags: [], category: "Innovation" });
    expect(await postBySlug("with-summary")).toMatchObject({ content: [{ type: "paragraph", content: "Floods are rising." }], tags: null, category: "Innovation" });
  });

  it("computes the reading time from the body (words / 200, rounded up) unless staff give one", async () => {
    const body = JSON.stringify([{ type: "paragraph", content: words(250) }, { type: "list", items: [words(100), words(51)] }]);
    await create({ ...valid, intent: "draft", content: body });
    expect((await postBySlug("designing-for-floods")).readingTime).toBe("3 mins read");
    await create({ ...valid, title: "Override", intent: "draft", content: body, readingMinutes: " 12 " });
    expect((await postBySlug("override")).readingTime).toBe("12 mins read");
  });
});

describe("the article body's block JSON, through the route", () => {
  it("stores valid blocks normalised", async () => {
    const body = [
      { type: "heading", level: 2, content: "Why it matters" },
      { type: "paragraph", content: [{ text: "Read " }, { text: "the code", bold: true }, { text: " and ", italic: false }, { text: "mail us", href: "mailto:a@b.co" }] },
      { type: "paragraph", content: "   " },
      { type: "quote", content: "Build back better.", author: "  " },
      { type: "list", items: ["One", "", "Two"], ordered: true },
    ];
    expect((await create({ ...valid, intent: "draft", content: JSON.stringify(body) })).status).toBe(302);
    expect((await postBySlug("designing-for-floods")).content).toEqual([
      { type: "heading", level: 2, content: "Why it matters" },
      { type: "paragraph", content: [{ text: "Read " }, { text: "the code", bold: true }, { text: " and " }, { text: "mail us", href: "mailto:a@b.co" }] },
      { type: "quote", content: "Build back better." },
      { type: "list", items: ["One", "Two"], ordered: true },
    ]);
  });

  it.each([
    ["a script link", [{ type: "paragraph", content: [{ text: "x", href: "javascript:alert(1)" }] }], /^Block 1: links must start with http:\/\/, https:\/\/ or mailto:/],
    ["an unknown block type", [{ type: "paragraph", content: "ok" }, { type: "script", content: "alert(1)" }], /^Block 2 has an unknown type "script"/],
    ["a heading level 1", [{ type: "heading", level: 1, content: "Big" }], /^Block 1: headings are level 2 or 3\./],
    ["markup as an object", [{ type: "paragraph", content: { html: "<b>x</b>" } }], /^Block 1: /],
    ["text that is not JSON", "<p>hello</p>", /^The article body could not be read/],
    ["JSON that is not a list", { type: "paragraph" }, /^The article body must be a list of blocks\./],
  ])("refuses %s with 400 under the body field, writing nothing", async (_name, body, message) => {
    const r = await create({ ...valid, intent: "draft", content: typeof body === "string" ? body : JSON.stringify(body) });
    expect(r.status).toBe(400);
    expect(errorsOf(r).content?.[0]).toMatch(message);
    expect(await db.select().from(insights)).toHaveLength(0);
  });

  it("keeps markup in text as text", async () => {
    await create({ ...valid, intent: "draft", content: JSON.stringify([{ type: "paragraph", content: "<script>alert(1)</script>" }]) });
    expect((await postBySlug("designing-for-floods")).content).toEqual([{ type: "paragraph", content: "<script>alert(1)</script>" }]);
  });
});

describe("image blocks, through the route", () => {
  const libraryImage = async () => {
    const [row] = await db
      .insert(media)
      .values({ storageKey: "project-images/0123456789abcdef-1763880000000.jpg", originalName: "deck.jpg", contentType: "image/jpeg", width: 1200, height: 800, bytes: 1000, altText: "Deck", variants: [], placeholder: "" })
      .returning();
    return row!.id;
  };

  it("stores a library image with its alt text and caption", async () => {
    const mediaId = await libraryImage();
    const r = await create({ ...valid, intent: "publish", content: JSON.stringify([{ type: "paragraph", content: "Intro" }, { type: "image", mediaId, alt: " The deck ", caption: "At dusk." }]) });
    expect(r.status).toBe(302);
    expect((await postBySlug("designing-for-floods")).content).toEqual([{ type: "paragraph", content: "Intro" }, { type: "image", mediaId, alt: "The deck", caption: "At dusk." }]);
  });

  it.each([
    ["an image without alt text", (id: string) => ({ type: "image", mediaId: id, alt: "  " }), "Block 1: the image needs alt text: describe it for people who cannot see it."],
    ["an image given by URL", () => ({ type: "image", src: "https://evil.example/x.png", alt: "x" }), "Block 1: images must be chosen from the media library."],
    ["a protocol-relative image", () => ({ type: "image", mediaId: "//evil.example/x.png", alt: "x" }), "Block 1: images must be chosen from the media library."],
    ["a backslash image path", () => ({ type: "image", mediaId: "/\\evil.example/x.png", alt: "x" }), "Block 1: images must be chosen from the media library."],
    ["an image the library does not hold", () => ({ type: "image", mediaId: "0b8f7c52-3f1e-4c2a-9d7e-6a1b2c3d4e5f", alt: "x" }), MISSING_IMAGE_MESSAGE],
  ])("refuses %s with 400 and a clear message, writing nothing", async (_name, block, message) => {
    const mediaId = await libraryImage();
    for (const intent of ["draft", "publish"]) {
      const r = await create({ ...valid, intent, content: JSON.stringify([block(mediaId)]) });
      expect(r.status).toBe(400);
      expect(errorsOf(r).content).toEqual([message]);
    }
    expect(await db.select().from(insights)).toHaveLength(0);
  });
});

describe("slugs", () => {
  it("appends -1, -2 ... and stays unique when eight staff create the same title at once through the route", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create({ ...valid, intent: "draft", title: "Same Title" })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(302));
    const slugs = (await db.select({ slug: insights.slug }).from(insights)).map((r) => r.slug).sort();
    expect(slugs).toEqual(["same-title", ...Array.from({ length: 7 }, (_, i) => `same-title-${i + 1}`)].sort());
  });

  it("keeps the slug on edit even when the title changes", async () => {
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" });
    const r = await outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/blog/edit/${made.id}`, formPost({ ...valid, title: "Renamed", intent: "keep", version: "1" })), { id: made.id })));
    expect(r.status).toBe(200);
    expect((r.value as { data: { message: string } }).data.message).toBe("Blog post updated!");
    expect((await postBySlug("designing-for-floods")).title).toBe("Renamed");
  });
});

/** The column values a valid form gives (as the route would save them). */
function parsedValues(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const parsed = INSIGHT_KIND.parse(fd, "draft");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.values;
}

describe("publish, draft and schedule (injected clock)", () => {
  const post = (id: string, fields: Record<string, string>, now: Date) =>
    outcome(() => editAction(INSIGHT_KIND, editor.request(`/admin/cms/blog/edit/${id}`, formPost(fields)), id, INSIGHT_KIND.parse, now));

  it("Publish sets the date to now, Save Draft clears it, Schedule goes live at its UK time everywhere public", async () => {
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" }, T0);
    const everywhere = async (now: Date) => ({
      page: (await getPublishedInsightBySlug("designing-for-floods", now)) !== null,
      list: (await listPublishedInsights(now)).length,
      feed: (await listInsightsForFeed(50, now)).length,
      sitemap: (await listPublishedInsightSlugs(now)).length,
    });
    expect(await everywhere(T0)).toEqual({ page: false, list: 0, feed: 0, sitemap: 0 });

    const published = await post(made.id, { ...valid, intent: "publish", version: "1" }, T0);
    expect((published.value as { data: { message: string } }).data.message).toBe("Blog post published!");
    expect((await postBySlug("designing-for-floods")).publishedDate).toEqual(T0);
    expect(await everywhere(T0)).toEqual({ page: true, list: 1, feed: 1, sitemap: 1 });

    const draft = await post(made.id, { ...valid, intent: "draft", version: "2" }, T0);
    expect((draft.value as { data: { message: string } }).data.message).toBe("Blog post saved as draft!");
    expect(await postBySlug("designing-for-floods")).toMatchObject({ status: "draft", publishedDate: null });
    expect(await everywhere(T0)).toEqual({ page: false, list: 0, feed: 0, sitemap: 0 });

    // 1 March 2026 is GMT: 13:30 UK is 13:30Z.
    const past = await post(made.id, { ...valid, intent: "schedule", scheduleAt: "2026-03-01T11:00", version: "3" }, T0);
    expect(past.status).toBe(400);
    expect(errorsOf(past).scheduleAt).toEqual(["Choose a time in the future."]);
    const scheduled = await post(made.id, { ...valid, intent: "schedule", scheduleAt: "2026-03-01T13:30", version: "3" }, T0);
    expect((scheduled.value as { data: { message: string } }).data.message).toBe("Blog post scheduled for 1 Mar 2026, 13:30 (UK time)");
    expect(await postBySlug("designing-for-floods")).toMatchObject({ status: "published", publishedDate: new Date("2026-03-01T13:30:00Z") });
    expect(await everywhere(new Date("2026-03-01T13:29:59Z"))).toEqual({ page: false, list: 0, feed: 0, sitemap: 0 });
    expect(await everywhere(new Date("2026-03-01T13:30:00Z"))).toEqual({ page: true, list: 1, feed: 1, sitemap: 1 });

    // Cancel schedule: back to draft before it goes live, the date cleared.
    const cancelled = await post(made.id, { intent: "cancel-schedule", version: "4" }, T0);
    expect((cancelled.value as { data: { message: string } }).data.message).toBe("Schedule cancelled: the blog post is a draft again");
    expect(await postBySlug("designing-for-floods")).toMatchObject({ status: "draft", publishedDate: null });
    expect(await everywhere(new Date("2026-03-01T13:30:00Z"))).toEqual({ page: false, list: 0, feed: 0, sitemap: 0 });

    expect((await post(made.id, { intent: "archive", version: "5" }, T0)).status).toBe(200);
    expect(await everywhere(new Date("2027-01-01T00:00:00Z"))).toEqual({ page: false, list: 0, feed: 0, sitemap: 0 });
    expect((await post(made.id, { intent: "restore", version: "6" }, T0)).status).toBe(200);
    expect(await postBySlug("designing-for-floods")).toMatchObject({ status: "draft", publishedDate: null });

    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(["insight.created", "insight.published", "insight.unpublished", "insight.scheduled", "insight.unpublished", "insight.archived", "insight.restored"]);
  });
});

describe("preview links", () => {
  it("show a draft to whoever holds a valid link, never cached or indexed; 404 without one", async () => {
    const { loader, headers } = await import("~/routes/public/insight");
    const a = await createContent("insight", actor, parsedValues(valid), { intent: "draft" }, T0);
    const b = await createContent("insight", actor, parsedValues({ ...valid, title: "Other" }), { intent: "draft" }, T0);
    const token = createPreviewToken("insight", a.id, T0);
    expect(await getPreviewInsightBySlug("designing-for-floods", token, T0)).toMatchObject({ title: "Designing for Floods" });
    expect(await getPreviewInsightBySlug("designing-for-floods", token, new Date(T0.getTime() + 3600_000))).toBeNull();
    expect(await getPreviewInsightBySlug("other", token, T0)).toBeNull();
    expect(await getPreviewInsightBySlug("other", createPreviewToken("project", b.id, T0), T0)).toBeNull();
    const page = (q: string) => outcome(() => loader(routeArgs(new Request(`${TEST_ORIGIN}/insights/designing-for-floods${q}`), { slug: "designing-for-floods" })));
    expect((await page("")).status).toBe(404);
    expect((await page("?preview=1.x")).status).toBe(404);
    const good = (await loader(routeArgs(new Request(`${TEST_ORIGIN}/insights/designing-for-floods?preview=${createPreviewToken("insight", a.id)}`), { slug: "designing-for-floods" }))) as unknown as {
      data: { article: { title: string }; preview: boolean };
      init: { headers: Record<string, string> };
    };
    expect(good.data).toMatchObject({ article: { title: "Designing for Floods" }, preview: true });
    const h = new Headers(headers({ loaderHeaders: new Headers(good.init.headers) } as never) as HeadersInit);
    expect(h.get("cache-control")).toBe("no-store");
    expect(h.get("x-robots-tag")).toContain("noindex");
  });
});

describe("revisions and the edit conflict", () => {
  it("keeps a revision per save (at most 50) and restores one into the form without saving or publishing", async () => {
    const made = await createContent("insight", actor, parsedValues({ ...valid, subtitle: "First words" }), { intent: "draft" });
    for (let v = 1; v <= REVISIONS_KEPT + 2; v++) await updateContent("insight", actor, made.id, v, parsedValues({ ...valid, subtitle: `Words ${v}` }), { intent: "keep" });
    expect(await db.select().from(cmsRevisions).where(and(eq(cmsRevisions.entityType, "insight"), eq(cmsRevisions.entityId, made.id)))).toHaveLength(REVISIONS_KEPT);
    const load = async (q = "") => (await editRoute.loader(routeArgs(editor.request(`/admin/cms/blog/edit/${made.id}${q}`), { id: made.id }))) as Awaited<ReturnType<typeof editRoute.loader>>;
    const data = await load();
    expect(data.revisions[0]).toMatchObject({ authorName: "Ed Editor", version: REVISIONS_KEPT + 3 });
    expect(data.previewUrl).toMatch(/^\/insights\/designing-for-floods\?preview=/);
    const oldest = data.revisions.at(-1)!;
    const restored = await load(`?revision=${oldest.id}`);
    expect(restored.restored?.values).toMatchObject({ subtitle: `Words ${oldest.version - 1}`, content: [{ type: "paragraph", content: "Floods are rising." }] });
    expect(await postBySlug("designing-for-floods")).toMatchObject({ subtitle: `Words ${REVISIONS_KEPT + 2}`, status: "draft" });
  });

  it("refuses a stale save, naming who saved and when, and overwrites nothing", async () => {
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" });
    const admin = await createStaffSession("admin", { name: "Ada Admin" });
    const url = `/admin/cms/blog/edit/${made.id}`;
    expect((await outcome(() => editRoute.action(routeArgs(admin.request(url, formPost({ ...valid, intent: "keep", version: "1", subtitle: "Ada's" })), { id: made.id })))).status).toBe(200);
    const second = await outcome(() => editRoute.action(routeArgs(editor.request(url, formPost({ ...valid, intent: "publish", version: "1", subtitle: "Eve's" })), { id: made.id })));
    expect(second.status).toBe(409);
    expect((second.value as { data: { title: string; description: string } }).data).toMatchObject({
      title: "Error updating blog post",
      description: expect.stringMatching(/^Ada Admin saved this post on \d+ \w+ 2\d{3}, \d\d:\d\d \(UK time\)/),
    });
    expect(await postBySlug("designing-for-floods")).toMatchObject({ subtitle: "Ada's", status: "draft", version: 2 });
  });

  it("answers 404 for a missing post and redirects the edit screen to the list", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/blog/edit/${id}`, formPost({ ...valid, intent: "keep", version: "1" })), { id })))).status).toBe(404);
    expect(await outcome(() => editRoute.loader(routeArgs(editor.request(`/admin/cms/blog/edit/${id}`), { id })))).toMatchObject({ status: 302, location: "/admin/cms/blog?error=load" });
    expect(await outcome(() => editRoute.loader(routeArgs(editor.request("/admin/cms/blog/edit/not-a-uuid"), { id: "not-a-uuid" })))).toMatchObject({ status: 302, location: "/admin/cms/blog?error=load" });
  });

  it("deletes from the edit screen, with its revisions, and audits it", async () => {
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" });
    const r = await outcome(() => editRoute.action(routeArgs(editor.request(`/admin/cms/blog/edit/${made.id}`, formPost({ intent: "delete" })), { id: made.id })));
    expect(r).toMatchObject({ status: 302, location: "/admin/cms/blog?deleted=1" });
    expect(await db.select().from(insights)).toHaveLength(0);
    expect(await db.select().from(cmsRevisions)).toHaveLength(0);
    expect((await db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action)).toContain("insight.deleted");
  });
});

describe("roles", () => {
  it.each(["editor", "admin", "super_admin"] as const)("%s may use every loader and action", async (role) => {
    const staff = await createStaffSession(role);
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" });
    expect((await outcome(() => listRoute.loader(routeArgs(staff.request("/admin/cms/blog?status=draft&q=flood"))))).status).toBe(200);
    expect((await outcome(() => createRoute.loader(routeArgs(staff.request("/admin/cms/blog/create"))))).status).toBe(200);
    expect((await outcome(() => editRoute.loader(routeArgs(staff.request(`/admin/cms/blog/edit/${made.id}`), { id: made.id })))).status).toBe(200);
    expect((await create({ ...valid, intent: "draft" }, staff)).status).toBe(302);
    expect((await outcome(() => editRoute.action(routeArgs(staff.request(`/admin/cms/blog/edit/${made.id}`, formPost({ ...valid, intent: "keep", version: "1" })), { id: made.id })))).status).toBe(200);
    expect((await outcome(() => listRoute.action(routeArgs(staff.request("/admin/cms/blog", formPost({ intent: "delete", id: made.id })))))).status).toBe(200);
  });

  it("anonymous visitors are sent to login and foreign origins refused, with nothing written", async () => {
    const made = await createContent("insight", actor, parsedValues(valid), { intent: "draft" });
    const anon = (path: string, init?: RequestInit) => new Request(`${TEST_ORIGIN}${path}`, init);
    for (const run of [
      () => listRoute.loader(routeArgs(anon("/admin/cms/blog"))),
      () => createRoute.loader(routeArgs(anon("/admin/cms/blog/create"))),
      () => editRoute.loader(routeArgs(anon(`/admin/cms/blog/edit/${made.id}`), { id: made.id })),
      () => createRoute.action(routeArgs(anon("/admin/cms/blog/create", formPost({ ...valid, intent: "draft" })))),
      () => editRoute.action(routeArgs(anon(`/admin/cms/blog/edit/${made.id}`, formPost({ intent: "archive", version: "1" })), { id: made.id })),
      () => listRoute.action(routeArgs(anon("/admin/cms/blog", formPost({ intent: "delete", id: made.id })))),
    ]) {
      expect((await outcome(run)).status).toBe(302);
    }
    const foreign = (path: string, fields: Record<string, string>) =>
      editor.request(path, { ...formPost(fields), headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } });
    expect((await outcome(() => listRoute.action(routeArgs(foreign("/admin/cms/blog", { intent: "delete", id: made.id }))))).status).toBe(403);
    expect((await outcome(() => createRoute.action(routeArgs(foreign("/admin/cms/blog/create", { ...valid, intent: "draft" }))))).status).toBe(403);
    expect(await db.select().from(insights)).toHaveLength(1);
  });
});


