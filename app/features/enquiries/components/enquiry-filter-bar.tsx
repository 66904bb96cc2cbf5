import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Loader2, Search } from "lucide-react";
import { FilterActions } from "~/components/filter-actions";
import { Input, NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ENQUIRY_PRIORITIES } from "~/utils/domain";
import { ENQUIRY_STATUS_FILTERS, enquiryFiltersToSearch, enquiryLabel, type EnquiryFilters } from "../admin-schema";
import { ENQUIRIES_PATH } from "./enquiry-controls";

/**
 * The search box and the status and priority filters: a GET form with a Search button; with
 * JavaScript it also applies as you type or choose.
 */
export function EnquiryFilterBar({ filters }: { filters: EnquiryFilters }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searching = navigation.state === "loading" && navigation.location.pathname === ENQUIRIES_PATH;
  const filtered = Boolean(filters.q || filters.status || filters.priority || filters.owner);
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
    const owner = field("owner");
    if (owner) owner.value = filters.owner ?? "";
  }, [filters.q, filters.status, filters.priority, filters.owner]);

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
      action={ENQUIRIES_PATH}
      role="search"
      aria-label="Filter enquiries"
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_11rem_auto]"
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
          {ENQUIRY_STATUS_FILTERS.map((s) => (
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
      <div>
        <Label htmlFor="enquiry-owner-filter" className="sr-only">
          Owner
        </Label>
        <NativeSelect id="enquiry-owner-filter" name="owner" defaultValue={filters.owner ?? ""} onChange={() => apply(0)}>
          <option value="">Everyone's</option>
          <option value="mine">Mine</option>
          <option value="none">Unassigned</option>
        </NativeSelect>
      </div>
      <FilterActions
        search="default"
        filtered={filtered}
        clearTo={`${ENQUIRIES_PATH}${enquiryFiltersToSearch({ spam: filters.spam })}`}
        onClear={() => clearTimeout(timer.current)}
      />
    </Form>
  );
}
