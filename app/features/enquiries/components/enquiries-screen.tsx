/**
 * The admin enquiries screen (`shared/spec/booking-and-admin.md` "Enquiries management";
 * `shared/DESIGN.md` section 6): search and filters kept in the URL, Export, the table with
 * Contact, Type, Message, Status, Priority, Date and Actions, status and priority dropdowns that
 * change at once (rolled back with an error toast when the server refuses), the detail panel,
 * deletion after a confirmation, the spam view, pagination and the empty states.
 *
 * Works without JavaScript: the filters are a GET form, each dropdown sits in its own POST form
 * with a Save button (shown only before hydration), and the view icon links to `?id=`, which
 * renders the detail inline.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher, useFetchers, useNavigate, useNavigation, useSubmit } from "react-router";
import { toast } from "~/components/ui/toast";
import { Download, Eye, Inbox, Loader2, Mail, Search, ShieldAlert, ShieldCheck, Trash2, X } from "lucide-react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StackedCell, StackedRow, StackedTable } from "~/components/ui/stacked-table";
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES } from "~/db/schema";
import { useHydrated } from "~/utils/use-hydrated";
import { cn } from "~/utils/cn";
import {
  enquiryFiltersToSearch,
  enquiryLabel,
  type EnquiryActionResult,
  type EnquiryFilters,
  type EnquiryPriority,
  type EnquiryStatus,
} from "../admin-schema";
import { formatEnquiryDate, formatEnquiryTime, PRIORITY_TONE, replyMailto, STATUS_TONE } from "./enquiry-format";

/** One enquiry as the loader sends it. */
export type EnquiryRowData = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  projectType: string;
  message: string;
  status: EnquiryStatus;
  priority: EnquiryPriority;
  spamReason: string | null;
  internalNotes: string | null;
  createdAt: Date | string;
};

export type EnquiriesScreenProps = {
  filters: EnquiryFilters;
  page: { items: EnquiryRowData[]; total: number; page: number; pageSize: number; pageCount: number };
  spamCount: number;
  selected: EnquiryRowData | null;
  enquiryTypes: string[];
  actionData?: EnquiryActionResult;
};

const ACTION = "/admin/enquiries";

/** Shows a toast for a fetcher's answer once per answer (toast `id` so one event shows one toast). */
function useResultToast(
  fetcher: { state: string; data?: EnquiryActionResult },
  errorTitle: string,
  quietSuccess = false,
) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      if (!quietSuccess) toast.success(result.message, { id: `enquiry-${result.intent}-${result.id}` });
    } else {
      toast.error(errorTitle, { id: `enquiry-error-${result.id ?? "x"}`, description: result.message });
    }
  }, [fetcher.state, fetcher.data, errorTitle, quietSuccess]);
}

