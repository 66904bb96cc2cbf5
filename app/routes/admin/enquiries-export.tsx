import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { parseEnquiryFilters } from "~/features/enquiries/admin-schema";
import { exportEnquiriesCsv } from "~/features/enquiries/admin.server";
import type { Route } from "./+types/enquiries-export";

/**
 * CSV download of the enquiries matching the list's filters (`?q=&status=&priority=&owner=&view=spam`,
 * every page; "Mine" is the signed-in member's): Export downloads the filtered list as CSV (`docs/design.md` section 6).
 * Streams `text/csv` as an attachment named `enquiries-YYYY-MM-DD.csv`. Managers only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, MANAGER_ROLES);
  const filters = parseEnquiryFilters(new URL(request.url).searchParams);
  const day = new Date().toISOString().slice(0, 10);
  const name = filters.spam ? `enquiries-spam-${day}.csv` : `enquiries-${day}.csv`;
  return new Response(exportEnquiriesCsv({ ...filters, viewerUserId: session.user.id }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
