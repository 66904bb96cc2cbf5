/**
 * Public reads of projects. Only public rows
 * are returned (the publication rule, `app/features/cms/publication.server.ts`: published with
 * `published_at <= now`); drafts, scheduled and archived rows never reach a visitor, except one
 * item through a signed preview link. `now` parameters exist for tests.
 */
import { containsPattern } from "~/db/sql";
import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsProjects, type ProjectMetrics } from "~/db/schema";
import { projectIsPublic } from "~/features/cms/publication.server";
import { verifyPreviewToken } from "~/features/cms/preview.server";
import type { ProjectCategoryFilter } from "./query";

type ProjectRow = typeof cmsProjects.$inferSelect;

/** A project as a card: id is the slug, description the overview, image the hero. */
export type ProjectCardData = {
  id: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  /** The card's own link when set, else null (the card then links to /projects/{slug}). */
  href: string | null;
  category: "commercial" | "humanitarian";
  location: string | null;
  year: string | null;
  client: string | null;
  tags: string[];
  metrics: ProjectMetrics | null;
  featured: boolean;
};

/** Every public field of one published project, for the detail page. Dates are ISO 8601 instants. */
export type ProjectDetail = Omit<ProjectRow, "createdAt" | "updatedAt" | "displayStatus" | "publishedAt" | "version"> & {
  createdAt: string;
  updatedAt: string;
};

/** Counts of matching projects per tab of /projects. */
export type ProjectCounts = { all: number; commercial: number; humanitarian: number };

const cardColumns = {
  slug: cmsProjects.slug,
  title: cmsProjects.title,
  overview: cmsProjects.overview,
  heroImage: cmsProjects.heroImage,
  href: cmsProjects.href,
  category: cmsProjects.category,
  location: cmsProjects.location,
  year: cmsProjects.year,
  client: cmsProjects.client,
  tags: cmsProjects.tags,
  metrics: cmsProjects.metrics,
  featured: cmsProjects.featured,
};

type CardRow = Pick<ProjectRow, "slug" | "title" | "overview" | "heroImage" | "href" | "category" | "location" | "year" | "client" | "tags" | "metrics" | "featured">;

function toCard(row: CardRow): ProjectCardData {
  return {
    id: row.slug,
    slug: row.slug,
    title: row.title,
    description: row.overview ?? "",
    image: row.heroImage ?? null,
    href: row.href?.trim() ? row.href.trim() : null,
    category: row.category,
    location: row.location,
    year: row.year,
    client: row.client,
    tags: row.tags ?? [],
    metrics: row.metrics ?? null,
    featured: row.featured,
  };
}


/** Case-insensitive substring match of `q` on title, overview and location; undefined when `q` is empty. */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(cmsProjects.title, pattern),
    ilike(cmsProjects.overview, pattern),
    ilike(cmsProjects.location, pattern),
  );
}

/**
 * The newest published projects for the home page:
 * newest `created_at` first, at most `limit` (default 3).
 */
export async function listLatestProjects(limit = 3, now: Date = new Date()): Promise<ProjectCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(cmsProjects)
    .where(projectIsPublic(now))
    .orderBy(desc(cmsProjects.createdAt), desc(cmsProjects.id))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * The home page's projects: the newest 3 (`listLatestProjects`), or, when staff chose
 * some on the Home page, those of `slugs` that are published now, in the chosen order.
 */
export async function listHomeProjects(featured: { show: "latest" | "chosen"; slugs: readonly string[] }, now: Date = new Date()): Promise<ProjectCardData[]> {
  if (featured.show === "latest" || featured.slugs.length === 0) return listLatestProjects(3, now);
  const rows = await db.select(cardColumns).from(cmsProjects).where(and(projectIsPublic(now), inArray(cmsProjects.slug, [...featured.slugs])));
  return featured.slugs.flatMap((slug) => rows.filter((r) => r.slug === slug)).map(toCard);
}

/**
 * The /projects list: published projects matching the category tab and
 * the search text (case-insensitive substring on title, overview, location; `%` and `_` literal),
 * ordered featured first, then newest `created_at`. `counts` gives, per tab, how many published
 * projects match the search text (the category filter is not applied to the counts).
 */
export async function listPublishedProjects(
  filters: { category?: ProjectCategoryFilter; q?: string } = {},
  now: Date = new Date(),
): Promise<{ projects: ProjectCardData[]; counts: ProjectCounts }> {
  const category = filters.category ?? "all";
  const search = searchCondition(filters.q ?? "");
  const base = and(projectIsPublic(now), search);
  const [rows, countRows] = await Promise.all([
    db
      .select(cardColumns)
      .from(cmsProjects)
      .where(category === "all" ? base : and(base, eq(cmsProjects.category, category)))
      .orderBy(desc(cmsProjects.featured), desc(cmsProjects.createdAt), desc(cmsProjects.id)),
    db
      .select({ category: cmsProjects.category, n: count() })
      .from(cmsProjects)
      .where(base)
      .groupBy(cmsProjects.category),
  ]);
  const counts: ProjectCounts = { all: 0, commercial: 0, humanitarian: 0 };
  for (const r of countRows) {
    counts[r.category] = Number(r.n);
    counts.all += Number(r.n);
  }
  return { projects: rows.map(toCard), counts };
}

function toDetail(row: ProjectRow): ProjectDetail {
  const { displayStatus: _d, publishedAt: _p, version: _v, createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** One public project by slug, or null when missing or not public. */
export async function getPublishedProjectBySlug(slug: string, now: Date = new Date()): Promise<ProjectDetail | null> {
  if (!slug) return null;
  const [row] = await db
    .select()
    .from(cmsProjects)
    .where(and(projectIsPublic(now), eq(cmsProjects.slug, slug)))
    .limit(1);
  return row ? toDetail(row) : null;
}

/**
 * The project with this slug in any state, when `token` is a valid preview link for it; null
 * otherwise (unknown slug, forged, expired or another item's token).
 */
export async function getPreviewProjectBySlug(slug: string, token: string, now: Date = new Date()): Promise<ProjectDetail | null> {
  if (!slug || !token) return null;
  const [row] = await db.select().from(cmsProjects).where(eq(cmsProjects.slug, slug)).limit(1);
  return row && verifyPreviewToken(token, "project", row.id, now) ? toDetail(row) : null;
}

/** The English project at `slug`: the published one, or with a preview `token` the one it signs for (any state). */
export function readEnglishProject(slug: string, token: string | null): Promise<ProjectDetail | null> {
  return token !== null ? getPreviewProjectBySlug(slug, token) : getPublishedProjectBySlug(slug);
}

/** Ids, slugs and last-modified instants of every public project, for the sitemap. */
export async function listPublishedProjectSlugs(now: Date = new Date()): Promise<{ id: string; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: cmsProjects.id, slug: cmsProjects.slug, updatedAt: cmsProjects.updatedAt })
    .from(cmsProjects)
    .where(projectIsPublic(now))
    .orderBy(desc(cmsProjects.updatedAt));
}

/**
 * The project with this id for a translated page: only when public at `now`, or in any state
 * when `anyState` (a signed preview of its translation). Null when missing.
 */
export async function getProjectById(id: string, anyState: boolean, now: Date = new Date()): Promise<ProjectDetail | null> {
  const [row] = await db
    .select()
    .from(cmsProjects)
    .where(anyState ? eq(cmsProjects.id, id) : and(projectIsPublic(now), eq(cmsProjects.id, id)))
    .limit(1);
  return row ? toDetail(row) : null;
}
