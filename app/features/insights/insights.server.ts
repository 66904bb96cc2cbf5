/**
 * Public reads of insights (blog articles).
 * Only public rows are returned (the publication rule, `app/features/cms/publication.server.ts`:
 * published with `published_date <= now`), except one article through a signed preview link. Missing values get the spec's defaults here,
 * so every page and the RSS feed show the same thing.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { insights, type InsightBlock } from "~/db/schema";
import { verifyPreviewToken } from "~/features/cms/preview.server";
import { insightIsPublic } from "~/features/cms/publication.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { formatArticleDate } from "~/utils/format";
import {
  ARTICLE_READING_TIME_FALLBACK,
  CARD_DATE_FALLBACK,
  CARD_READING_TIME_FALLBACK,
  DEFAULT_INSIGHT_CATEGORY,
  FALLBACK_INSIGHT_IMAGE,
} from "./format";

/**
 * An insight as a card (the fields the home page and the list show, defaults applied):
 * `publishedDate` is an ISO 8601 instant or null; `dateLabel` is the en-US long date or 'Recent'.
 */
export type InsightCardData = {
  id: string;
  slug: string;
  /** The card's link when it is not /insights/{slug}: a translation's own address (`/fr/insights/...`). */
  href?: string;
  title: string;
  excerpt: string;
  category: string;
  heroImage: string;
  authorName: string;
  publishedDate: string | null;
  dateLabel: string;
  readingTime: string;
};

/** One published article with defaults applied; dates are ISO 8601 instants. */
export type InsightDetail = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  excerpt: string;
  summary: string | null;
  category: string;
  heroImage: string;
  authorName: string;
  authorRole: string | null;
  authorBio: string | null;
  authorImage: string | null;
  /** The reading time, or 'Read time not specified'. */
  readingTime: string;
  tags: string[];
  content: InsightBlock[];
  featured: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedDate: string | null;
  /** en-US long date, or null without a published date. */
  dateLabel: string | null;
  createdAt: string;
  updatedAt: string;
};

const cardColumns = {
  id: insights.id,
  slug: insights.slug,
  title: insights.title,
  excerpt: insights.excerpt,
  category: insights.category,
  heroImage: insights.heroImage,
  authorName: insights.authorName,
  publishedDate: insights.publishedDate,
  readingTime: insights.readingTime,
};

const blank = (s: string | null | undefined): s is null | undefined | "" => !s || !s.trim();

async function defaultAuthor(): Promise<string> {
  return (await getSiteSettings()).companyName;
}

function toCard(
  row: { id: string; slug: string; title: string; excerpt: string | null; category: string | null; heroImage: string | null; authorName: string | null; publishedDate: Date | null; readingTime: string | null },
  author: string,
): InsightCardData {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt ?? "",
    category: blank(row.category) ? DEFAULT_INSIGHT_CATEGORY : row.category,
    heroImage: blank(row.heroImage) ? FALLBACK_INSIGHT_IMAGE : row.heroImage,
    authorName: blank(row.authorName) ? author : row.authorName,
    publishedDate: row.publishedDate ? row.publishedDate.toISOString() : null,
    dateLabel: formatArticleDate(row.publishedDate) ?? CARD_DATE_FALLBACK,
    readingTime: blank(row.readingTime) ? CARD_READING_TIME_FALLBACK : row.readingTime,
  };
}

// Newest published first; undated rows last, then newest created.
const newestFirst = [sql`${insights.publishedDate} desc nulls last`, desc(insights.createdAt)];

/** The newest published insights for the home page, at most `limit` (default 3). */
export async function listLatestInsights(limit = 3, now: Date = new Date()): Promise<InsightCardData[]> {
  const [rows, author] = await Promise.all([
    db.select(cardColumns).from(insights).where(insightIsPublic(now)).orderBy(...newestFirst).limit(limit),
    defaultAuthor(),
  ]);
  return rows.map((r) => toCard(r, author));
}

/**
 * The home page's articles: the newest 3 (`listLatestInsights`), or, when staff chose
 * some on the Home page, those of `slugs` that are published now, in the chosen order.
 */
export async function listHomeInsights(featured: { show: "latest" | "chosen"; slugs: readonly string[] }, now: Date = new Date()): Promise<InsightCardData[]> {
  if (featured.show === "latest" || featured.slugs.length === 0) return listLatestInsights(3, now);
  const [rows, author] = await Promise.all([
    db.select(cardColumns).from(insights).where(and(insightIsPublic(now), inArray(insights.slug, [...featured.slugs]))),
    defaultAuthor(),
  ]);
  return featured.slugs.flatMap((slug) => rows.filter((r) => r.slug === slug)).map((r) => toCard(r, author));
}

