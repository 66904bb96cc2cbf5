/**
 * Writes one booking's event into an engineer's CalDAV calendar, or removes it, through tsdav
 * (`createCalendarObject`, `updateCalendarObject`, `deleteCalendarObject`), and never over a
 * change the engineer made by hand:
 *
 * - The first write goes into the account's first event calendar (the server's order, as the read
 *   finds them) as `booking-{id}.ics`, with `If-None-Match: *`. Later writes go to the same address.
 * - Before updating or deleting, the object on the server is fetched. When its ETag is the one our
 *   last write left, it is ours. Otherwise its event is read back (on the calendar worker thread,
 *   `readEventInWorker`) and compared with what we last wrote (start, end, STATUS): the same times
 *   mean the server only rewrote it (it is still ours); other times mean the engineer moved it; no
 *   such object, or no such event, or STATUS:CANCELLED means they deleted it. A hand change is
 *   answered, not overwritten. The update or delete itself carries `If-Match`, so a change made in
 *   between fails the write (to be tried again) rather than being lost.
 * - Every request goes through the SSRF guard (`calendarFetch`: public https addresses unless
 *   `CALENDAR_ALLOW_PRIVATE=true`, checked where the socket connects); a fetched object is read up
 *   to {@link MAX_EVENT_BYTES}, an ETag up to {@link MAX_ETAG_LENGTH} characters.
 *
 * Failures are {@link CalendarWriteError}s with a short message for people, never a secret.
 */
import { createCalendarObject, deleteCalendarObject, updateCalendarObject } from "tsdav";
import { env } from "~/utils/env.server";
import { OutboundError } from "~/utils/public-address.server";
import { CalendarFormatError, type EventTimes } from "./ical";
import { readEventInWorker } from "./ics-pool.server";
import { CalendarReadError, caldavCalendars, calendarFetch, type CaldavSource } from "./read.server";
import { statusMessage } from "./status-message";

/** Largest calendar object read back to compare with what we wrote: 256 KB. */
export const MAX_EVENT_BYTES = 256 * 1024;
/** Longest ETag kept; a longer one is treated as none (the event is then compared by its times). */
export const MAX_ETAG_LENGTH = 256;

/** A write could not be done now (the server is down, refused, or the event changed meanwhile); `message` is for people. */
export class CalendarWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarWriteError";
  }
}

/** What is to be done for one booking on one calendar, and what our last write left there. */
export type EventWrite = {
  bookingId: string;
  uid: string;
  action: "put" | "delete";
  /** The calendar object to write (put only). */
  ics: string | null;
  /** Where our last write put the event and the ETag it left; null before the first write. */
  href: string | null;
  etag: string | null;
  /** The times and STATUS our last write gave the event; null before the first write. */
  written: EventTimes | null;
};

/**
 * What a write did: the event is written (where, its ETag when the server gave one), removed (or
 * was never there), or the engineer changed it by hand (moved to `start`-`end`, or deleted) and
 * it was left as it is.
 */
export type WriteOutcome =
  | { kind: "written"; href: string; etag: string | null }
  | { kind: "removed" }
  | { kind: "hand-changed"; change: "moved"; start: Date; end: Date }
  | { kind: "hand-changed"; change: "deleted" };

/** An ETag header within bounds, or null. */
function etagOf(response: Response): string | null {
  const etag = response.headers.get("etag");
  return etag && etag.length <= MAX_ETAG_LENGTH ? etag : null;
}

/** Throws the message for people of a refused or failed answer. */
function refused(response: Response): never {
  if (response.status === 412) throw new CalendarWriteError("The event changed in the calendar while it was being written. It will be looked at again.");
  throw new CalendarWriteError(statusMessage(response.status, "caldav"));
}

/** How the object at `href` stands against what we last wrote. */
type Found = { kind: "ours"; etag: string | null } | { kind: "moved"; start: Date; end: Date } | { kind: "deleted" };

/**
 * Fetches the object at `href` and judges it (see the module docstring): ours (with its current
 * ETag), moved by hand, or deleted by hand.
 */
