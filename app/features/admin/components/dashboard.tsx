/**
 * The dashboard's parts: four stat
 * cards ('No data yet' at 0), the five most recent enquiries, the service distribution drawn as a
 * small SVG donut, and quick actions.
 */
import { AlertTriangle, ArrowRight, FilePlus2, Inbox, type LucideIcon, MailOpen, PenSquare, Search, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ViewAllHeader } from "~/components/view-all-header";
import type { DashboardData } from "~/features/admin/admin.server";
import { cn } from "~/utils/cn";
import { formatUkDate } from "~/utils/format";

const STATUS_VARIANT: Record<string, "blue" | "yellow" | "purple" | "green" | "grey"> = {
  new: "blue",
  in_review: "yellow",
  responded: "purple",
  project_started: "green",
  closed: "grey",
};

function StatCard({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          {value === 0 ? (
            <p className="mt-2 text-sm font-medium text-muted-foreground sm:text-base">No data yet</p>
          ) : (
            <p className="mt-1 text-3xl font-semibold tabular-nums tracking-tight">{value.toLocaleString("en-GB")}</p>
          )}
        </div>
        <span aria-hidden className={cn("hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex", tone)}>
          <Icon className="size-5" />
        </span>
      </div>
    </Card>
  );
}

/** The four enquiry counts: total, new, in review and high priority. */
export function StatCards({ stats }: { stats: DashboardData["stats"] }) {
  return (
    <section aria-label="Enquiry figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Enquiries" value={stats.total} icon={Inbox} tone="bg-accent text-primary" />
      <StatCard label="New Enquiries" value={stats.new} icon={Sparkles} tone="bg-blue-50 text-blue-700" />
      <StatCard label="In Review" value={stats.inReview} icon={Search} tone="bg-yellow-50 text-yellow-800" />
      <StatCard label="High Priority" value={stats.highPriority} icon={AlertTriangle} tone="bg-red-50 text-red-700" />
    </section>
  );
}

/** The five most recent enquiries, with a link to the enquiries screen (roles that may open enquiries). */
export function RecentEnquiries({ recent }: { recent: NonNullable<DashboardData["recent"]> }) {
  return (
    <Card className="flex flex-col">
      <ViewAllHeader title="Recent Enquiries" description="The five newest messages from the contact form" to="/admin/enquiries" />
      <CardContent className="flex-1">
        {recent.length === 0 ? (
          <div className="flex h-full min-h-40 flex-col items-center justify-center rounded-lg border border-dashed p-6 text-center">
            <MailOpen className="size-8 text-muted-foreground" aria-hidden />
            <p className="mt-2 font-medium">No enquiries yet</p>
            <p className="text-sm text-muted-foreground">New enquiries will appear here.</p>
          </div>
        ) : (
          <ul className="divide-y">
            {recent.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium">{e.name}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {e.projectType}
                    {e.company ? ` · ${e.company}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  {e.priority === "high" ? <Badge variant="red">high</Badge> : null}
                  <Badge variant={STATUS_VARIANT[e.status] ?? "grey"}>{e.status.replace(/_/g, " ")}</Badge>
                  <time dateTime={e.createdAt} className="w-24 text-right text-sm tabular-nums text-muted-foreground">
                    {formatUkDate(e.createdAt)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const SLICE_COLOURS = ["#0f766e", "#d97706", "#64748b"];

/** Enquiries by service as a donut with a legend (no chart library). */
export function ServiceDistribution({ distribution }: { distribution: DashboardData["distribution"] }) {
  const total = distribution.reduce((s, d) => s + d.count, 0);
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  let offset = 0;
  const summary = distribution.map((d) => `${d.label}: ${d.count}`).join(", ");
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Service Distribution</CardTitle>
        <CardDescription>Enquiries by type of engineering</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center gap-6 sm:flex-row lg:flex-col">
          <svg viewBox="0 0 100 100" className="size-36 shrink-0 -rotate-90" role="img" aria-label={`Enquiries by service. ${summary}`}>
            <circle cx="50" cy="50" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="14" />
            {total > 0
              ? distribution.map((d, i) => {
                  const length = (d.count / total) * circumference;
                  const slice = (
                    <circle
                      key={d.label}
                      cx="50"
                      cy="50"
                      r={radius}
                      fill="none"
                      stroke={SLICE_COLOURS[i % SLICE_COLOURS.length]}
                      strokeWidth="14"
                      strokeDasharray={`${length} ${circumference - length}`}
                      strokeDashoffset={-offset}
                    />
                  );
                  offset += length;
                  return slice;
                })
              : null}
          </svg>
          <ul className="w-full min-w-0 space-y-3">
            {distribution.map((d, i) => {
              const pct = total > 0 ? Math.round((d.count / total) * 100) : 0;
              return (
                <li key={d.label}>
                  <div className="flex items-center justify-between gap-3 text-sm">
                    <span className="flex min-w-0 items-center gap-2">
                      <span aria-hidden className="size-3 shrink-0 rounded-sm" style={{ background: SLICE_COLOURS[i % SLICE_COLOURS.length] }} />
                      <span className="truncate">{d.label}</span>
                    </span>
                    <span className="shrink-0 tabular-nums text-muted-foreground">
                      {d.count} <span className="text-xs">({pct}%)</span>
                    </span>
                  </div>
                </li>
              );
            })}
            {total === 0 ? <li className="text-sm text-muted-foreground">No data yet</li> : null}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

/** Shortcuts to the CMS create screens (and the work queues for managers). */
export function QuickActions({ showManagement, counts }: { showManagement: boolean; counts: { newEnquiries: number; pendingBookings: number } | null }) {
  const actions = [
    { to: "/admin/cms/projects/create", label: "Add Project", hint: "Add a case study to Our Work", icon: FilePlus2 },
    { to: "/admin/cms/blog/create", label: "New Blog Post", hint: "Write an insight or article", icon: PenSquare },
    ...(showManagement
      ? [
          { to: "/admin/enquiries?status=new", label: "Answer enquiries", hint: `${counts?.newEnquiries ?? 0} new`, icon: Inbox },
          { to: "/admin/consultations", label: "Confirm consultations", hint: `${counts?.pendingBookings ?? 0} pending`, icon: Sparkles },
        ]
      : []),
  ];
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {actions.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="group flex items-center gap-3 rounded-lg border p-3 transition-colors hover:border-primary/40 hover:bg-accent"
              >
                <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-primary group-hover:bg-white">
                  <a.icon className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{a.label}</span>
                  <span className="block truncate text-xs text-muted-foreground">{a.hint}</span>
                </span>
                <ArrowRight className="size-4 text-muted-foreground group-hover:text-primary" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
