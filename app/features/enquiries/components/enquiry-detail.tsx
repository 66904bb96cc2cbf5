/**
 * The enquiry detail (`docs/design.md` section 6: the view icon opens a detail panel): message,
 * contact details, reply link, type and internal notes, as a side sheet with JavaScript or inline
 * (`?id=`) without it.
 */
import { useFetcher, useRouteLoaderData } from "react-router";
import { Loader2, Mail, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ENQUIRY_PRIORITIES, ENQUIRY_STATUSES } from "~/utils/domain";
import { cn } from "~/utils/cn";
import type { EnquiryActionResult } from "../admin-schema";
import { formatDuration, OVERDUE_AFTER_MS, responseTimeMs } from "../response-time";
import { InlineSelect, OverdueBadge, useResultToast, type EnquiryRowData } from "./enquiry-controls";
import { formatUkDate, formatUkTime12 } from "~/utils/format";
import { PRIORITY_TONE, replyMailto, STATUS_TONE } from "./enquiry-format";
import type { ConversationView } from "../conversation-schema";
import { EnquiryConversation } from "./enquiry-conversation";

/** The detail panel (a side sheet) of the enquiry `enquiry`; closed when it is null. */
export function EnquiryDetailPanel({
  enquiry: detail,
  enquiryTypes,
  onClose,
  onDelete,
}: {
  enquiry: EnquiryRowData | null;
  enquiryTypes: string[];
  onClose: () => void;
  onDelete: (enquiry: EnquiryRowData) => void;
}) {
  return (
    <Dialog open={Boolean(detail)} onOpenChange={(open) => (open ? null : onClose())}>
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
              {detail.projectType} · received {formatUkDate(detail.createdAt)} at {formatUkTime12(detail.createdAt)}
            </DialogDescription>
          </DialogHeader>
          <EnquiryDetailBody
            enquiry={detail}
            enquiryTypes={enquiryTypes}
            onDelete={() => onDelete(detail)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * When an answer is owed again (the clock reopened by the visitor's e-mail or by staff), when it
 * is (or was) due, 24 hours after the reopening; else "Answered in 3 h 20 min" once the status
 * first changed; otherwise when the reply is (or was) due, 24 hours after arrival. UK time.
 */
function responseSummary(enquiry: EnquiryRowData): string {
  if (enquiry.awaitingReplySince) {
    const due = new Date(new Date(enquiry.awaitingReplySince).getTime() + OVERDUE_AFTER_MS);
    return `${enquiry.overdue ? "Overdue: reply was due" : "Reopened: reply due"} ${formatUkDate(due)}, ${formatUkTime12(due)}`;
  }
  const ms = responseTimeMs(enquiry);
  if (ms !== null) return `Answered in ${formatDuration(ms)}`;
  if (enquiry.status !== "new") return "Answered (time not recorded)";
  const due = new Date(new Date(enquiry.createdAt).getTime() + OVERDUE_AFTER_MS);
  return `${enquiry.overdue ? "Overdue: reply was due" : "Not answered yet: reply due"} ${formatUkDate(due)}, ${formatUkTime12(due)}`;
}

/**
 * The detail panel's content: overdue and spam badges, the status and priority controls (saved at
 * once with toasts), message, contact details with the response time, the reply link,
 * type and internal notes.
 */
export function EnquiryDetailBody({
  enquiry,
  enquiryTypes,
  onDelete,
  conversation,
}: {
  enquiry: EnquiryRowData;
  enquiryTypes: string[];
  onDelete?: () => void;
  /** The conversation read on the server, if any; otherwise it is loaded in the browser. */
  conversation?: ConversationView;
}) {
  // The admin layout's loader gives every portal page the firm's name (for the reply's subject).
  const companyName = useRouteLoaderData<{ companyName?: string }>("routes/admin/layout")?.companyName ?? "";
  const fetcher = useFetcher<EnquiryActionResult>({ key: `enquiry-notes-${enquiry.id}` });
  useResultToast(fetcher, "Could not save the changes");
  const saving = fetcher.state !== "idle";
  const types = enquiryTypes.includes(enquiry.projectType) ? enquiryTypes : [enquiry.projectType, ...enquiryTypes];
  const notesId = `enquiry-notes-${enquiry.id}`;
  const typeId = `enquiry-type-${enquiry.id}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        {enquiry.overdue || enquiry.spamReason ? (
          <div className="flex flex-wrap gap-2">
            {enquiry.overdue ? <OverdueBadge /> : null}
            {enquiry.spamReason ? <Badge variant="red">Spam: {enquiry.spamReason}</Badge> : null}
          </div>
        ) : null}
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
          <InlineSelect enquiry={enquiry} field="status" values={ENQUIRY_STATUSES} tone={STATUS_TONE} placement="panel" />
          <InlineSelect
            enquiry={enquiry}
            field="priority"
            values={ENQUIRY_PRIORITIES}
            tone={PRIORITY_TONE}
            placement="panel"
          />
        </div>
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
            {formatUkDate(enquiry.createdAt)}, {formatUkTime12(enquiry.createdAt)}
          </dd>
          <dt className="text-muted-foreground">Response</dt>
          <dd>{responseSummary(enquiry)}</dd>
        </dl>
        <a href={replyMailto(enquiry, companyName)} className={cn(buttonVariants({ variant: "default" }), "mt-2 w-full sm:w-auto")}>
          <Mail aria-hidden /> Reply by email
        </a>
        <a href={`/admin/contact?email=${encodeURIComponent(enquiry.email)}`} className="mt-2 block text-sm text-primary underline underline-offset-2">
          Everything from this person
        </a>
      </section>

      <EnquiryConversation enquiryId={enquiry.id} status={enquiry.status} initial={conversation} />

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
