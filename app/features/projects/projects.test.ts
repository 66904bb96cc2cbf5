import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsProjects } from "~/db/schema";
import { demoProjects } from "~/db/seed/projects";
import { setupTestDatabase } from "../../../tests/setup/database";
import { metricEntries } from "./metrics";
import { getPublishedProjectBySlug, listLatestProjects, listPublishedProjects } from "./projects.server";
import { parseProjectListQuery, projectListSearch } from "./schema";

setupTestDatabase();

type NewProject = typeof cmsProjects.$inferInsert;
let n = 0;
const at = (day: number) => new Date(Date.UTC(2025, 0, day));

function row(overrides: Partial<NewProject> = {}): NewProject {
  n += 1;
  return {
    slug: `project-${n}`,
    title: `Project ${n}`,
    category: "commercial",
    displayStatus: "published",
    createdAt: at(n),
    publishedAt: at(n),
    ...overrides,
  };
}

describe("listLatestProjects", () => {
  it("returns published projects only, newest created first, at most the limit", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "old", createdAt: at(1) }),
      row({ slug: "mid", createdAt: at(5) }),
      row({ slug: "new", createdAt: at(9) }),
      row({ slug: "newest", createdAt: at(10) }),
      row({ slug: "draft", displayStatus: "draft", createdAt: at(20) }),
      row({ slug: "archived", displayStatus: "archived", createdAt: at(21) }),
    ]);
    const latest = await listLatestProjects();
    expect(latest.map((p) => p.slug)).toEqual(["newest", "new", "mid"]);
    expect((await listLatestProjects(10)).map((p) => p.slug)).toEqual(["newest", "new", "mid", "old"]);
  });

  it("maps rows to cards: id is the slug, description the overview, image the hero, href kept", async () => {
    await db.insert(cmsProjects).values(
      row({ slug: "card", overview: "The overview", heroImage: "/h.webp", href: "https://example.org/x", client: "ACME", tags: ["a", "b"] }),
    );
    const [card] = await listLatestProjects();
    expect(card).toMatchObject({ id: "card", slug: "card", description: "The overview", image: "/h.webp", href: "https://example.org/x", client: "ACME", tags: ["a", "b"] });
  });
});

describe("listPublishedProjects", () => {
  it("orders featured first, then newest created, and never lists drafts or archived rows", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "a", createdAt: at(1), featured: true }),
      row({ slug: "b", createdAt: at(2) }),
      row({ slug: "c", createdAt: at(3), featured: true }),
      row({ slug: "d", createdAt: at(4) }),
      row({ slug: "hidden-draft", displayStatus: "draft", featured: true }),
      row({ slug: "hidden-archived", displayStatus: "archived", featured: true }),
    ]);
    const { projects, counts } = await listPublishedProjects();
    expect(projects.map((p) => p.slug)).toEqual(["c", "a", "d", "b"]);
    expect(counts).toEqual({ all: 4, commercial: 4, humanitarian: 0 });
  });

  it("filters by category and counts every tab", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "c1" }),
      row({ slug: "c2" }),
      row({ slug: "h1", category: "humanitarian" }),
      row({ slug: "h-draft", category: "humanitarian", displayStatus: "draft" }),
    ]);
    const result = await listPublishedProjects({ category: "humanitarian" });
    expect(result.projects.map((p) => p.slug)).toEqual(["h1"]);
    expect(result.counts).toEqual({ all: 3, commercial: 2, humanitarian: 1 });
  });

  it("matches a case-insensitive substring of title, overview or location, combined with the category", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "by-title", title: "Thames Bridge" }),
      row({ slug: "by-overview", overview: "A school near the THAMES estuary" }),
      row({ slug: "by-location", location: "Thamesmead, London", category: "humanitarian" }),
      row({ slug: "by-client-only", client: "Thames Water" }),
      row({ slug: "no-match", title: "Severn Crossing" }),
    ]);
    const all = await listPublishedProjects({ q: "tHaMeS" });
    expect(all.projects.map((p) => p.slug).sort()).toEqual(["by-location", "by-overview", "by-title"]);
    expect(all.counts).toEqual({ all: 3, commercial: 2, humanitarian: 1 });
    const commercial = await listPublishedProjects({ category: "commercial", q: "thames" });
    expect(commercial.projects.map((p) => p.slug).sort()).toEqual(["by-overview", "by-title"]);
    expect((await listPublishedProjects({ q: "  " })).projects).toHaveLength(5);
  });

  it("treats % and _ in the search text literally", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "percent", title: "Carbon cut by 40% on site" }),
      row({ slug: "underscore", overview: "file_name reference" }),
      row({ slug: "plain", title: "Plain 400 project", overview: "filename" }),
    ]);
    expect((await listPublishedProjects({ q: "%" })).projects.map((p) => p.slug)).toEqual(["percent"]);
    expect((await listPublishedProjects({ q: "0%" })).projects.map((p) => p.slug)).toEqual(["percent"]);
    expect((await listPublishedProjects({ q: "_" })).projects.map((p) => p.slug)).toEqual(["underscore"]);
    expect((await listPublishedProjects({ q: "e_n" })).projects.map((p) => p.slug)).toEqual(["underscore"]);
    expect((await listPublishedProjects({ q: "\\" })).projects).toEqual([]);
  });

  it("returns an empty list and zero counts when nothing matches", async () => {
    await db.insert(cmsProjects).values(row({ title: "Something" }));
    expect(await listPublishedProjects({ q: "zzz" })).toEqual({ projects: [], counts: { all: 0, commercial: 0, humanitarian: 0 } });
  });
});

