import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { parseBookingListParams } from "~/features/consultations/bookings/admin-booking-list";
import { exportBookingsCsv } from "~/features/consultations/bookings/index.server";
import type { Route } from "./+types/consultations-export";

/**
 * CSV download of the bookings matching the list's filters (`?q=&status=&when=&sort=`, every
 * page), with the answers to each type's questions. Streams `text/csv` as an attachment named
 * `bookings-YYYY-MM-DD.csv`. Managers only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const params = new URL(request.url).searchParams;
  const { sort, when } = parseBookingListParams(params);
  const body = exportBookingsCsv({ q: (params.get("q") ?? "").slice(0, 200), status: params.get("status"), when, sort });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
