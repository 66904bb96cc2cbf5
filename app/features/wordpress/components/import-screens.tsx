/**
 * Admin > Site > Import from WordPress: the upload form with the latest runs (`ImportUploadScreen`),
 * and one run (`ImportRunScreen`): its dry run with the mapping of categories and authors and the
 * Apply button, then its progress while the job applies it (the page asks again every two seconds
 * and may be left and come back to), then what it wrote.
 */
import { ArrowRight, CheckCircle2, FileUp, Play, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { Input, NativeSelect } from "~/components/ui/input";
import { StackedCell, StackedRow, StackedTable } from "~/components/ui/stacked-table";
import { INSIGHT_CATEGORIES } from "~/features/insights/kind";
import { formatBytes } from "~/features/media/rules";
import { formatUkDateTime24 } from "~/utils/format";
import type { ActionReply } from "~/utils/forms";
import type { DryRun } from "../dry-run.server";
import { authorField, BYLINE, categoryField, DRY_RUN_NOTES, MAX_EXPORT_BYTES, UPLOAD_TOO_LARGE, type RunStatus, type RunSummary, type RunView } from "../import-form";
import type { WpKind } from "../plan";

/** The screens' replies to a form post. */
export type ImportReply = ActionReply;

const STATUS_BADGES: Record<RunStatus, { label: string; variant: "blue" | "yellow" | "green" | "red" | "grey" }> = {
  planned: { label: "Dry run ready", variant: "blue" },
  applying: { label: "Applying", variant: "yellow" },
  done: { label: "Done", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  discarded: { label: "Discarded", variant: "grey" },
};

const KIND_LABELS: Record<WpKind, string> = { post: "Posts", page: "Pages", attachment: "Attachments", menu: "Menu items", other: "Other post types" };

function StatusBadge({ status }: { status: RunStatus }) {
  const badge = STATUS_BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

const back = { to: "/admin/site", label: "Back to Site" };

/** The upload form and the latest runs. */
export function ImportUploadScreen({ runs, reply }: { runs: RunSummary[]; reply: ImportReply | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <>
      <AdminPageHeader title="Import from WordPress" description="Bring in the posts, pages and pictures of a WordPress site, with redirects from its old addresses. You see a dry run before anything is written." back={back} />
      <ReplyStatus reply={tooLarge ? { ok: false, message: UPLOAD_TOO_LARGE } : reply} />
      <div className="grid min-w-0 gap-6">
        <Card>
          <IconCardHeader icon={FileUp} title="Upload an export" />
          <CardContent>
            <Form
              method="post"
              encType="multipart/form-data"
              className="flex flex-wrap items-start gap-3"
              onSubmit={(event) => {
                const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
                const large = Boolean(file && file.size > MAX_EXPORT_BYTES);
                setTooLarge(large);
                if (large) event.preventDefault();
              }}
            >
              <Field label="WordPress export file" hint="In WordPress: Tools → Export → All content. An .xml file of 100 MB at most." className="min-w-0 flex-1 basis-64">
                {(control) => <Input {...control} type="file" name="file" accept=".xml,application/xml,text/xml" required />}
              </Field>
              <Button type="submit" disabled={busy} className="sm:mt-7">
                <FileUp aria-hidden /> {busy ? "Reading the file…" : "Upload and check"}
              </Button>
            </Form>
          </CardContent>
        </Card>

        <section aria-labelledby="runs" className="min-w-0">
          <h2 id="runs" className="mb-3 text-lg font-semibold">
            Imports
          </h2>
          {runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No imports yet.</p>
          ) : (
            <StackedTable caption="Imports" columns={[{ label: "File" }, { label: "Site" }, { label: "Status" }, { label: "Uploaded" }]}>
              {runs.map((run) => (
                <StackedRow key={run.id}>
                  <StackedCell header>
                    <Link to={`/admin/site/wordpress/${run.id}`} className="inline-flex items-center gap-1 break-all text-primary underline underline-offset-2">
                      {run.fileName} <ArrowRight className="size-3 shrink-0" aria-hidden />
                    </Link>
                  </StackedCell>
                  <StackedCell label="Site">{run.site || "Untitled"}</StackedCell>
                  <StackedCell label="Status">
                    <StatusBadge status={run.status} />
                    {run.status === "applying" ? (
                      <span className="ml-2 text-xs text-muted-foreground">
                        {run.done} of {run.total}
                      </span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="Uploaded">
                    {formatUkDateTime24(run.createdAt)}
                    {run.uploadedBy ? ` by ${run.uploadedBy}` : ""}
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
          )}
        </section>
      </div>
    </>
  );
}

/** One run: its dry run and mapping form, its progress, or its result. */
export function ImportRunScreen({ run, staff, reply }: { run: RunView; staff: { userId: string; name: string }[]; reply: ImportReply | undefined }) {
  const revalidator = useRevalidator();
  // While the job applies the run, ask again every two seconds.
  useEffect(() => {
    if (run.status !== "applying") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [run.status, revalidator]);
  const { plan } = run;
  return (
    <>
      <AdminPageHeader title="Import from WordPress" description={`${plan.site.title || "Untitled site"} (${plan.site.link}), WXR ${plan.site.wxrVersion}`} back={{ to: "/admin/site/wordpress", label: "Back to imports" }} />
      <ReplyStatus reply={reply} />
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <StatusBadge status={run.status} />
        <span className="min-w-0 break-words">
          {run.fileName}, {formatBytes(run.fileBytes)}, uploaded {formatUkDateTime24(run.createdAt)}
          {run.uploadedBy ? ` by ${run.uploadedBy}` : ""}
        </span>
      </p>
      <div className="grid min-w-0 gap-6">
        {run.status === "planned" ? <DryRunCard plan={plan} staff={staff} /> : null}
        {run.status === "applying" ? <ProgressCard done={run.done} total={run.total} /> : null}
        {run.status === "failed" ? (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> {run.error}
          </p>
        ) : null}
        {run.status === "discarded" ? <p className="text-sm text-muted-foreground">This import was discarded and its file deleted; nothing was written.</p> : null}
        {run.report && (run.status === "done" || run.status === "failed") ? <ResultCard run={run} /> : null}
        {run.status === "planned" ? <PlanDetails plan={plan} /> : null}
      </div>
    </>
  );
}

/** The dry run's totals by kind, what it says of every import, and the mapping form with Apply and Discard. */
function DryRunCard({ plan, staff }: { plan: DryRun; staff: { userId: string; name: string }[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const unmatched = plan.categories.filter((c) => c.mappedTo === null).length;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Dry run: nothing is written yet</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <StackedTable caption="What the import would do, by kind" columns={[{ label: "Kind" }, { label: "Create", className: "text-right" }, { label: "Update", className: "text-right" }, { label: "Skip", className: "text-right" }]}>
            {(Object.keys(KIND_LABELS) as WpKind[]).map((kind) => {
              const t = plan.totals[kind];
              return (
                <StackedRow key={kind}>
                  <StackedCell header>{KIND_LABELS[kind]}</StackedCell>
                  <StackedCell label="Create" className="lg:text-right">
                    {t.create}
                  </StackedCell>
                  <StackedCell label="Update" className="lg:text-right">
                    {t.update}
                  </StackedCell>
                  <StackedCell label="Skip" className="lg:text-right">
                    {t.skip}
                  </StackedCell>
                </StackedRow>
              );
            })}
          </StackedTable>
          <ul className="grid gap-1 text-sm text-muted-foreground">
            <li>
              Categories and tags: {plan.categories.length} categories ({plan.categories.length - unmatched} match an article category, {unmatched} to map below), {plan.tags} tags kept as the articles' tags.
            </li>
            <li>Authors: {plan.authors.length}. Comments: {plan.comments}, not imported.</li>
            <li>Posts keep their status and date; pages become drafts to publish or discard. Pictures are fetched into the media library when you apply.</li>
            {DRY_RUN_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Categories and authors</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-6">
            <Field label="Default category" hint="For posts whose categories match no article category and are not mapped below.">
              {(control) => (
                <NativeSelect {...control} name="defaultCategory" defaultValue={INSIGHT_CATEGORIES[0]} className="sm:max-w-xs">
                  {INSIGHT_CATEGORIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {plan.categories.length > 0 ? (
              <fieldset className="min-w-0">
                <legend className="mb-2 text-sm font-semibold">WordPress categories</legend>
                <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
                  {plan.categories.map((term) => (
                    <Field key={term.slug} label={term.name} className="min-w-0">
                      {(control) => (
                        <NativeSelect {...control} name={categoryField(term.slug)} defaultValue={term.mappedTo ?? ""}>
                          <option value="">Default category</option>
                          {INSIGHT_CATEGORIES.map((c) => (
                            <option key={c}>{c}</option>
                          ))}
                        </NativeSelect>
                      )}
                    </Field>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {plan.authors.length > 0 ? (
              <fieldset className="min-w-0">
                <legend className="mb-2 text-sm font-semibold">Authors</legend>
                <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
                  {plan.authors.map((author) => (
                    <Field key={author.login} label={author.displayName} className="min-w-0">
                      {(control) => (
                        <NativeSelect {...control} name={authorField(author.login)} defaultValue={author.staffId ?? BYLINE}>
                          <option value={BYLINE}>Keep as byline: {author.displayName}</option>
                          {staff.map((s) => (
                            <option key={s.userId} value={s.userId}>
                              {s.name}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </Field>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="apply" disabled={busy}>
                <Play aria-hidden /> Apply import
              </Button>
              <Button type="submit" name="intent" value="discard" variant="outline" disabled={busy} formNoValidate>
                <Trash2 aria-hidden /> Discard
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}

/** Each item the dry run skips or changes, with the reason, by kind. */
function PlanDetails({ plan }: { plan: DryRun }) {
  const noted = plan.items.filter((i) => i.reason || i.newSlug);
  if (noted.length === 0) return null;
  return (
    <section aria-labelledby="plan-notes" className="min-w-0">
      <h2 id="plan-notes" className="mb-3 text-lg font-semibold">
        Skipped and changed
      </h2>
      <div className="grid gap-2">
        {(Object.keys(KIND_LABELS) as WpKind[]).map((kind) => {
          const items = noted.filter((i) => i.kind === kind);
          if (items.length === 0) return null;
          return (
            <details key={kind} className="rounded-lg border bg-card p-3 text-sm">
              <summary className="cursor-pointer font-medium">
                {KIND_LABELS[kind]}: {items.filter((i) => i.action === "skip").length} skipped, {items.filter((i) => i.action !== "skip").length} with a note
              </summary>
              <ul className="mt-2 grid gap-1">
                {items.map((item) => (
                  <li key={`${item.postId}-${item.guid}`} className="break-words">
                    <span className="font-medium">{item.title || "(no title)"}</span>{" "}
                    <span className="text-muted-foreground">
                      {item.action === "skip" ? "skipped: " : ""}
                      {[item.reason, item.newSlug ? `slug taken here: becomes ${item.newSlug}` : null].filter(Boolean).join("; ")}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </section>
  );
}

/** How far the job has got. */
function ProgressCard({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Applying the import</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} className="h-3 overflow-hidden rounded-full bg-muted">
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm">
          {done} of {total} items applied ({percent}%).
        </p>
        <p className="text-sm text-muted-foreground">You can leave this page: the import goes on, and this page shows how far it has got when you come back.</p>
      </CardContent>
    </Card>
  );
}

/** What the run wrote: totals, pictures not fetched, and the imported articles. */
function ResultCard({ run }: { run: RunView }) {
  const report = run.report!;
  const t = report.totals;
  const statusOf = new Map(run.plan.items.map((i) => [`${i.kind} ${i.postId}`, i.status]));
  const written = report.items.filter((i) => i.articleId !== null);
  return (
    <>
      <Card>
        <IconCardHeader icon={CheckCircle2} title={run.status === "done" ? "Import finished" : "Written before it stopped"} />
        <CardContent className="grid gap-3 text-sm">
          <ul className="grid gap-1" aria-label="Import totals">
            <li>
              {t.created} created, {t.updated} updated, {t.unchanged} unchanged, {t.kept} kept as edited here, {t.failed} refused
            </li>
            <li>{report.skipped} items not written as articles (attachments, menus, other post types, private or trashed posts)</li>
            <li>{report.redirects} redirects from old addresses</li>
            <li>
              Pictures: {report.media.fetched} fetched into the media library, {report.media.reused} already there, {report.media.failed.length} could not be fetched
            </li>
          </ul>
          {report.media.failed.length > 0 ? (
            <details className="rounded-lg border p-3">
              <summary className="cursor-pointer font-medium">Pictures that could not be fetched ({report.media.failed.length})</summary>
              <p className="mt-2 text-muted-foreground">The articles keep each as a link to its old address; replace it from the media library.</p>
              <ul className="mt-2 grid gap-1">
                {report.media.failed.map((f) => (
                  <li key={f.url} className="break-all">
                    <span className="font-mono text-xs">{f.url}</span>: {f.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {report.items.some((i) => i.reason) ? (
            <details className="rounded-lg border p-3">
              <summary className="cursor-pointer font-medium">Refused and kept ({report.items.filter((i) => i.reason).length})</summary>
              <ul className="mt-2 grid gap-1">
                {report.items
                  .filter((i) => i.reason)
                  .map((i) => (
                    <li key={`${i.kind}-${i.postId}`} className="break-words">
                      <span className="font-medium">{i.title || "(no title)"}</span> <span className="text-muted-foreground">{i.reason}</span>
                    </li>
                  ))}
              </ul>
            </details>
          ) : null}
        </CardContent>
      </Card>
      {written.length > 0 ? (
        <section aria-labelledby="imported" className="min-w-0">
          <h2 id="imported" className="mb-3 text-lg font-semibold">
            Imported articles ({written.length})
          </h2>
          <StackedTable caption="Imported articles" columns={[{ label: "Article" }, { label: "Outcome" }, { label: "On the site" }]}>
            {written.map((item) => {
              const published = statusOf.get(`${item.kind} ${item.postId}`) === "published";
              return (
                <StackedRow key={`${item.kind}-${item.postId}`}>
                  <StackedCell header>
                    <Link to={`/admin/cms/blog/edit/${item.articleId}`} className="break-words text-primary underline underline-offset-2">
                      {item.title || "(no title)"}
                    </Link>
                  </StackedCell>
                  <StackedCell label="Outcome">
                    {item.outcome}
                    {item.kind === "page" ? " (page, draft)" : ""}
                  </StackedCell>
                  <StackedCell label="On the site">
                    {published ? (
                      <a href={`/insights/${item.slug}`} className="break-all text-primary underline underline-offset-2">
                        /insights/{item.slug}
                      </a>
                    ) : (
                      <span className="text-muted-foreground">Not published</span>
                    )}
                  </StackedCell>
                </StackedRow>
              );
            })}
          </StackedTable>
        </section>
      ) : null}
    </>
  );
}
