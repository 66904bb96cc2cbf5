/**
 * A booking's calendar invitation (`.ics`): the visitor's copy, the engineer's copy (the same UID
 * and SEQUENCE, the engineer as ORGANIZER) and the attachment a message carries, whose STATUS
 * tells the truth about the booking (TENTATIVE pending, CONFIRMED, CANCELLED with METHOD:CANCEL);
 * and the engineer's copy as an object for their own calendar (`engineerCalendarObject`).
 */
import { mailFromAddress } from "~/features/mail/transport.server";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { m } from "~/utils/paraglide/messages";
import type { BookingMailData, BookingMailSettings } from "./booking-mail.server";
import { buildBookingIcs, buildCalendarObject, uidHostOf, type BookingEvent, type InviteStatus } from "../core/index.server";

/**
 * The `.ics` text of the booking's invitation at `status`/`sequence`, exactly as a message
 * attaches it (and as the booking success screen offers it for download): UID host
 * from PUBLIC_URL, ORGANIZER the From address, the visitor as attendee, a summary and a
 * description (saying whether the booking awaits confirmation) in the language the visitor booked
 * in. Throws when the calendar library refuses the data.
 */
export function bookingInvitationIcs(b: BookingMailData, settings: BookingMailSettings, status: InviteStatus, sequence: number, engineer?: Contact): string {
  if (engineer) return engineerInvitationIcs(b, settings, status, sequence, engineer);
  const from = mailFromAddress();
  const locale = { locale: b.language };
  const company = settings.companyName;
  return buildBookingIcs({
    ...invitationEvent(b, status, sequence),
    title: m.ics_title({ type: b.consultationType, company }, locale),
    description: b.meetingLink
      ? m.ics_join({ company, link: b.meetingLink }, locale)
      : status === "TENTATIVE"
        ? m.ics_awaiting({ company }, locale)
        : m.ics_link_follows({ company }, locale),
    organizer: { name: from.name || settings.companyName, email: from.address },
    attendee: { name: b.name, email: b.email },
    meetingLink: b.meetingLink,
  });
}

/** What the visitor's and the engineer's invitations share: one UID, SEQUENCE, status and time. */
function invitationEvent(b: BookingMailData, status: InviteStatus, sequence: number) {
  return { bookingId: b.id, uidHost: uidHostOf(env.PUBLIC_URL), sequence, status, date: b.date, startTime: b.startTime, durationMinutes: b.durationMinutes };
}

/** A person to write to: name and e-mail address. */
export type Contact = { name: string; email: string };

/**
 * The engineer's copy of a booking's invitation: the same UID and SEQUENCE as the visitor's, the
 * engineer as ORGANIZER (it is their meeting), the visitor as attendee, the meeting link as
 * LOCATION. Throws when the calendar library refuses the data.
 */
function engineerInvitationIcs(b: BookingMailData, settings: BookingMailSettings, status: InviteStatus, sequence: number, engineer: Contact): string {
  return buildBookingIcs({ ...engineerEvent(b, settings, status, sequence), organizer: engineer, attendee: { name: b.name, email: b.email } });
}

/** The engineer's event of a booking: title with the visitor's name and company, the meeting link or when it comes. */
function engineerEvent(b: BookingMailData, settings: BookingMailSettings, status: InviteStatus, sequence: number): BookingEvent {
  return {
    ...invitationEvent(b, status, sequence),
    title: `${b.consultationType}: ${b.name}${b.companyName ? ` (${b.companyName})` : ""}`,
    description: b.meetingLink
      ? `Consultation booked through the ${settings.companyName} website. Meeting link: ${b.meetingLink}`
      : `Consultation booked through the ${settings.companyName} website. The meeting link is made when staff confirm it.`,
    meetingLink: b.meetingLink,
  };
}

/**
 * The booking as an event in the engineer's own calendar (`buildCalendarObject`): the engineer's
 * copy of the invitation (same UID, SEQUENCE, STATUS, title and description) without ORGANIZER and
 * ATTENDEE, so the calendar server sends no invitation of its own to the visitor. Throws when the
 * calendar library refuses the data.
 */
export function engineerCalendarObject(b: BookingMailData, settings: BookingMailSettings, status: InviteStatus, sequence: number): string {
  return buildCalendarObject(engineerEvent(b, settings, status, sequence));
}

/**
 * A message's `.ics` attachment ({@link bookingInvitationIcs}), as a list of zero or one.
 * STATUS tells the truth about the booking (TENTATIVE pending, CONFIRMED, CANCELLED with
 * METHOD:CANCEL). When the calendar library refuses the booking's data the error is logged and
 * the message goes without the invitation: a booking or status change never fails because of it.
 */
export function invitationAttachments(b: BookingMailData, settings: BookingMailSettings, status: InviteStatus, sequence: number, engineer?: Contact) {
  const method = status === "CANCELLED" ? "CANCEL" : "REQUEST";
  let content: string;
  try {
    content = bookingInvitationIcs(b, settings, status, sequence, engineer);
  } catch (error) {
    logger.error({ err: error, bookingId: b.id, method }, "calendar invitation could not be built; mailing without it");
    return [];
  }
  return [
    {
      filename: method === "CANCEL" ? "cancelled-consultation.ics" : "consultation.ics",
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    },
  ];
}

