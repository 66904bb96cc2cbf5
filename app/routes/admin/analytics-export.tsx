import { analyticsCsv } from "~/features/analytics/export.server";
import { parseAnalyticsRange } from "~/features/analytics/range";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { londonToday } from "~/utils/time";
import type { Route } from "./+types/analytics-export";

/**
 * CSV download of the analytics for the dashboard's range (`?range=` or `?from=&to=`):
 * one row per day and breakdown with visitors, page views, visits and conversions, named
 * `analytics-FROM-to-TO.csv`. 400 for a custom range that is refused. Admins and super admins.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const range = parseAnalyticsRange(new URL(request.url).searchParams, londonToday(new Date()));
  if (range.error) return new Response(range.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(await analyticsCsv(range.from, range.to), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
