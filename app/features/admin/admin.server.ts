/**
 * Read models of the admin portal shell and dashboard: the sidebar's live badge counts and the
 * dashboard's stat cards, recent enquiries and service distribution. Spam-flagged enquiries are
 * left out.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationBookings, enquiries } from "~/db/schema";
import { OVERDUE_AFTER_MS } from "~/features/enquiries/response-time";

/**
 * Live sidebar badges (`docs/design.md` section 6): new enquiries, of which `overdueEnquiries` are
 * past the 24-hour promise, and pending bookings.
 */
export type SidebarCounts = { newEnquiries: number; overdueEnquiries: number; pendingBookings: number };

/** Counts for the sidebar badges at `now`; two indexed counts. */
export async function getSidebarCounts(now: Date = new Date()): Promise<SidebarCounts> {
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [[e], [b]] = await Promise.all([
    db
      .select({
        n: count(),
        overdue: sql<number>`count(*) filter (where ${enquiries.createdAt} <= ${overdueBefore.toISOString()}::timestamptz)`,
      })
      .from(enquiries)
      .where(and(eq(enquiries.status, "new"), isNull(enquiries.spamReason))),
    db.select({ n: count() }).from(consultationBookings).where(eq(consultationBookings.status, "pending")),
  ]);
  return { newEnquiries: Number(e?.n ?? 0), overdueEnquiries: Number(e?.overdue ?? 0), pendingBookings: Number(b?.n ?? 0) };
}

/** The enquiry types the service distribution card names; the rest are "Other". */
export const DISTRIBUTION_TYPES = ["Commercial Engineering", "Humanitarian Engineering"] as const;

export type DashboardData = {
  /** Counts of total, new, in_review and high priority enquiries (spam left out). */
  stats: { total: number; new: number; inReview: number; highPriority: number };
  /**
   * The five most recent enquiries, newest first; null when the caller may not see enquiries
   * (editors: no enquiry personal data reaches them).
   */
  recent:
    | {
        id: string;
        name: string;
        company: string | null;
        projectType: string;
        status: string;
        priority: string;
        createdAt: string;
      }[]
    | null;
  /** Enquiries per type: the two engineering types, then every other type together. */
  distribution: { label: string; count: number }[];
};

/**
 * Everything the dashboard shows, in three queries (two without `includeRecent`). Dates as ISO
 * 8601 instants. Counts and the distribution are aggregates without personal data; the recent
 * list (names, companies) is read only when `includeRecent` is true, i.e. for roles that may open
 * enquiries (`MANAGER_ROLES`). No e-mail address is ever sent: the card does not show one.
 */
export async function getDashboardData({ includeRecent }: { includeRecent: boolean }): Promise<DashboardData> {
  const notSpam = isNull(enquiries.spamReason);
  const [[stats], recent, byType] = await Promise.all([
    db
      .select({
        total: count(),
        new: sql<number>`count(*) filter (where ${enquiries.status} = 'new')`,
        inReview: sql<number>`count(*) filter (where ${enquiries.status} = 'in_review')`,
        highPriority: sql<number>`count(*) filter (where ${enquiries.priority} = 'high')`,
      })
      .from(enquiries)
      .where(notSpam),
    includeRecent
      ? db
          .select({
            id: enquiries.id,
            name: enquiries.name,
            company: enquiries.company,
            projectType: enquiries.projectType,
            status: enquiries.status,
            priority: enquiries.priority,
            createdAt: enquiries.createdAt,
          })
          .from(enquiries)
          .where(notSpam)
          .orderBy(desc(enquiries.createdAt))
          .limit(5)
      : Promise.resolve(null),
    db
      .select({ type: enquiries.projectType, n: count() })
      .from(enquiries)
      .where(notSpam)
      .groupBy(enquiries.projectType),
  ]);
  const counts = new Map(byType.map((r) => [r.type, Number(r.n)]));
  const named = DISTRIBUTION_TYPES.map((label) => ({ label, count: counts.get(label) ?? 0 }));
  const other = byType
    .filter((r) => !(DISTRIBUTION_TYPES as readonly string[]).includes(r.type))
    .reduce((sum, r) => sum + Number(r.n), 0);
  return {
    stats: {
      total: Number(stats?.total ?? 0),
      new: Number(stats?.new ?? 0),
      inReview: Number(stats?.inReview ?? 0),
      highPriority: Number(stats?.highPriority ?? 0),
    },
    recent: recent?.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) ?? null,
    distribution: [...named, { label: "Other", count: other }],
  };
}
