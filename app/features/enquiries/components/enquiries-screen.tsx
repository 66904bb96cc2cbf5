/**
 * The admin enquiries screen (`docs/design.md` section 6): search and filters kept in the URL,
 * Export, the table with Contact, Type, Message, Status, Priority, Date and Actions, status and
 * priority dropdowns that change at once (rolled back with an error toast when the server refuses),
 * the detail panel, deletion after a confirmation, the spam view, pagination and the empty states.
 *
 * Works without JavaScript: the filters are a GET form, each dropdown sits in its own POST form
 * with a Save button (drawn only when the browser runs no scripts), and the view and delete icons
 * link to `?id=`, which renders the detail inline with its delete form. The screen draws the same
 * controls in the same places before and after hydration, so a press made while React takes over
 * lands on what the person aimed at. The parts: `enquiry-filter-bar`, `enquiry-table`,
 * `enquiry-detail`, `enquiry-controls` (shared by the table and the detail).
 */
import { useMemo, useState } from "react";
import { Form, Link, useFetcher, useFetchers, useNavigate } from "react-router";
import { Download, Inbox, ShieldAlert, Trash2, X } from "lucide-react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";
import { cn } from "~/utils/cn";
import { enquiryFiltersToSearch, type EnquiryActionResult, type EnquiryFilters } from "../admin-schema";
import { ENQUIRIES_PATH, useResultToast, type EnquiryRowData } from "./enquiry-controls";
import type { ConversationView } from "../conversation-schema";
import { EnquiryDetailBody, EnquiryDetailPanel } from "./enquiry-detail";
import { EnquiryFilterBar } from "./enquiry-filter-bar";
import { EnquiryEmptyState, EnquiryTable } from "./enquiry-table";

export type { EnquiryRowData } from "./enquiry-controls";

/** Props of the whole screen: the loader's data and a plain POST's answer. */
export type EnquiriesScreenProps = {
  filters: EnquiryFilters;
  page: { items: EnquiryRowData[]; total: number; page: number; pageSize: number; pageCount: number };
  spamCount: number;
  selected: EnquiryRowData | null;
  /** The conversation of `selected`, read on the server (shown before and without JavaScript). */
  conversation?: ConversationView | null;
  enquiryTypes: string[];
  actionData?: EnquiryActionResult;
};


/** The whole enquiries screen; `selected` is the enquiry named by `?id=` (opened on load). */
export function EnquiriesScreen({ filters, page, spamCount, selected, conversation, enquiryTypes, actionData }: EnquiriesScreenProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [detailId, setDetailId] = useState<string | null>(selected?.id ?? null);
  // The panel follows the address whenever it changes from outside `openDetail` and `closeDetail`:
  // a click on "View" while the page is hydrating is a client navigation to `?id=` that the row's
  // own handler did not see, and must still open the panel.
  const selectedId = selected?.id ?? null;
  const [addressId, setAddressId] = useState(selectedId);
  if (selectedId !== addressId) {
    setAddressId(selectedId);
    setDetailId(selectedId);
  }
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

  const filtered = Boolean(filters.q || filters.status || filters.priority || filters.owner);
  const search = (extra: Record<string, string> = {}, overrides: Partial<EnquiryFilters> = {}) =>
    enquiryFiltersToSearch({ ...filters, ...overrides }, extra);
  const exportHref = `/admin/enquiries/export${search({}, { page: 1 })}`;

  function closeDetail() {
    setDetailId(null);
    if (selected) navigate(`${ENQUIRIES_PATH}${search()}`, { replace: true, preventScrollReset: true });
  }

  /**
   * Opens the panel at once and names the enquiry in the URL (`?id=`), so the loader keeps it
   * fresh even when a change takes it out of the filtered list (answering one in the Overdue view).
   */
  function openDetail(id: string) {
    setDetailId(id);
    navigate(`${ENQUIRIES_PATH}${search({ id })}`, { replace: true, preventScrollReset: true });
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
        <ViewTab to={`${ENQUIRIES_PATH}${enquiryFiltersToSearch({ ...filters, spam: false, page: 1 })}`} current={!filters.spam}>
          <Inbox aria-hidden className="size-4" /> Enquiries
        </ViewTab>
        <ViewTab to={`${ENQUIRIES_PATH}${enquiryFiltersToSearch({ ...filters, spam: true, page: 1 })}`} current={filters.spam}>
          <ShieldAlert aria-hidden className="size-4" /> Spam
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
            {spamCount}
          </span>
        </ViewTab>
      </nav>

      <EnquiryFilterBar filters={filters} />

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
            <Link to={`${ENQUIRIES_PATH}${search()}`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              <X aria-hidden /> Close
            </Link>
          </div>
          <EnquiryDetailBody enquiry={selected} enquiryTypes={enquiryTypes} conversation={conversation ?? undefined} />
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
          <EnquiryEmptyState filtered={filtered} spam={filters.spam} />
        ) : (
          <EnquiryTable
            items={items}
            spamView={filters.spam}
            hydrated={hydrated}
            viewHref={(id) => `${ENQUIRIES_PATH}${search({ id })}`}
            onView={openDetail}
            onDelete={setDeleteTarget}
            notSpamFetcher={notSpamFetcher}
          />
        )}

        {page.pageCount > 1 ? (
          <nav aria-label="Pagination" className="flex items-center justify-between gap-4 pt-1">
            <PageLink to={`${ENQUIRIES_PATH}${search({}, { page: page.page - 1 })}`} disabled={page.page <= 1}>
              Previous
            </PageLink>
            <span className="text-sm text-muted-foreground tabular-nums">
              Page {page.page} of {page.pageCount}
            </span>
            <PageLink to={`${ENQUIRIES_PATH}${search({}, { page: page.page + 1 })}`} disabled={page.page >= page.pageCount}>
              Next
            </PageLink>
          </nav>
        ) : null}
      </section>

      {hydrated ? (
        <EnquiryDetailPanel enquiry={detail} enquiryTypes={enquiryTypes} onClose={closeDetail} onDelete={setDeleteTarget} />
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
