/**
 * iCalendar invitations for bookings (`shared/DESIGN.md` section 6, issue "Mail"), built with the
 * `ics` package. One stable UID per booking; SEQUENCE rises with every change mailed; METHOD is
 * REQUEST for an invitation or update and CANCEL when the booking is cancelled or moved. Start and
 * end are UTC instants derived from the slot's Europe/London wall-clock, so calendars abroad and
 * across the clock changes show the right time.
 */
import { createEvent, type DateArray, type EventAttributes } from "ics";
import { londonInstant } from "./time";

/** What an invitation needs to know about a booking. */
export type BookingInvite = {
  bookingId: string;
  /** Host name used in the UID (`booking-{id}@{host}`), e.g. the PUBLIC_URL's host. */
  uidHost: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  /** London wall-clock date (`yyyy-mm-dd`) and start time (`HH:MM[:SS]`). */
  date: string;
  startTime: string;
  /** Length of the consultation in minutes. */
  durationMinutes: number;
  title: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The video meeting link, when staff have set one: becomes LOCATION and URL. */
  meetingLink?: string | null;
};

const utcArray = (d: Date): DateArray => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

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
 * (4xx) instead of failing when the invitation is built (issue 9 item 4).
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

/**
 * The `.ics` text of one invitation (VCALENDAR with one VEVENT). Throws when `ics` rejects the
 * input (e.g. an e-mail address stored before `isCalendarEmail` was enforced); the mail builders
 * then send the message without the attachment (`booking-mail.server.ts`).
 */
export function buildBookingIcs(invite: BookingInvite): string {
  const start = londonInstant(invite.date, invite.startTime);
  const end = new Date(start.getTime() + invite.durationMinutes * 60_000);
  const attributes: EventAttributes = {
    productId: "meridian-engineering/booking",
    method: invite.method,
    uid: bookingUid(invite.bookingId, invite.uidHost),
    sequence: invite.sequence,
    start: utcArray(start),
    startInputType: "utc",
    startOutputType: "utc",
    end: utcArray(end),
    endInputType: "utc",
    endOutputType: "utc",
    title: invite.title,
    description: invite.description,
    status: invite.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    busyStatus: invite.method === "CANCEL" ? "FREE" : "BUSY",
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    attendees: [
      {
        name: invite.attendee.name,
        email: invite.attendee.email,
        rsvp: false,
        partstat: "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
    ...(invite.meetingLink ? { location: invite.meetingLink, url: invite.meetingLink } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error("Could not build the calendar invitation");
  return value;
}
