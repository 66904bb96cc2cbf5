/**
 * The media library's search box and filter: a GET form (`?q=&show=all|unused`), so it
 * works before JavaScript; choosing a filter applies it at once.
 */
import { Search } from "lucide-react";
import { Form } from "react-router";
import { FilterActions } from "~/components/filter-actions";
import { Input, NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** What the library is showing: the search text and whether only unused images are listed. */
export type MediaFilters = { q: string; show: "all" | "unused" };

export function MediaFilterBar({ filters }: { filters: MediaFilters }) {
  const filtered = Boolean(filters.q) || filters.show !== "all";
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search images"
      className="mb-6 grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:grid-cols-[minmax(0,1fr)_12rem_auto]"
    >
      <div className="relative">
        <Label htmlFor="media-search" className="sr-only">
          Search images
        </Label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id="media-search" type="search" name="q" maxLength={200} defaultValue={filters.q} placeholder="Search alt text or file name" className="pl-9" />
      </div>
      <div>
        <Label htmlFor="media-show" className="sr-only">
          Show
        </Label>
        <NativeSelect id="media-show" name="show" defaultValue={filters.show} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
          <option value="all">All images</option>
          <option value="unused">Unused images</option>
        </NativeSelect>
      </div>
      <FilterActions search="outline" filtered={filtered} clearTo="/admin/media" />
    </Form>
  );
}
