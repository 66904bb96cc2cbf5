/** The "N views (30 days)" item of a CMS row's details list: a `<div>` with dt/dd for a `<dl>`. */
import { Eye } from "lucide-react";

const numberFormat = new Intl.NumberFormat("en-GB");

export function PageViewsItem({ views }: { views: number }) {
  return (
    <div className="flex items-center gap-1.5">
      <Eye className="size-4" aria-hidden /> <dt className="sr-only">Page views in the last 30 days</dt>
      <dd>
        {numberFormat.format(views)} {views === 1 ? "view" : "views"} (30 days)
      </dd>
    </div>
  );
}
