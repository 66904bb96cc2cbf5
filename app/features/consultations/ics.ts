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

/**
 * The `.ics` text of one invitation (VCALENDAR with one VEVENT). Throws when `ics` rejects the
 * input (e.g. a malformed e-mail address), which callers treat as a programming error.
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
