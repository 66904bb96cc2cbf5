/**
 * The header of a staff card that does one job (your password, your sessions, adding a user,
 * uploading a file): its icon and title, and a description under them.
 */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** A card header: `icon` (drawn in the brand colour, hidden from screen readers) before `title`, then `description` if any. */
export function IconCardHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description?: ReactNode }) {
  return (
    <CardHeader className="pb-4">
      <CardTitle className="flex items-center gap-2">
        <Icon className="size-5 text-primary" aria-hidden /> {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
