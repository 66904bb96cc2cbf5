/**
 * Reads of the content studio's blog screens. Search and filters run in SQL; writes go through
 * `app/features/cms/content.server.ts`.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { insights } from "~/db/schema";
import { containsPattern } from "~/db/sql";
import { pageViewsOf } from "~/features/analytics/report.server";
import { contentStatusCondition } from "~/features/cms/content.server";
import type { ContentListFilters } from "~/features/cms/kinds";
import { createPreviewToken } from "~/features/cms/preview.server";
import { publicationState, type PublicationState } from "~/features/cms/publication";
import { londonToday } from "~/utils/time";
import type { SaveIntent } from "~/features/cms/form-values";
import { missingMediaIds } from "~/features/media/library.server";
import { imageIdsOf } from "~/features/media/rules";
import { INSIGHT_KIND } from "./kind";

const PAGE_SIZE = INSIGHT_KIND.list.pageSize;

/** One row of the admin list; `state` splits published into live and scheduled at `now`; instants are ISO strings. */
export type AdminInsightRow = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  excerpt: string | null;
  category: string | null;
  heroImage: string | null;
  authorName: string | null;
  readingTime: string | null;
  tags: string[];
  featured: boolean;
  state: PublicationState;
  publishedDate: string | null;
  createdAt: string;
  updatedAt: string;
  /** The public page of a live post, else its signed preview link (valid one hour). */
  previewUrl: string;
  /** Page views of its public page over the last 30 days. */
  views: number;
};

/** The stat cards of the list (Total, Published, Scheduled, Drafts, Featured), over every post whatever the search. */
export type InsightStats = { total: number; published: number; scheduled: number; drafts: number; featured: number };

/** `q` as a case-insensitive literal match over title, excerpt and author name (`%` and `_` match themselves). */
function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(insights.title, pattern), ilike(insights.excerpt, pattern), ilike(insights.authorName, pattern));
}

/**
 * One page (`INSIGHT_KIND.list.pageSize` rows, newest updated first) of the posts matching the search
 * and status filter, the number matching, and the stat cards. Three queries, run together.
 */
export async function listAdminInsights(
  filters: ContentListFilters,
  now: Date = new Date(),
): Promise<{ items: AdminInsightRow[]; total: number; stats: InsightStats; page: number; pageCount: number }> {
  const i = insights;
  const where = and(contentStatusCondition("insight", filters.status, now), searchCondition(filters.q));
  const [rows, [matching], [stats]] = await Promise.all([
    db
      .select({
        id: i.id, slug: i.slug, title: i.title, subtitle: i.subtitle, excerpt: i.excerpt, category: i.category, heroImage: i.heroImage,
        authorName: i.authorName, readingTime: i.readingTime, tags: i.tags, featured: i.featured, status: i.status,
        publishedDate: i.publishedDate, createdAt: i.createdAt, updatedAt: i.updatedAt,
      })
      .from(i)
      .where(where)
      .orderBy(desc(i.updatedAt), desc(i.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(i).where(where),
    db
      .select({
        total: count(),
        published: sql<number>`count(*) filter (where ${contentStatusCondition("insight", "published", now)})`,
        scheduled: sql<number>`count(*) filter (where ${contentStatusCondition("insight", "scheduled", now)})`,
        drafts: sql<number>`count(*) filter (where ${i.status} = 'draft')`,
        featured: sql<number>`count(*) filter (where ${i.featured})`,
      })
      .from(i),
  ]);
  const total = Number(matching?.n ?? 0);
  const views = await pageViewsOf(rows.map((r) => INSIGHT_KIND.paths.public(r.slug)), londonToday(now));
  const items = rows.map(({ status, publishedDate, createdAt, updatedAt, tags, ...r }): AdminInsightRow => {
    const state = publicationState(status, publishedDate, now);
    const path = INSIGHT_KIND.paths.public(r.slug);
    return {
      ...r,
      tags: tags ?? [],
      state,
      publishedDate: publishedDate?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      previewUrl: state === "published" ? path : `${path}?preview=${createPreviewToken("insight", r.id, now)}`,
      views: views.get(path) ?? 0,
    };
  });
  return {
    items,
    total,
    stats: { total: Number(stats?.total ?? 0), published: Number(stats?.published ?? 0), scheduled: Number(stats?.scheduled ?? 0), drafts: Number(stats?.drafts ?? 0), featured: Number(stats?.featured ?? 0) },
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

/** A post for the edit form: every column, instants as ISO strings, and its state at `now`. */
export type EditableInsight = Omit<typeof insights.$inferSelect, "createdAt" | "updatedAt" | "publishedDate"> & {
  createdAt: string;
  updatedAt: string;
  publishedDate: string | null;
  state: PublicationState;
};

/** The post to edit, or null when no post has this id. */
export async function getEditableInsight(id: string, now: Date = new Date()): Promise<EditableInsight | null> {
  const [row] = await db.select().from(insights).where(eq(insights.id, id));
  if (!row) return null;
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedDate: row.publishedDate?.toISOString() ?? null,
    state: publicationState(row.status, row.publishedDate, now),
  };
}

/** The refusal of a body naming an image the media library does not hold (deleted meanwhile, or never there). */
export const MISSING_IMAGE_MESSAGE = "An image in the article is no longer in the media library: choose it again or remove it.";

/**
 * `INSIGHT_KIND.parse`, then the check that needs the database: every image block names
 * an image the media library holds, else the `content` field error MISSING_IMAGE_MESSAGE.
 * The blog create and edit actions' parser.
 */
export async function parseInsightFormWithLibrary(form: FormData, intent: SaveIntent): Promise<ReturnType<typeof INSIGHT_KIND.parse>> {
  const parsed = INSIGHT_KIND.parse(form, intent);
  if (!parsed.ok) return parsed;
  const missing = await missingMediaIds(imageIdsOf(parsed.values.content));
  return missing.length ? { ok: false, errors: { content: [MISSING_IMAGE_MESSAGE] } } : parsed;
}