/** Every published insight, newest published date first. */
export async function listPublishedInsights(now: Date = new Date()): Promise<InsightCardData[]> {
  const [rows, author] = await Promise.all([
    db.select(cardColumns).from(insights).where(insightIsPublic(now)).orderBy(...newestFirst),
    defaultAuthor(),
  ]);
  return rows.map((r) => toCard(r, author));
}

type InsightRow = typeof insights.$inferSelect;

function toDetail(row: InsightRow, author: string): InsightDetail {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    excerpt: row.excerpt ?? "",
    summary: row.summary,
    category: blank(row.category) ? DEFAULT_INSIGHT_CATEGORY : row.category,
    heroImage: blank(row.heroImage) ? FALLBACK_INSIGHT_IMAGE : row.heroImage,
    authorName: blank(row.authorName) ? author : row.authorName,
    authorRole: row.authorRole,
    authorBio: row.authorBio,
    authorImage: row.authorImage,
    readingTime: blank(row.readingTime) ? ARTICLE_READING_TIME_FALLBACK : row.readingTime,
    tags: row.tags ?? [],
    content: Array.isArray(row.content) ? row.content : [],
    featured: row.featured,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    publishedDate: row.publishedDate ? row.publishedDate.toISOString() : null,
    dateLabel: formatArticleDate(row.publishedDate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One public article by slug, or null when missing or not public. */
export async function getPublishedInsightBySlug(slug: string, now: Date = new Date()): Promise<InsightDetail | null> {
  if (!slug) return null;
  const [rows, author] = await Promise.all([
    db.select().from(insights).where(and(insightIsPublic(now), eq(insights.slug, slug))).limit(1),
    defaultAuthor(),
  ]);
  return rows[0] ? toDetail(rows[0], author) : null;
}

/**
 * The article with this slug in any state, when `token` is a valid preview link for it; null
 * otherwise (unknown slug, forged, expired or another item's token).
 */
export async function getPreviewInsightBySlug(slug: string, token: string, now: Date = new Date()): Promise<InsightDetail | null> {
  if (!slug || !token) return null;
  const [rows, author] = await Promise.all([db.select().from(insights).where(eq(insights.slug, slug)).limit(1), defaultAuthor()]);
  const row = rows[0];
  return row && verifyPreviewToken(token, "insight", row.id, now) ? toDetail(row, author) : null;
}

/** The English article at `slug`: the published one, or with a preview `token` the one it signs for (any state). */
export function readEnglishArticle(slug: string, token: string | null): Promise<InsightDetail | null> {
  return token !== null ? getPreviewInsightBySlug(slug, token) : getPublishedInsightBySlug(slug);
}

/** Published articles for the RSS feed: newest first, at most `limit` (default 50), with defaults applied. */
export async function listInsightsForFeed(limit = 50, now: Date = new Date()): Promise<(InsightCardData & { summary: string | null; updatedAt: string })[]> {
  const [rows, author] = await Promise.all([
    db
      .select({ ...cardColumns, summary: insights.summary, updatedAt: insights.updatedAt })
      .from(insights)
      .where(insightIsPublic(now))
      .orderBy(...newestFirst)
      .limit(limit),
    defaultAuthor(),
  ]);
  return rows.map((r) => ({ ...toCard(r, author), summary: r.summary, updatedAt: r.updatedAt.toISOString() }));
}

/** Ids, slugs and last-modified instants of every public article, for the sitemap. */
export async function listPublishedInsightSlugs(now: Date = new Date()): Promise<{ id: string; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: insights.id, slug: insights.slug, updatedAt: insights.updatedAt })
    .from(insights)
    .where(insightIsPublic(now))
    .orderBy(desc(insights.updatedAt));
}

/**
 * The article with this id for a translated page: only when public at `now`, or in any state
 * when `anyState` (a signed preview of its translation). Null when missing.
 */
export async function getInsightById(id: string, anyState: boolean, now: Date = new Date()): Promise<InsightDetail | null> {
  const [rows, author] = await Promise.all([
    db.select().from(insights).where(anyState ? eq(insights.id, id) : and(insightIsPublic(now), eq(insights.id, id))).limit(1),
    defaultAuthor(),
  ]);
  return rows[0] ? toDetail(rows[0], author) : null;
}
