/**
 * Reads an engineer's calendar over the network and returns its busy intervals: an ICS
 * subscription address with one GET, or a CalDAV account through tsdav (every calendar of the
 * account that holds events, with a server-side time-range query; recurrences are expanded here by
 * `ical.ts`, not by the server, so servers that expand badly or not at all read the same). The
 * iCalendar text of both is parsed and expanded on a worker thread within a time and memory budget
 * (`ics-pool.server.ts`), never on the thread that answers requests; an ICS address is downloaded
 * by that worker thread too (`readIcsInWorker`), so its body never reaches this thread. CalDAV's
 * requests are made here (tsdav), their objects expanded by `expandInWorker`.
 *
 * Every request goes through the SSRF guard, `guardedFetch` here or `guardedRequest` on the worker
 * (https and public addresses only unless `CALENDAR_ALLOW_PRIVATE=true`; each address checked
 * where the socket connects; at most `MAX_CALENDAR_BYTES` per response and `READ_TIMEOUT_MS` per
 * request). Failures become a
 * {@link CalendarReadError} whose message is short, for people, and holds no secret (never the
 * ICS address, which is itself a secret, nor a password).
 */
import { DAVClient, type DAVCalendar } from "tsdav";
import { env } from "~/utils/env.server";
import { guardedFetch, OutboundError } from "~/utils/public-address.server";
import { CalendarFormatError, type BusyInterval, type OwnEvents, type TimeWindow } from "./ical";
import { expandInWorker, ICS_READ_BUDGET, readIcsInWorker } from "./ics-pool.server";
import { normaliseCalendarUrl } from "./schema";

/** Largest calendar (an ICS body, or one CalDAV response) read: 5 MB. */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** Longest one read may take, every request of it together, in ms. */
export const READ_TIMEOUT_MS = 30_000;

/**
 * The UIDs of this site's booking events (`bookingUid`: `booking-{id}@{PUBLIC_URL's host name}`),
 * which a read does not count as busy: the booking side counts the bookings themselves, and an
 * engineer must stay free to take their own booking again (ADR 42).
 */
function ownEvents(): OwnEvents {
  return { uidPrefix: "booking-", uidSuffix: `@${new URL(env.PUBLIC_URL).hostname}` };
}

/** Where a calendar is read from, secrets in the clear (only ever in memory). */
export type CalendarSource =
  | { kind: "ics"; url: string }
  | { kind: "caldav"; serverUrl: string; username: string; password: string };

/** A calendar could not be read; `message` is for people and names no secret. */
export class CalendarReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarReadError";
  }
}

/**
 * A `fetch` through the SSRF guard, bound to the calendar limits (`maxBytes` per response, default
 * {@link MAX_CALENDAR_BYTES}; {@link READ_TIMEOUT_MS} for every request it makes together) and the
 * `CALENDAR_ALLOW_PRIVATE` setting. One per read or write.
 */
export function calendarFetch(allowPrivate: boolean, maxBytes: number = MAX_CALENDAR_BYTES): typeof fetch {
  const deadline = AbortSignal.timeout(READ_TIMEOUT_MS);
  return ((input: string | URL | Request, init?: RequestInit) =>
    guardedFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline }, { allowPrivate, maxBytes, timeoutMs: READ_TIMEOUT_MS })) as typeof fetch;
}

/** The headers of an ICS address's GET. */
const ICS_HEADERS = { accept: "text/calendar, */*;q=0.5", "user-agent": "Meridian-Engineering-Calendar/1.0" };

/**
 * Reads the ICS address `url` on the calendar worker thread: the download (through the guard,
 * within {@link MAX_CALENDAR_BYTES} and {@link READ_TIMEOUT_MS}) as well as the parse.
 */
function readIcs(url: string, window: TimeWindow, allowPrivate: boolean): Promise<BusyInterval[]> {
  return readIcsInWorker({ url, headers: ICS_HEADERS, allowPrivate, maxBytes: MAX_CALENDAR_BYTES, timeoutMs: READ_TIMEOUT_MS }, window, ICS_READ_BUDGET, ownEvents());
}

/** A CalDAV account's credentials, secrets in the clear (only ever in memory). */
export type CaldavSource = Extract<CalendarSource, { kind: "caldav" }>;

/**
 * The event calendars of the CalDAV account `source` (task lists and Nextcloud's generated
 * birthdays left out), in the server's order, and the signed-in tsdav client that found them,
 * every request through `fetch` (see {@link calendarFetch}). Throws {@link CalendarReadError}
 * when the server refuses the credentials, is no CalDAV server or the account has no event
 * calendar, and `OutboundError` when the guard or the network stops a request.
 */
export async function caldavCalendars(source: CaldavSource, fetch: typeof globalThis.fetch): Promise<{ client: DAVClient; calendars: DAVCalendar[] }> {
  const client = new DAVClient({
    serverUrl: source.serverUrl,
    credentials: { username: source.username, password: source.password },
    authMethod: "Basic",
    defaultAccountType: "caldav",
    fetch,
  });
  try {
    await client.login();
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const text = error instanceof Error ? error.message : "";
    throw new CalendarReadError(/401|credentials/i.test(text) ? "The server refused the user name or app password." : "No CalDAV calendars were found at that server address.");
  }
  const calendars = (await client.fetchCalendars()).filter(
    // Events only (not task lists), and not a generated birthdays calendar (Nextcloud).
    (c) => (c.components?.length ? c.components.includes("VEVENT") : true) && !/contact_birthdays\/?$/.test(c.url),
  );
  if (calendars.length === 0) throw new CalendarReadError("That account has no calendars with events.");
  return { client, calendars };
}

async function readCaldav(source: CaldavSource, window: TimeWindow, allowPrivate: boolean): Promise<BusyInterval[]> {
  const { client, calendars } = await caldavCalendars(source, calendarFetch(allowPrivate));
  const texts: string[] = [];
  for (const calendar of calendars) {
    const objects = await client.fetchCalendarObjects({ calendar, timeRange: { start: window.start.toISOString(), end: window.end.toISOString() } });
    for (const object of objects) if (typeof object.data === "string" && object.data) texts.push(object.data);
  }
  return expandInWorker(texts, window, ICS_READ_BUDGET, ownEvents());
}

/**
 * The busy intervals of `source` within `window` (instants, half-open, merged; see
 * `busyIntervalsFromIcs`). Throws {@link CalendarReadError} for anything that stops the read: an
 * address refused by the SSRF guard, a server that cannot be reached, answers an error, takes too
 * long, sends too much, sends something that is not a calendar, or a calendar whose reading goes
 * over its budget (the message says so).
 */
export async function readBusyIntervals(source: CalendarSource, window: TimeWindow, allowPrivate: boolean = env.CALENDAR_ALLOW_PRIVATE): Promise<BusyInterval[]> {
  try {
    return source.kind === "ics" ? await readIcs(normaliseCalendarUrl(source.url), window, allowPrivate) : await readCaldav(source, window, allowPrivate);
  } catch (error) {
    if (error instanceof CalendarReadError) throw error;
    if (error instanceof OutboundError || error instanceof CalendarFormatError) throw new CalendarReadError(error.message);
    throw new CalendarReadError("The calendar could not be read.");
  }
}
