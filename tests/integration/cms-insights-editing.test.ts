/**
 * The blog studio's create and edit forms, through the real route loaders and actions with real
 * better-auth sessions: the spec's categories, validation messages, null mapping, reading time,
 * the article body's block JSON and image blocks, slugs under concurrent creates, and role checks
 * on every loader and action. The list, publishing, preview links, revisions and the edit
 * conflict are in cms-insights-publishing.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { insights, media } from "~/db/schema";
import { demoInsights } from "~/db/seed/insights";
import { createContent } from "~/features/cms/content.server";
import { INSIGHT_CATEGORIES } from "~/features/insights/kind";
import { MISSING_IMAGE_MESSAGE } from "~/features/insights/admin.server";
import * as listRoute from "~/routes/admin/cms/blog";
import * as createRoute from "~/routes/admin/cms/blog-create";
import * as editRoute from "~/routes/admin/cms/blog-edit";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { actor, errorsOf, parsedValues, postBySlug, valid } from "../setup/cms-insights";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const create = (fields: Record<string, string | string[]>, session = editor) =>
  outcome(() => createRoute.action(routeArgs(session.request("/admin/cms/blog/create", formPost(fields)))));

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