describe("getPublishedProjectBySlug", () => {
  it("returns a published project with every field and null for drafts, archived or unknown slugs", async () => {
    await db.insert(cmsProjects).values([
      row({ slug: "live", technicalSpecs: { Span: "68 m" }, teamMembers: ["A"], awards: ["B"] }),
      row({ slug: "draft", displayStatus: "draft" }),
      row({ slug: "archived", displayStatus: "archived" }),
    ]);
    const live = await getPublishedProjectBySlug("live");
    expect(live).toMatchObject({ slug: "live", technicalSpecs: { Span: "68 m" }, teamMembers: ["A"], awards: ["B"] });
    expect(typeof live?.createdAt).toBe("string");
    expect(await getPublishedProjectBySlug("draft")).toBeNull();
    expect(await getPublishedProjectBySlug("archived")).toBeNull();
    expect(await getPublishedProjectBySlug("nope")).toBeNull();
    expect(await getPublishedProjectBySlug("")).toBeNull();
  });
});

describe("demo projects", () => {
  it("has 8+ published projects in both categories and keeps the draft and archived ones out of public reads", async () => {
    await db.insert(cmsProjects).values(demoProjects);
    const { projects, counts } = await listPublishedProjects();
    expect(projects.length).toBeGreaterThanOrEqual(8);
    expect(counts.commercial).toBeGreaterThan(0);
    expect(counts.humanitarian).toBeGreaterThan(0);
    const hidden = demoProjects.filter((p) => p.displayStatus !== "published").map((p) => p.slug);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    for (const slug of hidden) {
      expect(projects.some((p) => p.slug === slug)).toBe(false);
      expect(await getPublishedProjectBySlug(slug)).toBeNull();
    }
  });
});

describe("helpers", () => {
  it("labels metrics in order and gives PROJECT VALUE no unit", () => {
    expect(
      metricEntries({ savings: { value: "£5m", unit: "GBP" }, powerRating: { value: "112", unit: "m" }, roi: { value: "75", unit: "%" }, impact: { value: "" } }),
    ).toEqual([
      { key: "powerRating", label: "BUILDING HEIGHT", value: "112 m" },
      { key: "savings", label: "PROJECT VALUE", value: "£5m" },
      { key: "roi", label: "COMPLETION", value: "75%" },
    ]);
  });
  it("parses and writes the list query", () => {
    expect(parseProjectListQuery(new URLSearchParams("category=Humanitarian&q=%20bridge%20"))).toEqual({ category: "humanitarian", q: "bridge" });
    expect(parseProjectListQuery(new URLSearchParams("category=bogus"))).toEqual({ category: "all", q: "" });
    expect(projectListSearch({ category: "all", q: "" })).toBe("");
    expect(projectListSearch({ category: "commercial", q: "a b" })).toBe("?category=commercial&q=a+b");
  });
});
