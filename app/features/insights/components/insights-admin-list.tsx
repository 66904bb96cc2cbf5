/**
 * The admin blog list:
 * 'Blog & Insights Management', New Post, search over title, excerpt and author name and a status
 * filter (both in the URL), the stat cards Total Posts / Published / Scheduled / Drafts /
 * Featured, one row per
 * post with its badges, thumbnail, author, reading time, date, up to 3 tags plus '+N more', the
 * Updated date and Preview / Edit / Archive or Restore / Delete, the two empty states and pages.
 */
import { PageViewsItem } from "~/features/analytics/components/page-views";
import { Clock, ExternalLink, FileText, Loader2, Pencil, Plus, Search, User } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AdminPageHeader } from "~/components/admin-page-header";
import { FilterActions } from "~/components/filter-actions";
import { ArchiveRestoreButton } from "~/features/cms/components/archive-restore-button";
import { DeleteDialog } from "~/features/cms/components/delete-dialog";
import { StateBadge } from "~/features/cms/components/state-badge";
import { CONTENT_STATUS_FILTERS, type ContentListFilters, listSearch } from "~/features/cms/kinds";
import { formatUkDateTime, PUBLICATION_STATE_LABELS } from "~/features/cms/publication";
import { cn } from "~/utils/cn";
import { formatArticleDate } from "~/utils/format";
import type { AdminInsightRow, InsightStats } from "../admin.server";
import { INSIGHT_KIND } from "../kind";

const LIST = INSIGHT_KIND.paths.list;
/** Tags shown per row. */
const TAGS_SHOWN = 3;

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString("en-GB")}</p>
    </Card>
  );
}

