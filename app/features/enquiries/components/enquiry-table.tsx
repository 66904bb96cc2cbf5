/**
 * The enquiries table (`shared/spec/booking-and-admin.md` "Enquiries management"): Contact, Type,
 * Message, Status, Priority, Date and Actions, newest first, with the empty state.
 */
import { Link, useFetcher } from "react-router";
import { Eye, Inbox, ShieldCheck, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES } from "~/db/schema";
import { cn } from "~/utils/cn";
import type { EnquiryActionResult } from "../admin-schema";
import { InlineSelect, OverdueBadge, ResponseTime, type EnquiryRowData } from "./enquiry-controls";
import { formatEnquiryDate, formatEnquiryTime, PRIORITY_TONE, STATUS_TONE } from "./enquiry-format";

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
    <div className="relative overflow-x-auto rounded-xl border bg-card shadow-sm">
      <table className="w-full min-w-[880px] border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          {spamView ? "Spam submissions" : "Contact enquiries"}, newest first
        </caption>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="sticky left-0 z-10 w-[150px] border-b bg-muted px-3 py-3 sm:w-[190px]">
              Contact
            </th>
            <th scope="col" className="border-b bg-muted px-3 py-3">Type</th>
            <th scope="col" className="border-b bg-muted px-3 py-3">Message</th>
            <th scope="col" className="border-b bg-muted px-3 py-3">Status</th>
            <th scope="col" className="border-b bg-muted px-3 py-3">Priority</th>
            <th scope="col" className="border-b bg-muted px-3 py-3">Date</th>
            <th scope="col" className="border-b bg-muted px-3 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
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
  const cell = "border-b px-3 py-3 align-top";
  return (
    <tr className="group">
      <th
        scope="row"
        className={cn(cell, "sticky left-0 z-10 w-[150px] max-w-[150px] bg-card sm:w-[190px] sm:max-w-[190px] text-left font-normal group-hover:bg-accent")}
      >
        <div className="font-semibold break-words text-foreground">{enquiry.name}</div>
        <a href={`mailto:${enquiry.email}`} className="block truncate text-sm text-primary hover:underline">
          {enquiry.email}
        </a>
        {enquiry.company ? <div className="truncate text-xs text-muted-foreground">{enquiry.company}</div> : null}
      </th>
      <td className={cn(cell, "group-hover:bg-accent")}>
        <span className="inline-block max-w-[8rem] text-sm leading-snug font-medium text-foreground">{enquiry.projectType}</span>
      </td>
      <td className={cn(cell, "min-w-[10rem] group-hover:bg-accent")}>
        <p className="line-clamp-3 max-w-md text-muted-foreground">{enquiry.message}</p>
        {enquiry.spamReason ? (
          <Badge variant="red" className="mt-2">
            Spam: {enquiry.spamReason}
          </Badge>
        ) : null}
      </td>
      <td className={cn(cell, "group-hover:bg-accent")}>
        <InlineSelect enquiry={enquiry} field="status" values={ENQUIRY_STATUSES} tone={STATUS_TONE} hydrated={hydrated} />
        {enquiry.overdue ? <OverdueBadge className="mt-2" /> : null}
      </td>
      <td className={cn(cell, "group-hover:bg-accent")}>
        <InlineSelect enquiry={enquiry} field="priority" values={ENQUIRY_PRIORITIES} tone={PRIORITY_TONE} hydrated={hydrated} />
      </td>
      <td className={cn(cell, "whitespace-nowrap group-hover:bg-accent")}>
        <div className="text-foreground">{formatEnquiryDate(enquiry.createdAt)}</div>
        <div className="text-xs text-muted-foreground">{formatEnquiryTime(enquiry.createdAt)}</div>
        <ResponseTime enquiry={enquiry} className="mt-1 text-xs" />
      </td>
      <td className={cn(cell, "group-hover:bg-accent")}>
        <div className="flex items-center justify-end gap-1">
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
      </td>
    </tr>
  );
}
