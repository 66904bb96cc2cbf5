/**
 * iCalendar for bookings (`docs/design.md` section 6; invitations that tell
 * the truth), built with the `ics` package. One stable UID per booking; SEQUENCE rises with every
 * change mailed. An invitation's STATUS says what the booking is: TENTATIVE while pending,
 * CONFIRMED once staff confirm it, CANCELLED (with METHOD:CANCEL) when it is cancelled or moved
 * away. Start and end are UTC instants derived from the slot's Europe/London wall-clock, so
 * calendars abroad and across the clock changes show the right time.
 */
import { createEvent, createEvents, type DateArray, type EventAttributes } from "ics";
import { stripControlCharacters } from "~/utils/fields";
import { londonInstant } from "~/utils/time";

/** The event's STATUS (RFC 5545 section 3.8.1.11). */
export type InviteStatus = "TENTATIVE" | "CONFIRMED" | "CANCELLED";

/** One booking as a calendar event. */
export type BookingEvent = {
  bookingId: string;
  /** Host name used in the UID (`booking-{id}@{host}`): the PUBLIC_URL's host name, no port. */
  uidHost: string;
  sequence: number;
  status: InviteStatus;
  /** London wall-clock date (`yyyy-mm-dd`) and start time (`HH:MM[:SS]`). */
  date: string;
  startTime: string;
  /** Length of the consultation in minutes. */
  durationMinutes: number;
  title: string;
  description: string;
  /**
   * Must be the address the mail is sent From, so calendars accept updates from it. Left out of
   * a subscription feed's events (they are published, not sent as invitations).
   */
  organizer?: { name: string; email: string };
  /** The visitor, on an e-mailed invitation; left out of a subscription feed's events. */
  attendee?: { name: string; email: string };
  /** The video meeting link, when staff have set one: becomes LOCATION (and URL unless `url` is given). */
  meetingLink?: string | null;
  /** URL property; defaults to the meeting link. */
  url?: string | null;
};

/**
 * An e-mailed invitation: one event with its organizer and attendee; the iTIP method follows its
 * status (CANCEL when cancelled).
 */
export type BookingInvite = BookingEvent & Required<Pick<BookingEvent, "organizer" | "attendee">>;

const utcArray = (d: Date): DateArray => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

const PRODUCT_ID = "meridian-engineering/booking";

/** The stable UID of a booking's calendar event. */
export function bookingUid(bookingId: string, uidHost: string): string {
  return `booking-${bookingId}@${uidHost}`;
}

/** A minimal valid event, to ask `ics` itself whether it accepts one field's value. */
const PROBE: EventAttributes = { start: [2030, 1, 1, 9, 0], startInputType: "utc", duration: { minutes: 30 } };

/**
 * Whether `ics` accepts `email` as an attendee's or organiser's address (its own rule, stricter
 * than Zod's `z.email()`: e.g. no domain label over 63 characters or ending in "-").
 * The booking and admin Zod schemas refine with this, so an address is refused as bad input
 * (4xx) instead of failing when the invitation is built.
 */
export function isCalendarEmail(email: string): boolean {
  return !createEvent({ ...PROBE, attendees: [{ name: "Probe", email }] }).error;
}

/**
 * Whether `ics` accepts `url` as an event's URL (its own rule: e.g. a lowercase host, no
 * whitespace, a port of 2 to 5 digits). Give it a URL normalised by `new URL(url).href`.
 */
export function isCalendarUrl(url: string): boolean {
  return !createEvent({ ...PROBE, url }).error;
}

/** The UID host of a public URL: its host name without the port (`https://a.example:8443` -> `a.example`). */
export function uidHostOf(publicUrl: string): string {
  return new URL(publicUrl).hostname;
}

/** A one-line calendar value: no control characters (`ics` passes a CR through unescaped). */
const line = (value: string) => stripControlCharacters(value);
/** A parameter value (`CN`): one line, and no DQUOTE, which a quoted parameter cannot hold (RFC 5545 3.1). */
const parameter = (value: string) => line(value).replaceAll('"', "'");

function eventAttributes(e: BookingEvent): EventAttributes {
  const start = londonInstant(e.date, e.startTime);
  const end = new Date(start.getTime() + e.durationMinutes * 60_000);
  const url = e.url ?? e.meetingLink;
  const meetingLink = e.meetingLink ? line(e.meetingLink) : null;
  return {
    productId: PRODUCT_ID,
    uid: bookingUid(e.bookingId, e.uidHost),
    sequence: e.sequence,
    start: utcArray(start),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcArray(end),
    endInputType: "utc",
    endOutputType: "utc",
    title: line(e.title),
    // Multi-line: `ics` escapes LF as \n; a CR is removed first.
    description: stripControlCharacters(e.description, { multiline: true }),
    status: e.status,
    busyStatus: e.status === "CANCELLED" ? "FREE" : e.status === "TENTATIVE" ? "TENTATIVE" : "BUSY",
    ...(e.organizer ? { organizer: { name: parameter(e.organizer.name), email: line(e.organizer.email) } } : {}),
    ...(e.attendee
      ? {
          attendees: [
            {
              name: parameter(e.attendee.name),
              email: line(e.attendee.email),
              rsvp: false,
              partstat: e.status === "TENTATIVE" ? ("TENTATIVE" as const) : ("ACCEPTED" as const),
              role: "REQ-PARTICIPANT" as const,
            },
          ],
        }
      : {}),
    ...(meetingLink ? { location: meetingLink } : {}),
    ...(url ? { url: line(url) } : {}),
  };
}

/**
 * The `.ics` text of one e-mailed invitation (VCALENDAR with one VEVENT): METHOD:CANCEL when
 * the status is CANCELLED, else METHOD:REQUEST. Throws when `ics` rejects the input (e.g. a
 * malformed e-mail address), which callers treat as a programming error.
 */
export function buildBookingIcs(invite: BookingInvite): string {
  const method = invite.status === "CANCELLED" ? "CANCEL" : "REQUEST";
  const { error, value } = createEvent({ ...eventAttributes(invite), method });
  if (error || !value) throw error ?? new Error("Could not build the calendar invitation");
  return value;
}

/**
 * One event as a calendar object resource for a CalDAV calendar (a VCALENDAR with one VEVENT and
 * no METHOD, which RFC 4791 forbids there). Leave out ORGANIZER and ATTENDEE, or the server may
 * send invitations of its own. Throws when `ics` rejects the input.
 */
export function buildCalendarObject(event: BookingEvent): string {
  const { error, value } = createEvent({ ...eventAttributes(event), method: "" });
  if (error || !value) throw error ?? new Error("Could not build the calendar event");
  return value;
}

/**
 * A subscription calendar (METHOD:PUBLISH, named `calName`) holding `events`; an empty list gives
 * a valid calendar with no events. Throws when `ics` rejects an event.
 */
export function buildCalendarFeed(calName: string, events: BookingEvent[]): string {
  const { error, value } = createEvents(events.map(eventAttributes), { productId: PRODUCT_ID, method: "PUBLISH", calName: line(calName) });
  if (error || !value) throw error ?? new Error("Could not build the calendar feed");
  return value;
}
