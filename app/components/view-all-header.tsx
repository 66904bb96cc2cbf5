/**
 * The header of a dashboard card that previews a longer list: its title and description, and a
 * "View all" link to the screen with the whole list.
 */
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** A card header: `title` and `description` on the left, "View all" (to `to`) on the right. */
export function ViewAllHeader({ title, description, to }: { title: string; description: string; to: string }) {
  return (
    <CardHeader className="flex-row items-center justify-between gap-3 space-y-0 pb-4">
      <div className="min-w-0">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      <Link to={to} className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-primary hover:underline">
        View all <ArrowRight className="size-4" aria-hidden />
      </Link>
    </CardHeader>
  );
}
