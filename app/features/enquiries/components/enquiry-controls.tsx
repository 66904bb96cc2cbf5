/**
 * Pieces shared by the enquiry list and the detail panel (`shared/spec/booking-and-admin.md`
 * "Enquiries management"): the row data the loader sends, the toast of a fetcher's answer and the
 * status / priority dropdown that saves at once.
 */
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { cn } from "~/utils/cn";
import { enquiryLabel, type EnquiryActionResult, type EnquiryPriority, type EnquiryStatus } from "../admin-schema";

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

/** A status or priority dropdown that saves at once, optimistic, rolled back on refusal. */
export function InlineSelect<T extends string>({
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
