/**
 * The end of a staff list's filter form: the Search button that submits it, and Clear, a link
 * back to the unfiltered list shown only while a filter is set.
 */
import { X } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

/**
 * Search (drawn as `search`, "outline" or "default") and, while `filtered`, Clear linking to
 * `clearTo`. `onClear` runs as Clear is followed (e.g. to drop a filter still waiting to be
 * applied).
 */
export function FilterActions({
  search,
  filtered,
  clearTo,
  onClear,
}: {
  search: "outline" | "default";
  filtered: boolean;
  clearTo: string;
  onClear?: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" variant={search}>
        Search
      </Button>
      {filtered ? (
        <Link to={clearTo} className={buttonVariants({ variant: "ghost" })} onClick={onClear}>
          <X aria-hidden /> Clear
        </Link>
      ) : null}
    </div>
  );
}
