/**
 * The publication rule in SQL: every public query of projects and
 * insights (lists, counts, detail pages, sitemap, RSS, home) filters with these conditions.
 * `now` is injectable for tests; callers pass nothing in production.
 */
import { and, eq, lte, type SQL } from "drizzle-orm";
import { cmsProjects, insights } from "~/db/schema";

/** A project is public when `display_status = 'published'` and `published_at <= now`. */
export function projectIsPublic(now: Date = new Date()): SQL {
  return and(eq(cmsProjects.displayStatus, "published"), lte(cmsProjects.publishedAt, now))!;
}

/** An insight is public when `status = 'published'` and `published_date <= now`. */
export function insightIsPublic(now: Date = new Date()): SQL {
  return and(eq(insights.status, "published"), lte(insights.publishedDate, now))!;
}
