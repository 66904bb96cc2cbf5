import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { cmsProjects, insights } from "~/db/schema";
import { demoInsights } from "~/db/seed/insights";
import { buildInsightsRss, buildRobotsTxt, buildSitemapXml } from "~/features/seo/feeds.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { FALLBACK_INSIGHT_IMAGE } from "./format";
import { getPublishedInsightBySlug, listLatestInsights, listPublishedInsights } from "./insights.server";

setupTestDatabase();

type NewInsight = typeof insights.$inferInsert;
let n = 0;
function row(overrides: Partial<NewInsight> = {}): NewInsight {
  n += 1;
  return { slug: `article-${n}`, title: `Article ${n}`, status: "published", publishedDate: new Date(Date.UTC(2025, 0, n)), ...overrides };
}

describe("insight lists", () => {
  it("list published insights only, newest published date first; the home list stops at 3", async () => {
    await db.insert(insights).values([
      row({ slug: "jan", publishedDate: new Date("2025-01-10T10:00:00Z") }),
      row({ slug: "mar", publishedDate: new Date("2025-03-10T10:00:00Z") }),
      row({ slug: "feb", publishedDate: new Date("2025-02-10T10:00:00Z") }),
      row({ slug: "apr", publishedDate: new Date("2025-04-10T10:00:00Z") }),
      row({ slug: "draft", status: "draft", publishedDate: new Date("2025-06-01T10:00:00Z") }),
      row({ slug: "archived", status: "archived", publishedDate: new Date("2025-06-02T10:00:00Z") }),
    ]);
    expect((await listPublishedInsights()).map((i) => i.slug)).toEqual(["apr", "mar", "feb", "jan"]);
    expect((await listLatestInsights()).map((i) => i.slug)).toEqual(["apr", "mar", "feb"]);
    expect((await listLatestInsights(1)).map((i) => i.slug)).toEqual(["apr"]);
  });

  it("fills the spec's card defaults: empty excerpt, 'Engineering', the company as author, '5 mins read', fallback image", async () => {
    await db.insert(insights).values(row({ slug: "bare" }));
    const [card] = await listPublishedInsights();
    expect(card).toMatchObject({
      slug: "bare",
      excerpt: "",
      category: "Engineering",
      authorName: "Meridian Engineering",
      readingTime: "5 mins read",
      heroImage: FALLBACK_INSIGHT_IMAGE,
    });
  });

  it("leaves out a published article without a publication date (publication rule, issue 7)", async () => {
    await db.insert(insights).values(row({ slug: "undated", publishedDate: null }));
    expect(await listPublishedInsights()).toEqual([]);
  });

  it("keeps stored values and formats dates in en-US long form", async () => {
    await db.insert(insights).values(
      row({ slug: "full", excerpt: "Ex", category: "Sustainability", authorName: "Jo Bloggs", readingTime: "7 mins read", heroImage: "/x.webp", publishedDate: new Date("2025-03-05T12:00:00Z") }),
    );
    const [card] = await listPublishedInsights();
    expect(card).toMatchObject({ excerpt: "Ex", category: "Sustainability", authorName: "Jo Bloggs", readingTime: "7 mins read", heroImage: "/x.webp", dateLabel: "March 5, 2025" });
  });
});

describe("getPublishedInsightBySlug", () => {
  it("returns a published article with its blocks, and null for drafts, archived or unknown slugs", async () => {
    const content = [
      { type: "paragraph" as const, content: "Hello" },
      { type: "heading" as const, level: 2 as const, content: "H" },
    ];
    await db.insert(insights).values([
      row({ slug: "live", content, tags: ["a"], authorRole: "Director" }),
      row({ slug: "draft", status: "draft" }),
      row({ slug: "archived", status: "archived" }),
    ]);
    const live = await getPublishedInsightBySlug("live");
    expect(live).toMatchObject({ slug: "live", content, tags: ["a"], authorRole: "Director" });
    expect(await getPublishedInsightBySlug("draft")).toBeNull();
    expect(await getPublishedInsightBySlug("archived")).toBeNull();
    expect(await getPublishedInsightBySlug("missing")).toBeNull();
  });

  it("shows 'Read time not specified' on the article page when no reading time is stored", async () => {
    await db.insert(insights).values(row({ slug: "no-time", readingTime: null, category: "  " }));
    const article = await getPublishedInsightBySlug("no-time");
    expect(article?.readingTime).toBe("Read time not specified");
    expect(article?.category).toBe("Engineering");
    expect(article?.authorName).toBe("Meridian Engineering");
  });
});

describe("demo insights", () => {
  it("publishes 5+ articles using every block type and hides the draft", async () => {
    await db.insert(insights).values(demoInsights);
    const list = await listPublishedInsights();
    expect(list.length).toBeGreaterThanOrEqual(5);
    const blocks = demoInsights.filter((i) => i.status === "published").flatMap((i) => i.content ?? []);
    const kinds = new Set(blocks.map((b) => (b.type === "heading" ? `heading${b.level}` : b.type === "quote" ? `quote${b.author ? "+author" : ""}` : b.type)));
    expect([...kinds].sort()).toEqual(["heading2", "heading3", "list", "paragraph", "quote", "quote+author"]);
    const draft = demoInsights.find((i) => i.status === "draft")!;
    expect(list.some((i) => i.slug === draft.slug)).toBe(false);
  });
});

describe("feeds", () => {
  it("sitemap lists public pages and published projects and articles only, with absolute URLs and lastmod", async () => {
    await db.insert(insights).values([row({ slug: "pub-article" }), row({ slug: "draft-article", status: "draft" })]);
    await db.insert(cmsProjects).values([
      { slug: "pub-project", title: "P", displayStatus: "published", publishedAt: new Date("2025-02-01T00:00:00Z"), updatedAt: new Date("2025-02-03T00:00:00Z") },
      { slug: "draft-project", title: "D", displayStatus: "draft" },
    ]);
    const xml = await buildSitemapXml("https://example.co.uk");
    expect(xml).toContain("<loc>https://example.co.uk/</loc>");
    expect(xml).toContain("<loc>https://example.co.uk/services/humanitarian</loc>");
    expect(xml).toContain("<loc>https://example.co.uk/projects/pub-project</loc>\n    <lastmod>2025-02-03</lastmod>");
    expect(xml).toContain("<loc>https://example.co.uk/insights/pub-article</loc>");
    expect(xml).not.toContain("draft-");
    expect(xml).not.toContain("/admin");
  });

  it("robots allows all but /admin and links the sitemap", () => {
    const txt = buildRobotsTxt("https://example.co.uk/");
    expect(txt).toContain("User-agent: *\nAllow: /\nDisallow: /admin");
    expect(txt).toContain("Sitemap: https://example.co.uk/sitemap.xml");
  });

  it("RSS lists published articles with escaped titles", async () => {
    await db.insert(insights).values([row({ slug: "rss-a", title: "Steel & <concrete>" }), row({ slug: "rss-draft", status: "draft" })]);
    const xml = await buildInsightsRss("https://example.co.uk");
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Steel &amp; &lt;concrete&gt;</title>");
    expect(xml).toContain("<link>https://example.co.uk/insights/rss-a</link>");
    expect(xml).not.toContain("rss-draft");
  });
});
