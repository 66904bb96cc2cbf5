import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { redirectsCsv } from "~/features/redirects/redirects.server";
import type { Route } from "./+types/redirects-export";

/** CSV download of every redirect (source, target, status, hits, last use), `redirects.csv`. Admins and super admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  return new Response(await redirectsCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="redirects.csv"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
