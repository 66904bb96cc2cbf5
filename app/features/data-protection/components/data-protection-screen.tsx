/**
 * The Data protection screen (UK GDPR): find everything held about a person by e-mail,
 * download it (one JSON file, or a CSV per kind), erase it after a confirmation, and the retention
 * periods. Searches and downloads are POSTs, so the address never appears in a URL.
 */
import { CheckCircle2, Download, FileJson, Search, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { AdminPageHeader } from "~/components/admin-page-header";
import { formatShortDate, formatTime24, formatUkDate } from "~/utils/format";
import type { RetentionPeriods } from "../schema";
import { type ActionReply, type NoExtra, replyFieldErrors, submittedValue } from "~/utils/forms";
import type { ErasureCounts, SubjectSummary } from "../subject-access-summary.server";
import { EraseDialog } from "./erase-dialog";
import { RetentionCard } from "./retention-card";

/** What the screen's action answers. */
export type DataProtectionActionResult =
  | ActionReply<{ intent: "search"; summary: SubjectSummary }, { intent: "search" }>
  | ActionReply<{ intent: "erase"; email: string; counts: ErasureCounts }, { intent: "erase"; summary: SubjectSummary }>
  | ActionReply<{ intent: "retention"; changed: number; message: string }, { intent: "retention" }>
  | Extract<ActionReply<NoExtra, { intent: "invalid" }>, { ok: false }>;

const label = (value: string) => value.replace(/[._]/g, " ");

function RecordList<T extends { id: string | number }>({
  title,
  items,
  render,
}: {
  title: string;
  items: T[];
  render: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="mt-2 divide-y rounded-lg border text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              {render(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DownloadButtons({ email }: { email: string }) {
  const kinds = [
    ["enquiries", "Enquiries"],
    ["bookings", "Bookings"],
    ["waitingList", "Waiting list"],
    ["emails", "E-mails"],
    ["audit", "Audit entries"],
  ] as const;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post" action="/admin/data-protection/export" reloadDocument>
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="format" value="json" />
        <Button type="submit">
          <FileJson aria-hidden /> Download all (JSON)
        </Button>
      </Form>
      {kinds.map(([kind, name]) => (
        <Form key={kind} method="post" action="/admin/data-protection/export" reloadDocument>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="format" value="csv" />
          <input type="hidden" name="kind" value={kind} />
          <Button type="submit" variant="outline" size="sm">
            <Download aria-hidden /> {name} CSV
          </Button>
        </Form>
      ))}
    </div>
  );
}

function Results({ summary, busy }: { summary: SubjectSummary; busy: boolean }) {
  const total = summary.enquiries.length + summary.bookings.length + summary.waitingList.length + summary.emails.length + summary.audit.length;
  if (total === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center">
          <p className="font-medium">No records mention {summary.email}.</p>
          <p className="mt-1 text-sm text-muted-foreground">There is nothing to export or erase for this address.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Records about {summary.email}</CardTitle>
        <CardDescription>
          Everything held about this address: enquiries, bookings, waiting-list entries, e-mails sent or queued, and audit log entries.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <RecordList
            title="Enquiries"
            items={summary.enquiries}
            render={(e) => (
              <>
                <span className="text-muted-foreground">{formatUkDate(e.createdAt)}</span>
                <span className="font-medium">{e.projectType}</span>
                <Badge variant={e.spam ? "orange" : "grey"}>{e.spam ? "spam" : label(e.status)}</Badge>
                <span className="w-full truncate text-muted-foreground">{e.excerpt}</span>
              </>
            )}
          />
          <RecordList
            title="Bookings"
            items={summary.bookings}
            render={(b) => (
              <>
                <span className="text-muted-foreground">
                  {formatShortDate(b.slotDate)} {b.slotDate.slice(0, 4)}, {formatTime24(b.slotStartTime)}
                </span>
                <span className="font-medium">{b.consultationType}</span>
                <Badge variant="grey">{label(b.status)}</Badge>
                {b.holdsFuturePlace ? <Badge variant="yellow">upcoming</Badge> : null}
              </>
            )}
          />
          {summary.waitingList.length > 0 ? (
            <RecordList
              title="Waiting list"
              items={summary.waitingList}
              render={(w) => (
                <>
                  <span className="text-muted-foreground">{formatUkDate(w.createdAt)}</span>
                  <span className="font-medium">{w.consultationType}</span>
                  <span className="text-muted-foreground">
                    {formatShortDate(w.dateFrom)} to {formatShortDate(w.dateTo)}
                  </span>
                </>
              )}
            />
          ) : null}
          <RecordList
            title="E-mails"
            items={summary.emails}
            render={(m) => (
              <>
                <span className="text-muted-foreground">{formatUkDate(m.createdAt)}</span>
                <span className="min-w-0 flex-1 truncate font-medium">{m.subject}</span>
                <Badge variant={m.status === "pending" ? "yellow" : "grey"}>{m.status === "pending" ? "queued" : m.status}</Badge>
              </>
            )}
          />
          <RecordList
            title="Audit log entries"
            items={summary.audit}
            render={(a) => (
              <>
                <span className="text-muted-foreground">{formatUkDate(a.createdAt)}</span>
                <span>{label(a.action)}</span>
              </>
            )}
          />
        </div>
        <div className="flex flex-col gap-4 border-t pt-4 xl:flex-row xl:items-center xl:justify-between">
          <DownloadButtons email={summary.email} />
          <EraseDialog key={summary.email} summary={summary} busy={busy} />
        </div>
      </CardContent>
    </Card>
  );
}

function Erased({ email, counts }: { email: string; counts: ErasureCounts }) {
  return (
    <Card role="status" className="border-green-300">
      <CardContent className="flex gap-3 py-6">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
        <div className="text-sm">
          <p className="font-semibold">The personal data of {email} has been erased.</p>
          <p className="mt-1 text-muted-foreground">
            Anonymised: {counts.enquiries} enquiries, {counts.bookings} bookings ({counts.futureBookings} upcoming cancelled),{" "}
            {counts.waitingList > 0 ? `${counts.waitingList} waiting-list entries deleted, ` : ""}
            {counts.emails} e-mails ({counts.pendingEmails} withdrawn before sending), {counts.auditEntries} audit log entries. The
            audit log records the counts only.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function DataProtectionScreen({
  retention,
  lastRun,
  canEditRetention,
  result,
}: {
  retention: RetentionPeriods;
  lastRun: { runOn: string; startedAt: string } | null;
  canEditRetention: boolean;
  result: DataProtectionActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const searching = navigation.state === "submitting" && navigation.formData?.get("intent") === "search";

  const shown = useRef<DataProtectionActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.intent === "erase" && result.ok) toast.success("Personal data erased", { id: "dp-erased" });
    else if (result.intent === "erase") toast.error("Not erased", { id: "dp-erase-error", description: result.message });
    else if (result.intent === "retention" && result.ok) toast.success(result.message, { id: "dp-retention" });
    else if (result.intent === "retention") toast.error(result.message, { id: "dp-retention-error", description: result.description });
    else if (result.intent === "invalid") toast.error(result.message, { id: "dp-invalid" });
  }, [result]);

  const summary = result?.intent === "search" && result.ok ? result.summary : result?.intent === "erase" && !result.ok ? result.summary : null;
  const searched = result?.intent === "search" ? result : undefined;
  const searchErrors = replyFieldErrors(searched).email;
  const typed = searched && !searched.ok ? (submittedValue(searched, "email") ?? "") : (summary?.email ?? "");

  return (
    <>
      <AdminPageHeader
        title="Data protection"
        description="Find, export or erase the personal data held about a person (UK GDPR), and how long data is kept."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader className="pb-4">
              <CardTitle className="flex items-center gap-2 text-base">
                <ShieldCheck className="size-5 text-primary" aria-hidden />
                Find a person&apos;s data
              </CardTitle>
              <CardDescription>For a subject access or erasure request. Matching ignores upper and lower case.</CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-start" key={typed}>
                <input type="hidden" name="intent" value="search" />
                <Field label="E-mail address" errors={searchErrors} className="flex-1">
                  {(p) => (
                    <Input {...p} name="email" type="email" autoComplete="off" spellCheck={false} defaultValue={typed} required maxLength={254} />
                  )}
                </Field>
                <Button type="submit" disabled={searching} className="sm:mt-7">
                  <Search aria-hidden /> {searching ? "Searching..." : "Search"}
                </Button>
              </Form>
            </CardContent>
          </Card>
          {result?.intent === "erase" && !result.ok ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-red-50 px-4 py-3 text-sm text-red-900">
              {result.message}
            </p>
          ) : null}
          {result?.intent === "erase" && result.ok ? <Erased email={result.email} counts={result.counts} /> : null}
          {summary ? <Results summary={summary} busy={busy} /> : null}
        </div>
        <div>
          <RetentionCard
            retention={retention}
            lastRun={lastRun}
            canEdit={canEditRetention}
            errors={result?.intent === "retention" ? (replyFieldErrors(result) as Partial<Record<keyof RetentionPeriods, string[]>>) : {}}
            values={result?.intent === "retention" && !result.ok ? (result.values ?? null) : null}
          />
        </div>
      </div>
    </>
  );
}
