/**
 * The dashboard's "24-hour promise" card: how many enquiries are overdue now (linking
 * to the Overdue filter) and the median response time over the last 30 days.
 */
import { AlarmClock, ArrowRight, Timer } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { formatDuration } from "../response-time";

/** What the card shows; see `getResponseStats` in `promise.server.ts`. */
export type ResponseCardStats = { overdue: number; medianResponseMs: number | null; answered: number };

export function ResponsePromiseCard({ stats }: { stats: ResponseCardStats }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>The 24-hour promise</CardTitle>
        <CardDescription>Every visitor is promised a reply within 24 hours</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <Link
          to="/admin/enquiries?status=overdue"
          className={cn(
            "group flex items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent",
            stats.overdue > 0 && "border-red-200 bg-red-50 hover:bg-red-100",
          )}
        >
          <AlarmClock aria-hidden className={cn("mt-0.5 size-5 shrink-0", stats.overdue > 0 ? "text-red-700" : "text-muted-foreground")} />
          <span className="min-w-0 flex-1">
            <span className="block text-sm text-muted-foreground">Overdue enquiries</span>
            <span className={cn("block text-2xl font-semibold tabular-nums", stats.overdue > 0 && "text-red-800")}>{stats.overdue}</span>
            <span className="block text-xs text-muted-foreground">{stats.overdue > 0 ? "Still new after 24 hours" : "None waiting past 24 hours"}</span>
          </span>
          <ArrowRight aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-primary" />
        </Link>
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <Timer aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">Median response time</p>
            <p className="text-2xl font-semibold tabular-nums">
              {stats.medianResponseMs === null ? "No data yet" : formatDuration(stats.medianResponseMs)}
            </p>
            <p className="text-xs text-muted-foreground">
              {stats.answered === 0
                ? "No enquiry answered in the last 30 days"
                : `Over ${stats.answered} ${stats.answered === 1 ? "enquiry" : "enquiries"} answered in the last 30 days`}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