/** The whole enquiries screen; `selected` is the enquiry named by `?id=` (opened on load). */
export function EnquiriesScreen({ filters, page, spamCount, selected, enquiryTypes, actionData }: EnquiriesScreenProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [detailId, setDetailId] = useState<string | null>(selected?.id ?? null);
  const [deleteTarget, setDeleteTarget] = useState<EnquiryRowData | null>(null);
  const deleteFetcher = useFetcher<EnquiryActionResult>({ key: "enquiry-delete" });
  useResultToast(deleteFetcher, "Could not delete the enquiry");
  const notSpamFetcher = useFetcher<EnquiryActionResult>({ key: "enquiry-not-spam" });
  useResultToast(notSpamFetcher, "Could not move the enquiry");

  // Rows being deleted or moved out of the spam view disappear at once.
  const fetchers = useFetchers();
  const leaving = new Set(
    fetchers
      .filter((f) => f.formData && ["delete", "not-spam"].includes(String(f.formData.get("intent"))))
      .map((f) => String(f.formData!.get("id"))),
  );
  const items = page.items.filter((e) => !leaving.has(e.id));
  const detail = useMemo(
    () => page.items.find((e) => e.id === detailId) ?? (selected?.id === detailId ? selected : null),
    [page.items, selected, detailId],
  );

  const filtered = Boolean(filters.q || filters.status || filters.priority);
  const search = (extra: Record<string, string> = {}, overrides: Partial<EnquiryFilters> = {}) =>
    enquiryFiltersToSearch({ ...filters, ...overrides }, extra);
  const exportHref = `/admin/enquiries/export${search({}, { page: 1 })}`;

  function closeDetail() {
    setDetailId(null);
    if (selected) navigate(`${ACTION}${search()}`, { replace: true, preventScrollReset: true });
  }

  const first = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.page * page.pageSize, page.total);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">Contact Enquiries</h1>
          <p className="text-sm text-muted-foreground">
            Review, prioritise and answer the messages sent through the contact form.
          </p>
        </div>
        <a href={exportHref} download className={cn(buttonVariants({ variant: "outline" }), "self-start sm:self-auto")}>
          <Download aria-hidden />
          Export
        </a>
      </header>

      <nav aria-label="Enquiry views" className="flex gap-1 border-b">
        <ViewTab to={`${ACTION}${enquiryFiltersToSearch({ ...filters, spam: false, page: 1 })}`} current={!filters.spam}>
          <Inbox aria-hidden className="size-4" /> Enquiries
        </ViewTab>
        <ViewTab to={`${ACTION}${enquiryFiltersToSearch({ ...filters, spam: true, page: 1 })}`} current={filters.spam}>
          <ShieldAlert aria-hidden className="size-4" /> Spam
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
            {spamCount}
          </span>
        </ViewTab>
      </nav>

      <FilterBar filters={filters} hydrated={hydrated} />

      {actionData ? (
        <p
          role="status"
          className={cn(
            "rounded-lg border px-4 py-3 text-sm",
            actionData.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900",
          )}
        >
          {actionData.message}
        </p>
      ) : null}

      {!hydrated && selected ? (
        <section aria-labelledby="enquiry-detail-inline" className="rounded-xl border bg-card p-6 shadow-sm">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id="enquiry-detail-inline" className="text-lg font-semibold">
              {selected.name}
            </h2>
            <Link to={`${ACTION}${search()}`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              <X aria-hidden /> Close
            </Link>
          </div>
          <EnquiryDetailBody enquiry={selected} enquiryTypes={enquiryTypes} />
          <Form method="post" className="mt-6 flex flex-col gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={selected.id} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confirm" required className="size-4 accent-[var(--color-destructive)]" />
              Yes, delete this enquiry. This action cannot be undone.
            </label>
            <Button type="submit" variant="destructive">
              <Trash2 aria-hidden /> Delete enquiry
            </Button>
          </Form>
        </section>
      ) : null}

      <section aria-label="Enquiries" className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {page.total === 0
            ? null
            : page.pageCount > 1
              ? `Showing ${first}–${last} of ${page.total} ${filters.spam ? "spam submissions" : "enquiries"}`
              : `${page.total} ${filters.spam ? (page.total === 1 ? "spam submission" : "spam submissions") : page.total === 1 ? "enquiry" : "enquiries"}`}
        </p>

        {items.length === 0 ? (
          <EmptyState filtered={filtered} spam={filters.spam} />
        ) : (
          <StackedTable
            caption={<>{filters.spam ? "Spam submissions" : "Contact enquiries"}, newest first</>}
            columns={[
              { label: "Contact", className: "w-[190px]" },
              { label: "Type" },
              { label: "Message" },
              { label: "Status" },
              { label: "Priority" },
              { label: "Date" },
              { label: "Actions", className: "text-right" },
            ]}
            tableClassName="lg:min-w-[880px]"
          >
            {items.map((enquiry) => (
              <EnquiryRow
                key={enquiry.id}
                enquiry={enquiry}
                spamView={filters.spam}
                hydrated={hydrated}
                viewHref={`${ACTION}${search({ id: enquiry.id })}`}
                onView={() => setDetailId(enquiry.id)}
                onDelete={() => setDeleteTarget(enquiry)}
                notSpamFetcher={notSpamFetcher}
              />
            ))}
          </StackedTable>
        )}

        {page.pageCount > 1 ? (
          <nav aria-label="Pagination" className="flex items-center justify-between gap-4 pt-1">
            <PageLink to={`${ACTION}${search({}, { page: page.page - 1 })}`} disabled={page.page <= 1}>
              Previous
            </PageLink>
            <span className="text-sm text-muted-foreground tabular-nums">
              Page {page.page} of {page.pageCount}
            </span>
            <PageLink to={`${ACTION}${search({}, { page: page.page + 1 })}`} disabled={page.page >= page.pageCount}>
              Next
            </PageLink>
          </nav>
        ) : null}
      </section>

      {hydrated ? (
        <Dialog open={Boolean(detail)} onOpenChange={(open) => (open ? null : closeDetail())}>
          {detail ? (
            <DialogContent
              className="top-0 right-0 left-auto h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-r-0 sm:w-[36rem]"
              aria-describedby="enquiry-detail-description"
              onOpenAutoFocus={(event) => {
                // Start on the panel itself (read first), not on the first field.
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.focus();
              }}
            >
              <DialogHeader>
                <DialogTitle>{detail.name}</DialogTitle>
                <DialogDescription id="enquiry-detail-description">
                  {detail.projectType} · received {formatEnquiryDate(detail.createdAt)} at {formatEnquiryTime(detail.createdAt)}
                </DialogDescription>
              </DialogHeader>
              <EnquiryDetailBody
                enquiry={detail}
                enquiryTypes={enquiryTypes}
                onDelete={() => setDeleteTarget(detail)}
              />
            </DialogContent>
          ) : null}
        </Dialog>
      ) : null}

      <ConfirmDialog
        open={Boolean(deleteTarget)}
        onOpenChange={(open) => (open ? null : setDeleteTarget(null))}
        title="Delete this enquiry?"
        description={<>Are you sure you want to delete the enquiry from &ldquo;{deleteTarget?.name}&rdquo;? This action cannot be undone.</>}
        confirm={
          <Button
            variant="destructive"
            onClick={() => {
              if (!deleteTarget) return;
              deleteFetcher.submit({ intent: "delete", id: deleteTarget.id }, { method: "post" });
              if (detailId === deleteTarget.id) closeDetail();
              setDeleteTarget(null);
            }}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        }
      />
    </div>
  );
}

