/**
 * Reads of the content studio's project screens. Writes go through
 * `app/features/cms/content.server.ts`.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsProjects } from "~/db/schema";
import { pageViewsOf } from "~/features/analytics/report.server";
import { contentStatusCondition } from "~/features/cms/content.server";
import type { ContentStatusFilter } from "~/features/cms/kinds";
import { publicationState, type PublicationState } from "~/features/cms/publication";
import { londonToday } from "~/utils/time";
import { PROJECT_KIND } from "./kind";

const PAGE_SIZE = PROJECT_KIND.list.pageSize;

/** One card of the admin grid; `state` splits published into live and scheduled at `now`. */
export type AdminProjectCard = {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  client: string | null;
  location: string | null;
  year: string | null;
  category: "commercial" | "humanitarian";
  status: string;
  featured: boolean;
  heroImage: string | null;
  state: PublicationState;
  /** ISO instant of publication (past or scheduled), or null. */
  publishedAt: string | null;
  updatedAt: string;
  /** Page views of its public page over the last 30 days. */
  views: number;
};

/** How many projects each display-status filter holds. */
export type ProjectStatusCounts = Record<ContentStatusFilter, number>;

/**
 * One page of the admin grid (newest updated first) for a display-status filter, the total
 * matching, and the count of every filter. Pages hold `PROJECT_KIND.list.pageSize` cards.
 */
export async function listAdminProjects(
  filters: { status: ContentStatusFilter; page: number },
  now: Date = new Date(),
): Promise<{ items: AdminProjectCard[]; total: number; counts: ProjectStatusCounts; page: number; pageCount: number }> {
  const p = cmsProjects;
  const where = contentStatusCondition("project", filters.status, now);
  const [rows, grouped] = await Promise.all([
    db
      .select({
        id: p.id, slug: p.slug, title: p.title, subtitle: p.subtitle, client: p.client, location: p.location, year: p.year,
        category: p.category, status: p.status, featured: p.featured, heroImage: p.heroImage, displayStatus: p.displayStatus,
        publishedAt: p.publishedAt, updatedAt: p.updatedAt,
      })
      .from(p)
      .where(where)
      .orderBy(desc(p.updatedAt), desc(p.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db
      .select({ displayStatus: p.displayStatus, n: count(), scheduled: sql<number>`count(*) filter (where ${p.publishedAt} > ${now})` })
      .from(p)
      .groupBy(p.displayStatus),
  ]);
  const counts: ProjectStatusCounts = { all: 0, published: 0, scheduled: 0, draft: 0, archived: 0 };
  for (const g of grouped) {
    const n = Number(g.n);
    const scheduled = g.displayStatus === "published" ? Number(g.scheduled) : 0;
    counts.all += n;
    counts[g.displayStatus] += n - scheduled;
    counts.scheduled += scheduled;
  }
  const total = counts[filters.status];
  const views = await pageViewsOf(rows.map((r) => PROJECT_KIND.paths.public(r.slug)), londonToday(now));
  const items = rows.map(({ displayStatus, publishedAt, updatedAt, ...r }) => ({
    ...r,
    state: publicationState(displayStatus, publishedAt, now),
    publishedAt: publishedAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
    views: views.get(PROJECT_KIND.paths.public(r.slug)) ?? 0,
  }));
  return { items, total, counts, page: filters.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** A project for the edit form: every column, dates as ISO strings; null when missing. */
export type EditableProject = Omit<typeof cmsProjects.$inferSelect, "createdAt" | "updatedAt" | "publishedAt"> & {
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  state: PublicationState;
};

/** The project to edit, or null when no project has this id. */
export async function getEditableProject(id: string, now: Date = new Date()): Promise<EditableProject | null> {
  const [row] = await db.select().from(cmsProjects).where(eq(cmsProjects.id, id));
  if (!row) return null;
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    state: publicationState(row.displayStatus, row.publishedAt, now),
  };
}
