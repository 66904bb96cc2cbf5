/**
 * The bookings list's order and time filter, shared by the route
 * (parsing `?sort=&when=`) and the screen (the two selects). The spec's newest-first order and
 * "all" stay the defaults.
 */

/** `newest`: newest booked first (spec). `meeting-asc` / `meeting-desc`: by meeting date and start time. */
export const BOOKING_SORTS = ["newest", "meeting-asc", "meeting-desc"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** `upcoming`: the meeting has not ended yet; `past`: it has; `all`: both. */
export const BOOKING_WHEN = ["all", "upcoming", "past"] as const;
export type BookingWhen = (typeof BOOKING_WHEN)[number];

/** The labels of the sort select. */
export const BOOKING_SORT_LABELS: Record<BookingSort, string> = {
  newest: "Newest booked first",
  "meeting-asc": "Meeting date, soonest first",
  "meeting-desc": "Meeting date, latest first",
};

/** The labels of the time filter select. */
export const BOOKING_WHEN_LABELS: Record<BookingWhen, string> = {
  all: "All dates",
  upcoming: "Upcoming",
  past: "Past",
};

/** `?sort=` and `?when=` read leniently: anything unknown is the default. */
export function parseBookingListParams(params: URLSearchParams): { sort: BookingSort; when: BookingWhen } {
  const sort = params.get("sort");
  const when = params.get("when");
  return {
    sort: (BOOKING_SORTS as readonly string[]).includes(sort ?? "") ? (sort as BookingSort) : "newest",
    when: (BOOKING_WHEN as readonly string[]).includes(when ?? "") ? (when as BookingWhen) : "all",
  };
}
