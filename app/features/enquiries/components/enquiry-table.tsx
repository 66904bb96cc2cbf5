/**
 * The enquiries table: Contact, Type,
 * Message, Status, Priority, Date and Actions, newest first, with the empty state. Below the `lg`
 * breakpoint each row is a stacked card (the shared `StackedTable`).
 */
import { Link, useFetcher } from "react-router";
import { Eye, Inbox, ShieldCheck, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { StackedCell, StackedRow, StackedTable } from "~/components/ui/stacked-table";
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES } from "~/utils/domain";
import type { EnquiryActionResult } from "../admin-schema";
import { InlineSelect, OverdueBadge, ResponseTime, type EnquiryRowData } from "./enquiry-controls";
import { formatUkDate, formatUkTime12 } from "~/utils/format";
import { PRIORITY_TONE, STATUS_TONE } from "./enquiry-format";

/** The table of one page of enquiries (`items` not empty). */
export function EnquiryTable({
  items,
  spamView,
  hydrated,
  viewHref,
  onView,
  onDelete,
  notSpamFetcher,
}: {
  items: EnquiryRowData[];
  spamView: boolean;
  hydrated: boolean;
  /** The no-JavaScript link to an enquiry's detail (`?id=`). */
  viewHref: (id: string) => string;
  onView: (id: string) => void;
  onDelete: (enquiry: EnquiryRowData) => void;
  /** Shared by the rows so its answer is toasted after the row has gone. */
  notSpamFetcher: ReturnType<typeof useFetcher<EnquiryActionResult>>;
}) {
  return (
    <StackedTable
      caption={<>{spamView ? "Spam submissions" : "Contact enquiries"}, newest first</>}
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
          spamView={spamView}
          hydrated={hydrated}
          viewHref={viewHref(enquiry.id)}
          onView={() => onView(enquiry.id)}
          onDelete={() => onDelete(enquiry)}
          notSpamFetcher={notSpamFetcher}
        />
      ))}
    </StackedTable>
  );
}

export function EnquiryEmptyState({ filtered, spam }: { filtered: boolean; spam: boolean }) {
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
        <InlineSelect enquiry={enquiry} field="status" values={ENQUIRY_STATUSES} tone={STATUS_TONE} />
        {enquiry.overdue ? <OverdueBadge className="mt-2" /> : null}
      </StackedCell>
      <StackedCell label="Priority">
        <InlineSelect enquiry={enquiry} field="priority" values={ENQUIRY_PRIORITIES} tone={PRIORITY_TONE} />
      </StackedCell>
      <StackedCell label="Date" className="lg:whitespace-nowrap">
        <span className="text-foreground">{formatUkDate(enquiry.createdAt)}</span>{" "}
        <span className="text-xs text-muted-foreground lg:block">{formatUkTime12(enquiry.createdAt)}</span>
        <ResponseTime enquiry={enquiry} className="mt-1 text-xs" />
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
          <RowLink
            to={viewHref}
            hydrated={hydrated}
            onPress={onView}
            className={buttonVariants({ variant: "ghost", size: "icon" })}
            label={`View enquiry from ${enquiry.name}`}
            title="View"
          >
            <Eye aria-hidden />
          </RowLink>
          <RowLink
            to={viewHref}
            hydrated={hydrated}
            onPress={onDelete}
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-muted-foreground hover:bg-red-50 hover:text-destructive")}
            label={`Delete enquiry from ${enquiry.name}`}
            title="Delete"
          >
            <Trash2 aria-hidden />
          </RowLink>
        </div>
      </StackedCell>
    </StackedRow>
  );
}

/**
 * A row's View or Delete: a link to the enquiry's detail (`viewHref`, `?id=`), which the server
 * renders with its delete form, so a press before the page has hydrated (or without JavaScript)
 * opens it; once hydrated, `onPress` runs instead (the panel, or the confirmation). Both are drawn
 * from the first paint, so nothing in the row moves under the pointer when React takes over.
 * A press with a modifier key is left to the browser (a new tab).
 */
function RowLink({
  to,
  hydrated,
  onPress,
  className,
  label,
  title,
  children,
}: {
  to: string;
  hydrated: boolean;
  onPress: () => void;
  className: string;
  label: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset
      onClick={(event) => {
        if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onPress();
      }}
      className={className}
      aria-label={label}
      title={title}
    >
      {children}
    </Link>
  );
}
