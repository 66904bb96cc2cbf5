import { renderCalendarFeed } from "~/features/consultations/bookings/index.server";
import type { Route } from "./+types/calendar-feed";

/**
 * Never kept by a browser, proxy or the HTML cache (which also skips every `/admin` path), never
 * indexed, its address never sent on as a referrer.
 */
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/**
 * `GET /admin/calendar/:token.ics`: a member of staff's private calendar feed (ADR "Booking, round
 * two"), `text/calendar`. No session: calendar apps fetch it with the token alone. A wrong, revoked
 * or replaced token, or a deactivated account, answers the same plain 404; a feed fetched too often
 * in the hour 429 with `Retry-After`.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const answer = await renderCalendarFeed(params.token.replace(/\.ics$/, ""));
  if (answer.status === 404) {
    return new Response("Not found\n", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (answer.status === 429) {
    return new Response("Too many requests for this calendar feed. Try again later.\n", {
      status: 429,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600" },
    });
  }
  return new Response(answer.ics, {
    headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="consultations.ics"' },
  });
}