function ViewTab({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors",
        current
          ? "border-primary text-primary"
          : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
      )}
    >
      {children}
    </Link>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: React.ReactNode }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "opacity-50")}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {children}
    </Link>
  );
}

/** The search box and the status and priority filters: a GET form; with JavaScript it applies as you type or choose. */
function FilterBar({ filters, hydrated }: { filters: EnquiryFilters; hydrated: boolean }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searching = navigation.state === "loading" && navigation.location.pathname === ACTION;
  const filtered = Boolean(filters.q || filters.status || filters.priority);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Keep the fields in step with the URL (Clear, back and forward), but never under the typing cursor.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    const q = field("q");
    if (q && document.activeElement !== q) q.value = filters.q ?? "";
    const status = field("status");
    if (status) status.value = filters.status ?? "";
    const priority = field("priority");
    if (priority) priority.value = filters.priority ?? "";
  }, [filters.q, filters.status, filters.priority]);

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={ACTION}
      role="search"
      aria-label="Filter enquiries"
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:grid-cols-[minmax(0,1fr)_11rem_11rem_auto]"
    >
      {filters.spam ? <input type="hidden" name="view" value="spam" /> : null}
      <div className="relative">
        <Label htmlFor="enquiry-search" className="sr-only">
          Search enquiries
        </Label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="enquiry-search"
          type="search"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder="Search name, email, company or message"
          className="pl-9"
          onChange={() => apply(350)}
        />
        {searching ? (
          <Loader2 aria-hidden className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" />
        ) : null}
      </div>
      <div>
        <Label htmlFor="enquiry-status-filter" className="sr-only">
          Status
        </Label>
        <NativeSelect
          id="enquiry-status-filter"
          name="status"
          defaultValue={filters.status ?? ""}
          onChange={() => apply(0)}
        >
          <option value="">All statuses</option>
          {ENQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {enquiryLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor="enquiry-priority-filter" className="sr-only">
          Priority
        </Label>
        <NativeSelect
          id="enquiry-priority-filter"
          name="priority"
          defaultValue={filters.priority ?? ""}
          onChange={() => apply(0)}
        >
          <option value="">All priorities</option>
          {ENQUIRY_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {enquiryLabel(p)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        {hydrated ? null : <Button type="submit">Search</Button>}
        {filtered ? (
          <Link
            to={`${ACTION}${enquiryFiltersToSearch({ spam: filters.spam })}`}
            className={buttonVariants({ variant: "ghost" })}
            onClick={() => clearTimeout(timer.current)}
          >
            <X aria-hidden /> Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function EmptyState({ filtered, spam }: { filtered: boolean; spam: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <Inbox aria-hidden className="size-6" />
      </div>
      <p className="text-base font-semibold">No enquiries found</p>
      <p className="text-sm text-muted-foreground">
        {filtered
          ? "Try adjusting your search or filters."
          : spam
            ? "Submissions flagged as spam will appear here."
            : "New enquiries will appear here."}
      </p>
    </div>
  );
}

/** A status or priority dropdown that saves at once, optimistic, rolled back on refusal. */
function InlineSelect<T extends string>({
  enquiry,
  field,
  values,
  tone,
  hydrated,
}: {
  enquiry: EnquiryRowData;
  field: "status" | "priority";
  values: readonly T[];
  tone: Record<T, string>;
  hydrated: boolean;
}) {
  const fetcher = useFetcher<EnquiryActionResult>({ key: `enquiry-${field}-${enquiry.id}` });
  useResultToast(fetcher, field === "status" ? "Could not update the status" : "Could not update the priority", true);
  const pending = fetcher.formData?.get(field);
  const value = (typeof pending === "string" ? pending : enquiry[field]) as T;
  const label = field === "status" ? "Status" : "Priority";
  const id = `enquiry-${field}-${enquiry.id}`;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={enquiry.id} />
      <label htmlFor={id} className="sr-only">
        {label} of the enquiry from {enquiry.name}
      </label>
      <NativeSelect
        id={id}
        name={field}
        value={value}
        onChange={(event) => {
          if (hydrated) fetcher.submit(event.currentTarget.form);
        }}
        className={cn("h-9 w-auto rounded-full py-1 pr-7 pl-3 text-sm font-medium", tone[value])}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {enquiryLabel(v)}
          </option>
        ))}
      </NativeSelect>
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}

function EnquiryRow({
  enquiry,
  spamView,
  hydrated,
  viewHref,
  onView,
  onDelete,
  notSpamFetcher: notSpam,
}: {
  enquiry: EnquiryRowData;
  spamView: boolean;
  hydrated: boolean;
  viewHref: string;
  onView: () => void;
  onDelete: () => void;
  /** Shared by the rows so its answer is toasted after the row has gone. */
  notSpamFetcher: ReturnType<typeof useFetcher<EnquiryActionResult>>;
}) {
  return (
    <StackedRow>
      <StackedCell header className="lg:w-[190px] lg:max-w-[190px]">
        <div className="font-semibold break-words text-foreground">{enquiry.name}</div>
        <a href={`mailto:${enquiry.email}`} className="block truncate text-sm text-primary hover:underline">
          {enquiry.email}
        </a>
        {enquiry.company ? <div className="truncate text-xs text-muted-foreground">{enquiry.company}</div> : null}
      </StackedCell>
      <StackedCell label="Type">
        <span className="inline-block text-sm leading-snug font-medium text-foreground lg:max-w-[8rem]">{enquiry.projectType}</span>
      </StackedCell>
      <StackedCell label="Message" className="lg:min-w-[10rem]">
        <p className="line-clamp-3 max-w-md text-muted-foreground">{enquiry.message}</p>
        {enquiry.spamReason ? (
          <Badge variant="red" className="mt-2">
            Spam: {enquiry.spamReason}
          </Badge>
        ) : null}
      </StackedCell>
      <StackedCell label="Status">
        <InlineSelect enquiry={enquiry} field="status" values={ENQUIRY_STATUSES} tone={STATUS_TONE} hydrated={hydrated} />
      </StackedCell>
      <StackedCell label="Priority">
        <InlineSelect enquiry={enquiry} field="priority" values={ENQUIRY_PRIORITIES} tone={PRIORITY_TONE} hydrated={hydrated} />
      </StackedCell>
      <StackedCell label="Date" className="lg:whitespace-nowrap">
        <span className="text-foreground">{formatEnquiryDate(enquiry.createdAt)}</span>{" "}
        <span className="text-xs text-muted-foreground lg:block">{formatEnquiryTime(enquiry.createdAt)}</span>
      </StackedCell>
      <StackedCell className="max-lg:border-t max-lg:pt-2">
        <div className="flex items-center gap-1 lg:justify-end">
          {spamView ? (
            <notSpam.Form method="post">
              <input type="hidden" name="intent" value="not-spam" />
              <input type="hidden" name="id" value={enquiry.id} />
              <Button type="submit" variant="outline" size="sm" aria-label={`Not spam: move the enquiry from ${enquiry.name} to enquiries`}>
                <ShieldCheck aria-hidden /> Not spam
              </Button>
            </notSpam.Form>
          ) : null}
          <Link
            to={viewHref}
            preventScrollReset
            onClick={(event) => {
              if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              onView();
            }}
            className={buttonVariants({ variant: "ghost", size: "icon" })}
            aria-label={`View enquiry from ${enquiry.name}`}
            title="View"
          >
            <Eye aria-hidden />
          </Link>
          {hydrated ? (
            <Button
              variant="ghost"
              size="icon"
              className="text-muted-foreground hover:bg-red-50 hover:text-destructive"
              aria-label={`Delete enquiry from ${enquiry.name}`}
              title="Delete"
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
            </Button>
          ) : null}
        </div>
      </StackedCell>
    </StackedRow>
  );
}

/** The detail panel's content: message, contact details, reply link, type and internal notes. */
function EnquiryDetailBody({
  enquiry,
  enquiryTypes,
  onDelete,
}: {
  enquiry: EnquiryRowData;
  enquiryTypes: string[];
  onDelete?: () => void;
}) {
  const fetcher = useFetcher<EnquiryActionResult>({ key: `enquiry-notes-${enquiry.id}` });
  useResultToast(fetcher, "Could not save the changes");
  const saving = fetcher.state !== "idle";
  const types = enquiryTypes.includes(enquiry.projectType) ? enquiryTypes : [enquiry.projectType, ...enquiryTypes];
  const notesId = `enquiry-notes-${enquiry.id}`;
  const typeId = `enquiry-type-${enquiry.id}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-2">
        <Badge className={cn("border", STATUS_TONE[enquiry.status])}>{enquiryLabel(enquiry.status)}</Badge>
        <Badge className={cn("border", PRIORITY_TONE[enquiry.priority])}>{enquiryLabel(enquiry.priority)} priority</Badge>
        {enquiry.spamReason ? <Badge variant="red">Spam: {enquiry.spamReason}</Badge> : null}
      </div>

      <section aria-labelledby={`${notesId}-message`} className="space-y-2">
        <h3 id={`${notesId}-message`} className="text-sm font-semibold text-foreground">
          Message
        </h3>
        <p className="rounded-lg border bg-muted/50 p-4 text-sm leading-relaxed whitespace-pre-wrap text-foreground">
          {enquiry.message}
        </p>
      </section>

      <section aria-labelledby={`${notesId}-contact`} className="space-y-2">
        <h3 id={`${notesId}-contact`} className="text-sm font-semibold text-foreground">
          Contact details
        </h3>
        <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="break-words">{enquiry.name}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${enquiry.email}`} className="text-primary hover:underline">
              {enquiry.email}
            </a>
          </dd>
          <dt className="text-muted-foreground">Company</dt>
          <dd className="break-words">{enquiry.company ?? "Not provided"}</dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>
            {formatEnquiryDate(enquiry.createdAt)}, {formatEnquiryTime(enquiry.createdAt)}
          </dd>
        </dl>
        <a href={replyMailto(enquiry)} className={cn(buttonVariants({ variant: "default" }), "mt-2 w-full sm:w-auto")}>
          <Mail aria-hidden /> Reply by email
        </a>
      </section>

      <fetcher.Form method="post" className="space-y-4 border-t pt-6">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={enquiry.id} />
        <div className="space-y-2">
          <Label htmlFor={typeId}>Enquiry type</Label>
          <NativeSelect id={typeId} name="projectType" defaultValue={enquiry.projectType}>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor={notesId}>Internal notes</Label>
          <Textarea
            id={notesId}
            name="internalNotes"
            rows={5}
            defaultValue={enquiry.internalNotes ?? ""}
            placeholder="Only staff see these notes."
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          {onDelete ? (
            <Button type="button" variant="ghost" className="text-destructive hover:bg-red-50 hover:text-destructive" onClick={onDelete}>
              <Trash2 aria-hidden /> Delete enquiry
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={saving}>
            {saving ? <Loader2 aria-hidden className="animate-spin" /> : null}
            Save notes
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}
