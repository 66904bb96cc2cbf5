/**
 * The visitor's messages about their booking: the confirmation of a new booking (with the
 * invitation and the manage link), the 24-hour reminder, the cancellation (METHOD:CANCEL), the
 * confirmation by staff (updated invitation, meeting link), the notice that staff are moving it
 * and the receipt of a move the visitor made. Each returns an `OutgoingEmail` for `enqueueEmails`.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl, type EmailContent } from "~/features/mail/templates.server";
import { invitationAttachments } from "./booking-invitation.server";
import { describeWhen, whenDetails, type BookingMailData, type BookingMailSettings } from "./booking-mail.server";
import type { InviteStatus } from "./ics";

/** The visitor's manage page for a raw token. */
function manageUrl(token: string): string {
  return siteUrl(`/book-consultation/manage/${token}`);
}


type Content = Omit<EmailContent, "details">;

/** Why the visitor received a message about their own booking. */
const visitorFooter = (settings: BookingMailSettings) => `You received this e-mail because you booked a consultation with ${settings.companyName}.`;

/**
 * A message to the visitor about their booking: `content` rendered with the booking's date, time
 * and length as details, and the invitation at `ics.status`/`ics.sequence` attached when given.
 */
function visitorEmail(
  b: BookingMailData,
  settings: BookingMailSettings,
  { kind, subject, content, ics }: { kind: string; subject: string; content: Content; ics?: { status: InviteStatus; sequence: number } },
): OutgoingEmail {
  return {
    kind,
    to: b.email,
    subject,
    ...renderEmail({ ...content, details: whenDetails(b) }, settings),
    ...(ics ? { attachments: invitationAttachments(b, settings, ics.status, ics.sequence) } : {}),
  };
}

/** The meeting-link paragraph of the reminder and the staff confirmation. */
const joinParagraph = (b: BookingMailData) =>
  b.meetingLink ? `Join the meeting at the time below: ${b.meetingLink}` : "We will send you the meeting link before the call.";
const joinButton = (b: BookingMailData) => (b.meetingLink ? { button: { label: "Join meeting", url: b.meetingLink } } : {});

/** Confirmation to the visitor of a new (pending) booking, with the invitation and the manage link. */
export function confirmationEmail(b: BookingMailData, settings: BookingMailSettings, token: string): OutgoingEmail {
  return visitorEmail(b, settings, {
    kind: "booking.confirmation",
    subject: `Consultation booked: ${describeWhen(b)}`,
    content: {
      preheader: `Your consultation on ${describeWhen(b)}`,
      heading: "Your consultation is booked",
      intro: `Thank you, ${b.name}. We have received your booking for a ${b.consultationType}.`,
      paragraphs: [
        "We will review your project information before the call and send you the meeting link by e-mail. A calendar invitation is attached.",
        "We will also send you a reminder 24 hours before the consultation.",
        "If your plans change, you can reschedule or cancel the booking from the link below.",
      ],
      button: { label: "Manage your booking", url: manageUrl(token) },
      footerNote: visitorFooter(settings),
    },
    ics: { status: "TENTATIVE", sequence: b.icsSequence },
  });
}

/**
 * The reminder 24 hours before; deduplicated by `reminder:{id}:{date}T{start}`, so a booking
 * moved to another time gets one reminder for its new time.
 */
export function reminderEmail(b: BookingMailData, settings: BookingMailSettings): OutgoingEmail {
  return {
    ...visitorEmail(b, settings, {
      kind: "booking.reminder",
      subject: `Reminder: consultation ${describeWhen(b)}`,
      content: {
        preheader: `Reminder: your consultation on ${describeWhen(b)}`,
        heading: "Your consultation is tomorrow",
        intro: `Hello ${b.name}, this is a reminder of your ${b.consultationType} with ${settings.companyName}.`,
        paragraphs: [
          joinParagraph(b),
          `If you can no longer attend, please use the link in your confirmation e-mail or contact us at ${settings.email} or ${settings.phone}.`,
        ],
        ...joinButton(b),
      },
    }),
    dedupeKey: `reminder:${b.id}:${b.date}T${b.startTime}`,
  };
}

