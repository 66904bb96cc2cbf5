/**
 * The page every document request gets while the database is unreachable:
 * 503 with `Retry-After`, self-contained (no database, no scripts, inline styles only), never
 * cached. Served by the Express gate in server/app.ts and by entry.server.tsx for a request whose
 * loader hit the failure first.
 */
import { renderStandalonePage } from "~/utils/standalone-page";

/** Seconds a client is told to wait before retrying. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** Headers of the 503 answer. */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
};

/** The HTML of the 503 page. */
export const UNAVAILABLE_PAGE = renderStandalonePage({
  title: "Temporarily unavailable",
  heading: "We'll be back shortly",
  paragraph: "Our website is having a brief technical problem and cannot show this page right now. Please try again in a minute.",
  link: { href: "/", label: "Try again" },
});
