/**
 * The publication rule of projects and insights (issue 7, HELPERS contract 1), client-safe part.
 *
 * An item is public when its status is `published` and its publication instant (projects:
 * `published_at`, insights: `published_date`) is at or before now. `published` with a future
 * instant is *scheduled*: it goes live at that instant without anyone acting. `archived` is kept
 * and never public. The SQL form of the rule is in ./publication.server.ts.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { isIsoDate, LONDON, londonInstant } from "~/utils/time";

/** The stored statuses (`display_status` of projects, `status` of insights). */
export type ContentStatus = "draft" | "published" | "archived";
/** What staff see: the stored status, with `published` split into live and scheduled. */
export type PublicationState = "draft" | "scheduled" | "published" | "archived";

/** The state of an item at `now` (an instant); `publishedAt` null on a published row counts as live. */
export function publicationState(status: ContentStatus, publishedAt: Date | string | null, now: Date = new Date()): PublicationState {
  if (status !== "published") return status;
  if (publishedAt && new Date(publishedAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}

/** Labels of the states, as badges show them. */
export const PUBLICATION_STATE_LABELS: Record<PublicationState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/** "23 Nov 2026, 14:05" for an instant, read on the UK clock. */
export function formatUkDateTime(value: Date | string): string {
  return format(new TZDate(new Date(value).getTime(), LONDON), "d MMM yyyy, HH:mm");
}

/** The `datetime-local` value ("2026-11-23T14:05") of an instant on the UK clock. */
export function toUkDateTimeInput(value: Date | string): string {
  return format(new TZDate(new Date(value).getTime(), LONDON), "yyyy-MM-dd'T'HH:mm");
}

/**
 * The instant of a UK wall-clock "YYYY-MM-DDTHH:mm" (a `datetime-local` value, seconds optional),
 * or null when malformed. Resolved by `londonInstant` (@date-fns/tz rules for the clock changes).
 */
export function parseUkDateTimeInput(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
  if (!m || !isIsoDate(m[1]!)) return null;
  const [h, mi, s] = m[2]!.split(":").map(Number) as [number, number, number?];
  if (h > 23 || mi > 59 || (s ?? 0) > 59) return null;
  return londonInstant(m[1]!, m[2]!.length === 5 ? `${m[2]}:00` : m[2]!);
}
