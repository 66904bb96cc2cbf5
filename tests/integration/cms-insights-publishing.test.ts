/**
 * The blog studio's list and publishing, through the real route loaders and actions with real
 * better-auth sessions: the list's search and status filter in SQL (with `%` and `_` matched
 * literally), stat cards and pages; publish / draft / schedule with an injected clock, preview
 * links, revisions, the edit conflict and deleting from the edit screen. The forms' validation,
 * body, slugs and role checks are in cms-insights-editing.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsRevisions, insights } from "~/db/schema";
import { editAction } from "~/features/cms/actions.server";
import { createContent, REVISIONS_KEPT, updateContent } from "~/features/cms/content.server";
import { createPreviewToken } from "~/features/cms/preview.server";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { getPreviewInsightBySlug, getPublishedInsightBySlug, listInsightsForFeed, listPublishedInsightSlugs, listPublishedInsights } from "~/features/insights/insights.server";
import * as listRoute from "~/routes/admin/cms/blog";
import * as editRoute from "~/routes/admin/cms/blog-edit";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { actor, errorsOf, parsedValues, postBySlug, valid } from "../setup/cms-insights";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

const T0 = new Date("2026-03-01T12:00:00Z");
const ADMIN_INSIGHT_PAGE_SIZE = INSIGHT_KIND.list.pageSize;

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
