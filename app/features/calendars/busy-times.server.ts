/**
 * Busy times of staff calendars: a stand-in until each engineer's calendar connection (ICS or
 * CalDAV) is built. Answers every user as free (absent from the map).
 */

/**
 * The busy intervals of `userIds` (admin user ids) overlapping `range` (UTC instants, half-open).
 * `failing` true means the calendar could not be read for longer than its refresh window: that
 * engineer offers nothing (fail closed). A user absent from the map is free.
 */
export async function busyIntervalsFor(userIds: string[], range: { start: Date; end: Date }): Promise<Map<string, { busy: Array<{ start: Date; end: Date }>; failing: boolean }>> {
  void userIds;
  void range;
  return new Map();
}
