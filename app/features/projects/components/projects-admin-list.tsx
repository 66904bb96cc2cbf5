/**
 * The admin projects list:
 * 'Our Work - Project Portfolio', Add Project, a display-status filter, a loading state, the empty
 * state 'No projects yet' / 'Create First Project', and the card grid with its badges and Edit,
 * View, Archive/Restore and Delete.
 */
import { PageViewsItem } from "~/features/analytics/components/page-views";
import { Calendar, ExternalLink, MapPin, Pencil, Plus, User } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { AdminPageHeader } from "~/components/admin-page-header";
import { ArchiveRestoreButton } from "~/features/cms/components/archive-restore-button";
import { DeleteDialog } from "~/features/cms/components/delete-dialog";
import { StateBadge } from "~/features/cms/components/state-badge";
import { CONTENT_STATUS_FILTERS, type ContentStatusFilter, listSearch } from "~/features/cms/kinds";
import { formatUkDateTime, PUBLICATION_STATE_LABELS } from "~/features/cms/publication";
import { cn } from "~/utils/cn";
import type { AdminProjectCard, ProjectStatusCounts } from "../admin.server";
import { PROJECT_KIND } from "../kind";
import { CATEGORY_LABELS } from "./project-card";

const WORK_STATUS_VARIANT = { Completed: "green", "In Progress": "blue", "On Hold": "orange" } as const;

const filterHref = (status: ContentStatusFilter, page = 1) => listSearch({ status, page });
const PATHS = PROJECT_KIND.paths;

function ProjectAdminCard({ project }: { project: AdminProjectCard }) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="aspect-[16/9] bg-muted">
        {project.heroImage ? <img src={project.heroImage} alt="" loading="lazy" className="size-full object-cover" /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          {project.featured ? <Badge variant="purple">Featured</Badge> : null}
          <StateBadge state={project.state} />
          <Badge variant="soft">{CATEGORY_LABELS[project.category]}</Badge>
          <Badge variant={WORK_STATUS_VARIANT[project.status as keyof typeof WORK_STATUS_VARIANT] ?? "grey"}>{project.status}</Badge>
        </div>
        <div>
          <h2 className="text-base leading-snug font-semibold">{project.title}</h2>
          {project.subtitle ? <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{project.subtitle}</p> : null}
        </div>
        <dl className="flex flex-col gap-1 text-sm text-muted-foreground">
          {project.client ? (
            <div className="flex items-center gap-1.5">
              <User className="size-4" aria-hidden /> <dt className="sr-only">Client</dt>
              <dd>{project.client}</dd>
            </div>
          ) : null}
          {project.location ? (
            <div className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden /> <dt className="sr-only">Location</dt>
              <dd>{project.location}</dd>
            </div>
          ) : null}
          {project.year ? (
            <div className="flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden /> <dt className="sr-only">Year</dt>
              <dd>{project.year}</dd>
            </div>
          ) : null}
          <PageViewsItem views={project.views} />
        </dl>
        {project.state === "scheduled" && project.publishedAt ? (
          <p className="text-sm text-blue-800">Goes live {formatUkDateTime(project.publishedAt)} (UK time)</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 border-t pt-3">
          <Link to={PATHS.edit(project.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Pencil aria-hidden /> Edit<span className="sr-only"> {project.title}</span>
          </Link>
          <a href={PATHS.public(project.slug)} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <ExternalLink aria-hidden /> View<span className="sr-only"> {project.title} (opens in a new tab)</span>
          </a>
          <ArchiveRestoreButton id={project.id} title={project.title} state={project.state} />
          <DeleteDialog kind={PROJECT_KIND} id={project.id} title={project.title} />
        </div>
      </div>
    </Card>
  );
}

export function ProjectsAdminList({
  items,
  counts,
  filter,
  page,
  pageCount,
}: {
  items: AdminProjectCard[];
  counts: ProjectStatusCounts;
  filter: ContentStatusFilter;
  page: number;
  pageCount: number;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATHS.list;
  return (
    <>
      <AdminPageHeader
        title="Our Work - Project Portfolio"
        description="Case studies shown on the Our Work pages."
        actions={
          <Link to={PATHS.create} className={buttonVariants()}>
            <Plus aria-hidden /> Add Project
          </Link>
        }
      />
      <nav aria-label="Filter by display status" className="mb-6 flex flex-wrap gap-2">
        {CONTENT_STATUS_FILTERS.map((s) => (
          <Link
            key={s}
            to={filterHref(s)}
            aria-current={filter === s ? "page" : undefined}
            className={cn(buttonVariants({ variant: filter === s ? "default" : "outline", size: "sm" }))}
          >
            {s === "all" ? "All" : PUBLICATION_STATE_LABELS[s]} ({counts[s]})
          </Link>
        ))}
      </nav>
      {loading ? (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading projects...
        </p>
      ) : null}
      {counts.all === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <p className="text-lg font-semibold">No projects yet</p>
          <Link to={PATHS.create} className={cn(buttonVariants(), "mt-4")}>
            <Plus aria-hidden /> Create First Project
          </Link>
        </Card>
      ) : items.length === 0 ? (
        <Card className="px-6 py-10 text-center text-muted-foreground">No {PUBLICATION_STATE_LABELS[filter as Exclude<ContentStatusFilter, "all">]?.toLowerCase()} projects.</Card>
      ) : (
        <div className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60")}>
          {items.map((p) => (
            <ProjectAdminCard key={p.id} project={p} />
          ))}
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
          {page > 1 ? <Link to={filterHref(filter, page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>Previous</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={filterHref(filter, page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