/** Cancellation to the visitor, with a METHOD:CANCEL invitation at `sequence`. */
export function cancellationEmail(
  b: BookingMailData,
  settings: BookingMailSettings,
  sequence: number,
  by: "visitor" | "staff",
): OutgoingEmail {
  return visitorEmail(b, settings, {
    kind: "booking.cancellation",
    subject: `Cancelled: consultation ${describeWhen(b)}`,
    content: {
      preheader: `Your consultation on ${describeWhen(b)} is cancelled`,
      heading: "Your consultation is cancelled",
      intro:
        by === "visitor"
          ? `Hello ${b.name}, as you asked, we have cancelled your ${b.consultationType}.`
          : `Hello ${b.name}, we are sorry: your ${b.consultationType} has been cancelled.`,
      paragraphs: [
        "The calendar entry attached removes the meeting from your calendar.",
        "You are welcome to book another time whenever suits you.",
      ],
      button: { label: "Book another time", url: siteUrl("/book-consultation") },
    },
    ics: { status: "CANCELLED", sequence },
  });
}

/**
 * Confirmation by staff, with the meeting link when set, an updated invitation at `sequence` and
 * the manage link for the raw `token` (as the booking's confirmation has): the Join meeting button
 * with Manage your booking under it, or the manage button alone while no meeting link is set.
 */
export function confirmedEmail(b: BookingMailData, settings: BookingMailSettings, sequence: number, token: string): OutgoingEmail {
  const manage = { label: "Manage your booking", url: manageUrl(token) };
  return visitorEmail(b, settings, {
    kind: "booking.confirmed",
    subject: `Confirmed: consultation ${describeWhen(b)}`,
    content: {
      preheader: `Confirmed: your consultation on ${describeWhen(b)}`,
      heading: "Your consultation is confirmed",
      intro: `Hello ${b.name}, we look forward to speaking with you.`,
      paragraphs: [
        joinParagraph(b),
        "The attached calendar invitation replaces the earlier one.",
        "If your plans change, you can reschedule or cancel the booking from the link below.",
      ],
      ...(b.meetingLink ? { ...joinButton(b), link: manage } : { button: manage }),
      footerNote: visitorFooter(settings),
    },
    ics: { status: "CONFIRMED", sequence },
  });
}

/** Notice that the booking is moved to another time; the old calendar entry is cancelled. */
export function rescheduledEmail(b: BookingMailData, settings: BookingMailSettings, sequence: number): OutgoingEmail {
  return visitorEmail(b, settings, {
    kind: "booking.rescheduled",
    subject: `Rescheduling: consultation ${describeWhen(b)}`,
    content: {
      preheader: `Your consultation on ${describeWhen(b)} is being rescheduled`,
      heading: "Your consultation is being rescheduled",
      intro: `Hello ${b.name}, your ${b.consultationType} on ${describeWhen(b)} needs to move to a different time.`,
      paragraphs: [
        "We will be in touch to agree a new time; the attached calendar entry removes the old one.",
        `You can also book a new time yourself, or contact us at ${settings.email} or ${settings.phone}.`,
      ],
      button: { label: "Book a new time", url: siteUrl("/book-consultation") },
    },
    ics: { status: "CANCELLED", sequence },
  });
}

/**
 * The visitor moved their booking from the manage link: the new time, pending again
 * until staff confirm it, with the updated invitation (same UID, `b.icsSequence`, TENTATIVE) and
 * the manage link. `previous` is the old London date and start time.
 */
export function visitorRescheduleEmail(
  b: BookingMailData,
  settings: BookingMailSettings,
  token: string,
  previous: Pick<BookingMailData, "date" | "startTime">,
): OutgoingEmail {
  return visitorEmail(b, settings, {
    kind: "booking.visitor_rescheduled",
    subject: `Consultation moved: ${describeWhen(b)}`,
    content: {
      preheader: `Your consultation is moved to ${describeWhen(b)}`,
      heading: "Your consultation has been moved",
      intro: `Hello ${b.name}, your ${b.consultationType} is moved from ${describeWhen(previous)} to the new time below.`,
      paragraphs: [
        "We will confirm the new time and send you the meeting link by e-mail. The attached calendar invitation replaces the earlier one.",
        "If your plans change again, you can reschedule or cancel the booking from the link below.",
      ],
      button: { label: "Manage your booking", url: manageUrl(token) },
      footerNote: visitorFooter(settings),
    },
    ics: { status: "TENTATIVE", sequence: b.icsSequence },
  });
}
