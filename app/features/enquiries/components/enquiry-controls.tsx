/**
 * Pieces shared by the enquiry list and the detail panel: the row data the loader sends, the toast
 * of a fetcher's answer and the status / priority dropdown that saves at once.
 */
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/utils/cn";
import { useAdoptOnHydration } from "~/utils/use-hydrated";
import { formatDuration, responseTimeMs } from "../response-time";
import { enquiryLabel, type EnquiryActionResult, type EnquiryPriority, type EnquiryStatus } from "../admin-schema";

/** One enquiry as the loader sends it. */
export type EnquiryRowData = {
  id: string;
  name: string;
  email: string;
  company: string | null;
  projectType: string;
  message: string;
  /** The visitor's language code ("en", "fr"...): their acknowledgement and our answers are in it. */
  language: string;
  status: EnquiryStatus;
  priority: EnquiryPriority;
  spamReason: string | null;
  internalNotes: string | null;
  createdAt: Date | string;
  /** When staff first changed the status (the response time's end); null while unanswered. */
  respondedAt: Date | string | null;
  /** Since when an answer has been owed again (the 24-hour clock reopened); null or absent when not. */
  awaitingReplySince?: Date | string | null;
  /** Past its 24 hours (from arrival, or from a reopened clock), as the loader computed it. */
  overdue: boolean;
};

/** The enquiries route: list, detail (`?id=`) and the row actions' POST target. */
export const ENQUIRIES_PATH = "/admin/enquiries";

/** Shows a toast for a fetcher's answer once per answer (toast `id` so one event shows one toast). */
export function useResultToast(
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

/**
 * A status or priority dropdown that saves at once, optimistic, rolled back on refusal (an error
 * toast). In a list row the label is for screen readers and success is quiet; in the detail panel
 * (`placement="panel"`) the label shows and success is toasted. Row and panel share one fetcher
 * per enquiry and field, so a change in the panel shows in the row at once.
 *
 * Without JavaScript the form has a Save button. With it the button is never drawn, before
 * hydration either, so the row keeps one layout while React takes over (a press aimed at a control
 * beside it lands there); a choice made before hydration is saved as soon as the page hydrates.
 */
export function InlineSelect<T extends string>({
  enquiry,
  field,
  values,
  tone,
  placement = "row",
}: {
  enquiry: EnquiryRowData;
  field: "status" | "priority";
  values: readonly T[];
  tone: Record<T, string>;
  placement?: "row" | "panel";
}) {
  const fetcher = useFetcher<EnquiryActionResult>({ key: `enquiry-${field}-${enquiry.id}` });
  const inPanel = placement === "panel";
  useResultToast(fetcher, field === "status" ? "Could not update the status" : "Could not update the priority", !inPanel);
  const pending = fetcher.formData?.get(field);
  const value = (typeof pending === "string" ? pending : enquiry[field]) as T;
  const label = field === "status" ? "Status" : "Priority";
  const id = `enquiry-${placement}-${field}-${enquiry.id}`;
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptOnHydration(formRef, (form) => {
    if (new FormData(form).get(field) !== enquiry[field]) fetcher.submit(form);
  });
  return (
    <fetcher.Form ref={formRef} method="post" className={cn("flex gap-2", inPanel ? "flex-col" : "items-center")}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={enquiry.id} />
      <label htmlFor={id} className={inPanel ? "text-sm font-medium text-foreground" : "sr-only"}>
        {inPanel ? label : `${label} of the enquiry from ${enquiry.name}`}
      </label>
      <NativeSelect
        id={id}
        name={field}
        value={value}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className={cn("h-9 rounded-full py-1 pr-7 pl-3 text-sm font-medium", inPanel ? "w-full" : "w-auto", tone[value])}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {enquiryLabel(v)}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" className="hidden noscript:inline-flex">
        Save
      </Button>
    </fetcher.Form>
  );
}

/** The red "Overdue" badge of an enquiry still `new` 24 hours after it arrived. */
export function OverdueBadge({ className }: { className?: string }) {
  return (
    <Badge className={cn("border-transparent bg-red-600 font-semibold text-white", className)} title="Still new 24 hours after it arrived">
      Overdue
    </Badge>
  );
}

/** "Answered in 3 h 20 min" once the status first changed; nothing while unanswered. */
export function ResponseTime({ enquiry, className }: { enquiry: Pick<EnquiryRowData, "createdAt" | "respondedAt">; className?: string }) {
  const ms = responseTimeMs(enquiry);
  if (ms === null) return null;
  return <p className={cn("text-muted-foreground", className)}>Answered in {formatDuration(ms)}</p>;
}
