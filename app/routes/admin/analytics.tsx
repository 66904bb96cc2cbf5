import { AnalyticsScreen } from "~/features/analytics/components/analytics-screen";
import { parseAnalyticsRange } from "~/features/analytics/range";
import { analyticsReport } from "~/features/analytics/report.server";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { londonToday } from "~/utils/time";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Analytics", path: "/admin/analytics", noIndex: true });

/**
 * What staff see: the first-party analytics for `?range=7|30|90` or `?from=&to=`
 * (Europe/London days; a bad custom range shows the last 30 days and says why). Admins and super admins.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const range = parseAnalyticsRange(new URL(request.url).searchParams, londonToday(new Date()));
  return { range, report: await analyticsReport(range.from, range.to) };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsScreen range={loaderData.range} report={loaderData.report} />;
}
