/**
 * Reads of the content studio's project screens (`shared/spec/booking-and-admin.md` "Admin
 * projects list", "Project create and edit forms"; issue 7). Writes go through
 * `app/features/cms/content.server.ts`.
 */
import { and, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsProjects } from "~/db/schema";
import { pageViewsOf } from "~/features/analytics/report.server";
import { CMS_PATHS } from "~/features/cms/kinds";
import { publicationState, type PublicationState } from "~/features/cms/publication";
import { londonToday } from "~/utils/time";
import { ADMIN_PROJECT_PAGE_SIZE, type ProjectStatusFilter } from "./admin-schema";

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
  /** Page views of its public page over the last 30 days (issue 21 analytics). */
  views: number;
};

/** How many projects each display-status filter holds. */
export type ProjectStatusCounts = Record<ProjectStatusFilter, number>;

function filterCondition(status: ProjectStatusFilter, now: Date): SQL | undefined {
  const p = cmsProjects;
  switch (status) {
    case "all":
      return undefined;
    case "published":
      return and(eq(p.displayStatus, "published"), or(isNull(p.publishedAt), lte(p.publishedAt, now)));
    case "scheduled":
      return and(eq(p.displayStatus, "published"), gt(p.publishedAt, now));
    default:
      return eq(p.displayStatus, status);
  }
}

/**
 * One page of the admin grid (newest updated first) for a display-status filter, the total
 * matching, and the count of every filter. Pages hold ADMIN_PROJECT_PAGE_SIZE cards.
 */
export async function listAdminProjects(
  filters: { status: ProjectStatusFilter; page: number },
  now: Date = new Date(),
): Promise<{ items: AdminProjectCard[]; total: number; counts: ProjectStatusCounts; page: number; pageCount: number }> {
  const p = cmsProjects;
  const where = filterCondition(filters.status, now);
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
      .limit(ADMIN_PROJECT_PAGE_SIZE)
      .offset((filters.page - 1) * ADMIN_PROJECT_PAGE_SIZE),
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
  const views = await pageViewsOf(rows.map((r) => CMS_PATHS.project.public(r.slug)), londonToday(now));
  const items = rows.map(({ displayStatus, publishedAt, updatedAt, ...r }) => ({
    ...r,
    state: publicationState(displayStatus, publishedAt, now),
    publishedAt: publishedAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
    views: views.get(CMS_PATHS.project.public(r.slug)) ?? 0,
  }));
  return { items, total, counts, page: filters.page, pageCount: Math.max(1, Math.ceil(total / ADMIN_PROJECT_PAGE_SIZE)) };
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
