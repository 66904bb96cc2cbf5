/**
 * The e-mail telling an engineer of a booking they take, or no longer take, with their copy of the
 * booking's invitation; engineer-notices.server.ts decides which engineers are told of a change.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import { describeWhen, visitorContactRows, visitorLanguageRows, whenDetails, type BookingMailData, type BookingMailSettings } from "./booking-mail.server";
import { invitationAttachments, type Contact } from "./booking-invitation.server";
import type { InviteStatus } from "../core/index.server";

/**
 * The engineer who takes a booking is told of it: `status` TENTATIVE (assigned, pending),
 * CONFIRMED (confirmed by staff, with the meeting link) or CANCELLED (cancelled, moved away or
 * given to someone else: METHOD:CANCEL), with their copy of the invitation at `sequence` (same
 * UID as the visitor's; ORGANIZER the engineer).
 */
export function engineerEmail(b: BookingMailData, settings: BookingMailSettings, engineer: Contact, status: InviteStatus, sequence: number): OutgoingEmail {
  const cancelled = status === "CANCELLED";
  const content = renderEmail(
    {
      preheader: cancelled ? `No longer yours: ${b.name}, ${describeWhen(b)}` : `${b.name}, ${describeWhen(b)}`,
      heading: cancelled ? "A consultation is off your diary" : status === "CONFIRMED" ? "Your consultation is confirmed" : "A consultation is booked with you",
      intro: cancelled
        ? `Hello ${engineer.name}, the ${b.consultationType} with ${b.name} on ${describeWhen(b)} is no longer yours: it was cancelled, moved or given to someone else.`
        : `Hello ${engineer.name}, you take the ${b.consultationType} with ${b.name} on ${describeWhen(b)}.`,
      paragraphs: cancelled
        ? ["The attached calendar entry removes it from your calendar."]
        : [
            b.meetingLink ? `Meeting link: ${b.meetingLink}` : "The meeting link is made when the booking is confirmed.",
            "The attached calendar invitation adds it to your calendar (or replaces the earlier copy).",
          ],
      details: [
        ...whenDetails(b),
        ...visitorContactRows(b),
        ...visitorLanguageRows(b),
      ],
      button: { label: "Open consultations", url: siteUrl("/admin/consultations") },
      footerNote: "You receive these e-mails because you take consultations.",
    },
    settings,
  );
  return {
    kind: cancelled ? "booking.engineer_cancelled" : "booking.engineer_assigned",
    to: engineer.email,
    replyTo: b.email,
    subject: cancelled ? `Off your diary: ${b.name}, ${describeWhen(b)}` : `${status === "CONFIRMED" ? "Confirmed" : "Booked with you"}: ${b.name}, ${describeWhen(b)}`,
    ...content,
    attachments: invitationAttachments(b, settings, status, sequence, engineer),
  };
}