async function look(write: EventWrite, fetch: typeof globalThis.fetch, auth: Record<string, string>): Promise<Found> {
  const response = await fetch(write.href!, { method: "GET", headers: { ...auth, accept: "text/calendar" } });
  if (response.status === 404 || response.status === 410) return { kind: "deleted" };
  if (!response.ok) refused(response);
  const etag = etagOf(response);
  const text = await response.text();
  if (etag && write.etag && etag === write.etag) return { kind: "ours", etag };
  const event = await readEventInWorker(text, write.uid);
  if (!event || event.status === "CANCELLED") return { kind: "deleted" };
  const written = write.written;
  if (!written || (event.start.getTime() === written.start.getTime() && event.end.getTime() === written.end.getTime())) return { kind: "ours", etag };
  return { kind: "moved", start: event.start, end: event.end };
}

/**
 * Carries out `write` on the CalDAV account `source` (see the module docstring). Throws
 * {@link CalendarWriteError} when it cannot be done now: the address is refused by the SSRF guard,
 * the server cannot be reached, refuses the credentials, answers an error, sends too much, sends
 * something that is not iCalendar, or the event changed while it was written.
 */
export async function writeEvent(source: CaldavSource, write: EventWrite, allowPrivate: boolean = env.CALENDAR_ALLOW_PRIVATE): Promise<WriteOutcome> {
  const fetch = calendarFetch(allowPrivate, MAX_EVENT_BYTES);
  const auth = { authorization: `Basic ${Buffer.from(`${source.username}:${source.password}`).toString("base64")}` };
  try {
    if (write.action === "delete") {
      if (!write.href) return { kind: "removed" };
      const found = await look(write, fetch, auth);
      if (found.kind === "deleted") return { kind: "removed" };
      if (found.kind === "moved") return { kind: "hand-changed", change: "moved", start: found.start, end: found.end };
      const response = await deleteCalendarObject({ calendarObject: { url: write.href, etag: found.etag ?? undefined }, headers: auth, fetch });
      if (!response.ok && response.status !== 404 && response.status !== 410) refused(response);
      return { kind: "removed" };
    }
    if (!write.ics) throw new TypeError("A calendar write to put has no event");
    if (!write.href) {
      const { calendars } = await caldavCalendars(source, fetch);
      const calendar = calendars[0]!;
      const filename = `booking-${write.bookingId}.ics`;
      const href = new URL(filename, calendar.url.endsWith("/") ? calendar.url : `${calendar.url}/`).href;
      const response = await createCalendarObject({ calendar, filename, iCalString: write.ics, headers: auth, fetch });
      // 412: an object of that name is there already (an earlier write whose answer was lost): it is ours, update it.
      if (response.status !== 412) {
        if (!response.ok) refused(response);
        return { kind: "written", href, etag: etagOf(response) };
      }
      return await update({ ...write, href, etag: null, written: null }, fetch, auth);
    }
    return await update(write, fetch, auth);
  } catch (error) {
    if (error instanceof CalendarWriteError) throw error;
    if (error instanceof OutboundError || error instanceof CalendarReadError || error instanceof CalendarFormatError) throw new CalendarWriteError(error.message);
    throw new CalendarWriteError("The calendar could not be written.");
  }
}

/** Updates the event at `write.href` unless it was changed by hand. */
async function update(write: EventWrite, fetch: typeof globalThis.fetch, auth: Record<string, string>): Promise<WriteOutcome> {
  const found = await look(write, fetch, auth);
  if (found.kind === "deleted") return { kind: "hand-changed", change: "deleted" };
  if (found.kind === "moved") return { kind: "hand-changed", change: "moved", start: found.start, end: found.end };
  const response = await updateCalendarObject({ calendarObject: { url: write.href!, data: write.ics!, etag: found.etag ?? undefined }, headers: auth, fetch });
  if (!response.ok) refused(response);
  return { kind: "written", href: write.href!, etag: etagOf(response) };
}
