/**
 * Admin > Site > Redirects: the form to add a redirect, the redirects with their hits and last
 * use (each removable), the CSV import and export, and the 404 log, where one click on an address
 * fills the form with it. Works without JavaScript.
 */
import { ArrowRight, Download, Plus, Trash2, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { Input, NativeSelect } from "~/components/ui/input";
import { StackedCell, StackedRow, StackedTable } from "~/components/ui/stacked-table";
import { formatUkTime12, formatWeekdayDate } from "~/utils/format";
import { fieldError, submittedValue } from "~/utils/forms";
import { londonToday } from "~/utils/time";
import { REDIRECT_STATUS_CODES } from "~/utils/domain";
import { REDIRECT_STATUS_LABELS, type NotFoundView, type RedirectsReply, type RedirectView } from "../schema";

/** "Sat 28 Nov 2026, 9:14 am" for an ISO instant (London). */
function when(iso: string): string {
  return `${formatWeekdayDate(londonToday(new Date(iso)))}, ${formatUkTime12(iso)}`;
}

export function RedirectsScreen({
  redirects,
  notFound,
  from,
  reply,
}: {
  redirects: RedirectView[];
  notFound: NotFoundView[];
  /** An address of the 404 log chosen to redirect (fills the form's old address). */
  from: string | null;
  reply: RedirectsReply | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const createReply = reply?.intent === "create" ? reply : undefined;
  const failedCreate = createReply && !createReply.ok ? createReply : undefined;
  const importReply = reply?.intent === "import" ? reply : undefined;
  const problems = importReply && !importReply.ok ? (importReply.problems ?? []) : [];
  // Once added, the 404 address that filled the form is done with.
  const prefill = createReply?.ok ? null : from;
  const formKey = `${prefill ?? ""}-${createReply?.ok ? redirects.length : "editing"}`;
  return (
    <>
      <AdminPageHeader
        title="Redirects"
        description="Old addresses sent on to their new pages, and the addresses visitors asked for and did not find."
        back={{ to: "/admin/site", label: "Back to Site" }}
      />
      <ReplyStatus reply={reply} />
      {problems.length > 0 ? (
        <ul className="mb-4 list-disc pl-5 text-sm text-destructive" aria-label="Refused lines">
          {problems.slice(0, 50).map((p) => (
            <li key={p.line}>
              Line {p.line}: {p.reason}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid min-w-0 gap-6">
        <Card id="add-redirect">
          <IconCardHeader icon={Plus} title="Add a redirect" />
          <CardContent>
            <Form method="post" key={formKey} className="grid gap-4 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-start">
              <input type="hidden" name="intent" value="create" />
              <Field label="Old address" required errors={fieldError(failedCreate, "source") ? [fieldError(failedCreate, "source")!] : null} hint="A path such as /old-page, a prefix such as /blog/*, or /?p=12.">
                {(control) => <Input {...control} name="source" required defaultValue={submittedValue(failedCreate, "source") ?? prefill ?? ""} autoFocus={Boolean(prefill)} />}
              </Field>
              <Field label="New address" errors={fieldError(failedCreate, "target") ? [fieldError(failedCreate, "target")!] : null} hint="A path of this site or an address starting with https://. Empty for 410.">
                {(control) => <Input {...control} name="target" defaultValue={submittedValue(failedCreate, "target") ?? ""} />}
              </Field>
              <Field label="Answer">
                {(control) => (
                  <NativeSelect {...control} name="statusCode" defaultValue={submittedValue(failedCreate, "statusCode") ?? "301"}>
                    {REDIRECT_STATUS_CODES.map((code) => (
                      <option key={code} value={code}>
                        {REDIRECT_STATUS_LABELS[code]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Button type="submit" disabled={busy} className="lg:mt-7">
                <Plus aria-hidden /> Add redirect
              </Button>
            </Form>
          </CardContent>
        </Card>

        <section aria-labelledby="redirect-list" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="redirect-list" className="text-lg font-semibold">
              Redirects ({redirects.length})
            </h2>
            <Button asChild variant="outline" size="sm">
              <a href="/admin/site/redirects/export" download>
                <Download aria-hidden /> Export CSV
              </a>
            </Button>
          </div>
          {redirects.length === 0 ? (
            <p className="text-sm text-muted-foreground">No redirects yet.</p>
          ) : (
            <StackedTable caption="Redirects" columns={[{ label: "Old address" }, { label: "New address" }, { label: "Answer" }, { label: "Hits", className: "text-right" }, { label: "Last use" }, { label: "" }]}>
              {redirects.map((r) => (
                <StackedRow key={r.id}>
                  <StackedCell header>
                    <span className="font-mono text-xs break-all">{r.source}</span>
                    {r.origin === "wordpress" ? (
                      <Badge variant="grey" className="ml-2">
                        WordPress
                      </Badge>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="New address">
                    <span className="font-mono text-xs break-all">{r.statusCode === 410 ? "Gone" : r.target}</span>
                  </StackedCell>
                  <StackedCell label="Answer">{r.statusCode}</StackedCell>
                  <StackedCell label="Hits" className="lg:text-right">
                    {r.hits}
                  </StackedCell>
                  <StackedCell label="Last use">{r.lastHitAt ? when(r.lastHitAt) : "Never"}</StackedCell>
                  <StackedCell>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={r.id} />
                      <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`Remove the redirect from ${r.source}`}>
                        <Trash2 aria-hidden /> Remove
                      </Button>
                    </Form>
                  </StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
          )}
        </section>

        <Card>
          <IconCardHeader icon={Upload} title="Import redirects from CSV" />
          <CardContent>
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="import" />
              <Field label="CSV file" hint="Columns source, target and status (301, 302 or 410), as the export writes them. A file with any refused line imports nothing." className="min-w-0 flex-1">
                {(control) => <Input {...control} type="file" name="file" accept=".csv,text/csv" required />}
              </Field>
              <Button type="submit" variant="outline" disabled={busy}>
                <Upload aria-hidden /> Import
              </Button>
            </Form>
          </CardContent>
        </Card>

        <section aria-labelledby="not-found-log" className="min-w-0">
          <h2 id="not-found-log" className="mb-1 text-lg font-semibold">
            Addresses not found
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            What visitors asked for and got the 404 page, most frequent first. Counted without cookies; bots apart. Choose an address to redirect it.
          </p>
          {notFound.length === 0 ? (
            <p className="text-sm text-muted-foreground">No 404s recorded.</p>
          ) : (
            <StackedTable caption="Addresses not found" columns={[{ label: "Address" }, { label: "Visits", className: "text-right" }, { label: "Bots", className: "text-right" }, { label: "Last referrer" }, { label: "Last asked" }]}>
              {notFound.map((row) => (
                <StackedRow key={row.path}>
                  <StackedCell header>
                    {row.redirected ? (
                      <span className="font-mono text-xs break-all">
                        {row.path} <Badge variant="green">Redirected</Badge>
                      </span>
                    ) : (
                      <Link
                        to={`/admin/site/redirects?from=${encodeURIComponent(row.path)}#add-redirect`}
                        className="inline-flex items-center gap-1 font-mono text-xs break-all text-primary underline underline-offset-2"
                        aria-label={`Redirect ${row.path}`}
                      >
                        {row.path} <ArrowRight className="size-3 shrink-0" aria-hidden />
                      </Link>
                    )}
                  </StackedCell>
                  <StackedCell label="Visits" className="lg:text-right">
                    {row.hits}
                  </StackedCell>
                  <StackedCell label="Bots" className="lg:text-right">
                    {row.botHits}
                  </StackedCell>
                  <StackedCell label="Last referrer">{row.lastReferrerHost ?? "None"}</StackedCell>
                  <StackedCell label="Last asked">{when(row.lastSeenAt)}</StackedCell>
                </StackedRow>
              ))}
            </StackedTable>
          )}
        </section>
      </div>
    </>
  );
}