/** The search box and the status filter: a GET form; with JavaScript it applies as you type or choose. */
function FilterBar({ filters }: { filters: ContentListFilters }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searching = navigation.state === "loading" && navigation.location.pathname === LIST;
  useEffect(() => () => clearTimeout(timer.current), []);
  // Keep the fields in step with the URL (Clear, back and forward), never under the typing cursor.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const q = form.elements.namedItem("q") as HTMLInputElement | null;
    if (q && document.activeElement !== q) q.value = filters.q;
    const status = form.elements.namedItem("status") as HTMLSelectElement | null;
    if (status) status.value = filters.status;
  }, [filters.q, filters.status]);
  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => formRef.current && submit(formRef.current, { replace: true, preventScrollReset: true }), delay);
  };
  return (
    <Form ref={formRef} method="get" action={LIST} role="search" aria-label="Filter blog posts" className="mb-6 grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:grid-cols-[minmax(0,1fr)_12rem_auto]">
      <div className="relative">
        <Label htmlFor="blog-search" className="sr-only">
          Search posts
        </Label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id="blog-search" type="search" name="q" defaultValue={filters.q} placeholder="Search title, excerpt or author" className="pl-9" onChange={() => apply(350)} />
        {searching ? <Loader2 aria-hidden className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" /> : null}
      </div>
      <div>
        <Label htmlFor="blog-status-filter" className="sr-only">
          Status
        </Label>
        <NativeSelect id="blog-status-filter" name="status" defaultValue={filters.status} onChange={() => apply(0)}>
          {CONTENT_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === "all" ? "All statuses" : PUBLICATION_STATE_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <FilterActions search="outline" filtered={Boolean(filters.q) || filters.status !== "all"} clearTo={LIST} onClear={() => clearTimeout(timer.current)} />
    </Form>
  );
}

function PostRow({ post }: { post: AdminInsightRow }) {
  const moreTags = post.tags.length - TAGS_SHOWN;
  const date = formatArticleDate(post.publishedDate ?? post.createdAt);
  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row">
        <div className="aspect-[16/10] w-full shrink-0 overflow-hidden rounded-md bg-muted sm:w-40 sm:self-start">
          {post.heroImage ? <img src={post.heroImage} alt="" loading="lazy" className="size-full object-cover" /> : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap gap-1.5">
            {post.featured ? <Badge variant="purple">Featured</Badge> : null}
            <StateBadge state={post.state} />
            {post.category ? <Badge variant="soft">{post.category}</Badge> : null}
          </div>
          <div>
            <h2 className="text-base leading-snug font-semibold">{post.title}</h2>
            {post.subtitle ? <p className="text-sm text-muted-foreground">{post.subtitle}</p> : null}
            {post.excerpt ? <p className="mt-1 line-clamp-2 text-sm">{post.excerpt}</p> : null}
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {post.authorName ? (
              <div className="flex items-center gap-1.5">
                <User className="size-4" aria-hidden /> <dt className="sr-only">Author</dt>
                <dd>{post.authorName}</dd>
              </div>
            ) : null}
            {post.readingTime ? (
              <div className="flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden /> <dt className="sr-only">Reading time</dt>
                <dd>{post.readingTime}</dd>
              </div>
            ) : null}
            <div className="flex items-center gap-1.5">
              <dt>{post.state === "scheduled" ? "Goes live" : post.publishedDate ? "Published" : "Created"}</dt>
              <dd>{post.state === "scheduled" && post.publishedDate ? `${formatUkDateTime(post.publishedDate)} (UK time)` : date}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt>Updated</dt>
              <dd>{formatArticleDate(post.updatedAt)}</dd>
            </div>
            <PageViewsItem views={post.views} />
          </dl>
          {post.tags.length ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {post.tags.slice(0, TAGS_SHOWN).map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
              {moreTags > 0 ? (
                <li>
                  <Badge variant="grey">+{moreTags} more</Badge>
                </li>
              ) : null}
            </ul>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2 border-t pt-3">
            <a href={post.previewUrl} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <ExternalLink aria-hidden /> Preview<span className="sr-only"> {post.title} (opens in a new tab)</span>
            </a>
            <Link to={INSIGHT_KIND.paths.edit(post.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Pencil aria-hidden /> Edit<span className="sr-only"> {post.title}</span>
            </Link>
            <ArchiveRestoreButton id={post.id} title={post.title} state={post.state} />
            <DeleteDialog kind={INSIGHT_KIND} id={post.id} title={post.title} />
          </div>
        </div>
      </Card>
    </li>
  );
}

/** The whole list screen: header, stat cards, filter bar, rows or an empty state, and pages. */
export function InsightsAdminList({
  items,
  stats,
  filters,
  total,
  pageCount,
}: {
  items: AdminInsightRow[];
  stats: InsightStats;
  filters: ContentListFilters;
  total: number;
  pageCount: number;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === LIST;
  return (
    <>
      <AdminPageHeader
        title="Blog & Insights Management"
        description="Articles shown on the Insights pages."
        actions={
          <Link to={INSIGHT_KIND.paths.create} className={buttonVariants()}>
            <Plus aria-hidden /> New Post
          </Link>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Total Posts" value={stats.total} />
        <StatCard label="Published" value={stats.published} />
        <StatCard label="Scheduled" value={stats.scheduled} />
        <StatCard label="Drafts" value={stats.drafts} />
        <StatCard label="Featured" value={stats.featured} />
      </div>
      <FilterBar filters={filters} />
      {stats.total === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <FileText className="mb-3 size-8 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">No blog posts yet</p>
          <Link to={INSIGHT_KIND.paths.create} className={cn(buttonVariants(), "mt-4")}>
            <Plus aria-hidden /> New Post
          </Link>
        </Card>
      ) : items.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <p className="text-lg font-semibold">No posts found</p>
          <p className="mt-1 text-sm text-muted-foreground">Try adjusting your search or filters.</p>
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" role="status">
            {total.toLocaleString("en-GB")} {total === 1 ? "post" : "posts"}
            {loading ? " (loading...)" : ""}
          </p>
          <ul className={cn("flex flex-col gap-3", loading && "opacity-60")}>
            {items.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        </>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
          {filters.page > 1 ? (
            <Link to={listSearch({ ...filters, page: filters.page - 1 })} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Previous
            </Link>
          ) : null}
          <span>
            Page {filters.page} of {pageCount}
          </span>
          {filters.page < pageCount ? (
            <Link to={listSearch({ ...filters, page: filters.page + 1 })} className={buttonVariants({ variant: "outline", size: "sm" })}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
