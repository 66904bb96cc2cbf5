/**
 * The booking's messages (`docs/design.md` section 6, "Mail"): confirmation to the
 * visitor (with an `.ics` invitation and the manage link), notification to staff, the 24-hour
 * reminder, cancellation (METHOD:CANCEL), confirmed-with-meeting-link (updated invitation) and
 * rescheduled. Each returns an `OutgoingEmail` for `enqueueEmails`; nothing is sent here. Times are
 * written in UK time with the zone named (GMT or BST on that day).
 */
import type { consultationBookings } from "~/db/schema";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl, type EmailContent } from "~/features/mail/templates.server";
import type { SiteSettings } from "~/features/settings/schema";
import { env } from "~/utils/env.server";
import { mailFromAddress } from "~/features/mail/transport.server";
import { logger } from "~/utils/logger.server";
import { buildBookingIcs, uidHostOf, type InviteStatus } from "./ics";
import { formatLongDate, formatTime24, ukZoneLabel } from "~/utils/format";
import { londonInstant } from "~/utils/time";

/** What the messages need to know about a booking and its slot (London wall-clock date and time). */
export type BookingMailData = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  consultationType: string;
  durationMinutes: number;
  projectType: string | null;
  projectDescription: string | null;
  timeline: string | null;
  budgetRange: string | null;
  specialRequirements: string | null;
  meetingLink: string | null;
  /** SEQUENCE the attached invitation carries. */
  icsSequence: number;
  date: string;
  startTime: string;
};

/**
 * The mail data of a booking row and its slot (`date` YYYY-MM-DD, `startTime`/`endTime`
 * HH:MM[:SS], London wall-clock). The length is the booking's stored `duration_minutes`, or the
 * slot's length for a row without one.
 */
export function bookingMailData(
  b: typeof consultationBookings.$inferSelect,
  slot: { date: string; startTime: string; endTime: string },
): BookingMailData {
  const durationMinutes = bookingDurationMinutes(b.durationMinutes, slot);
  return {
    id: b.id,
    name: b.name,
    email: b.email,
    phone: b.phone,
    companyName: b.companyName,
    consultationType: b.consultationType,
    durationMinutes,
    projectType: b.projectType,
    projectDescription: b.projectDescription,
    timeline: b.timeline,
    budgetRange: b.budgetRange,
    specialRequirements: b.specialRequirements,
    meetingLink: b.meetingLink,
    icsSequence: b.icsSequence,
    date: slot.date,
    startTime: slot.startTime,
  };
}

/**
 * A booking's length in minutes: its stored `duration_minutes`, or for a row older than that
 * column the length of its slot (London wall-clock `date`, `startTime`, `endTime`).
 */
export function bookingDurationMinutes(
  stored: number | null,
  slot: { date: string; startTime: string; endTime: string },
): number {
  return (
    stored ??
    Math.round((londonInstant(slot.date, slot.endTime).getTime() - londonInstant(slot.date, slot.startTime).getTime()) / 60_000)
  );
}

type Settings = Pick<SiteSettings, "companyName" | "email" | "phone" | "location" | "notificationRecipients"> & { address?: readonly string[] };

/** The visitor's manage page for a raw token. */
export function manageUrl(token: string): string {
  return siteUrl(`/book-consultation/manage/${token}`);
}

/** "Monday 31 March 2025 at 09:00 UK time (BST)". */
export function describeWhen(b: Pick<BookingMailData, "date" | "startTime">): string {
  return `${formatLongDate(b.date)} at ${formatTime24(b.startTime)} ${ukZoneLabel(b.date, b.startTime)}`;
}

function whenDetails(b: BookingMailData): [string, string][] {
  return [
    ["Consultation", b.consultationType],
    ["Date", formatLongDate(b.date)],
    ["Time", `${formatTime24(b.startTime)} ${ukZoneLabel(b.date, b.startTime)}`],
    ["Duration", `${b.durationMinutes} minutes`],
  ];
}

/**
 * The `.ics` text of the booking's invitation at `status`/`sequence`, exactly as a message
 * attaches it (and as the booking success screen offers it for download): UID host
 * from PUBLIC_URL, ORGANIZER the From address, the visitor as attendee, a description saying
 * whether the booking awaits confirmation. Throws when the calendar library refuses the data.
 */
export function bookingInvitationIcs(b: BookingMailData, settings: Settings, status: InviteStatus, sequence: number, engineer?: Contact): string {
  if (engineer) return engineerInvitationIcs(b, settings, status, sequence, engineer);
  const from = mailFromAddress();
  return buildBookingIcs({
    ...invitationEvent(b, status, sequence),
    title: `${b.consultationType} with ${settings.companyName}`,
    description: b.meetingLink
      ? `Your consultation with ${settings.companyName}. Join the meeting: ${b.meetingLink}`
      : status === "TENTATIVE"
        ? `Your consultation with ${settings.companyName}, awaiting our confirmation. The meeting link will follow by e-mail.`
        : `Your consultation with ${settings.companyName}. The meeting link will follow by e-mail.`,
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
function engineerInvitationIcs(b: BookingMailData, settings: Settings, status: InviteStatus, sequence: number, engineer: Contact): string {
  return buildBookingIcs({
    ...invitationEvent(b, status, sequence),
    title: `${b.consultationType}: ${b.name}${b.companyName ? ` (${b.companyName})` : ""}`,
    description: b.meetingLink
      ? `Consultation booked through the ${settings.companyName} website. Meeting link: ${b.meetingLink}`
      : `Consultation booked through the ${settings.companyName} website. The meeting link is made when staff confirm it.`,
    organizer: engineer,
    attendee: { name: b.name, email: b.email },
    meetingLink: b.meetingLink,
  });
}

/**
 * The message's `.ics` attachment ({@link bookingInvitationIcs}), as a list of zero or one.
 * STATUS tells the truth about the booking (TENTATIVE pending, CONFIRMED, CANCELLED with
 * METHOD:CANCEL). When the calendar library refuses the booking's data the error is logged and
 * the message goes without the invitation: a booking or status change never fails because of it.
 */
function invite(b: BookingMailData, settings: Settings, status: InviteStatus, sequence: number, engineer?: Contact) {
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

type Content = Omit<EmailContent, "details">;

/** Why the visitor received a message about their own booking. */
const visitorFooter = (settings: Settings) => `You received this e-mail because you booked a consultation with ${settings.companyName}.`;

/**
 * A message to the visitor about their booking: `content` rendered with the booking's date, time
 * and length as details, and the invitation at `ics.status`/`ics.sequence` attached when given.
 */
function visitorEmail(
  b: BookingMailData,
  settings: Settings,
  { kind, subject, content, ics }: { kind: string; subject: string; content: Content; ics?: { status: InviteStatus; sequence: number } },
): OutgoingEmail {
  return {
    kind,
    to: b.email,
    subject,
    ...renderEmail({ ...content, details: whenDetails(b) }, settings),
    ...(ics ? { attachments: invite(b, settings, ics.status, ics.sequence) } : {}),
  };
}

/**
 * One message per staff recipient (`notificationRecipients`), replying to the visitor, with the
 * button to the consultations screen and the recipients' footer.
 */
function staffEmails(
  b: BookingMailData,
  settings: Settings,
  { kind, subject, content }: { kind: string; subject: string; content: Omit<EmailContent, "button" | "footerNote"> },
): OutgoingEmail[] {
  const body = renderEmail(
    {
      ...content,
      button: { label: "Open consultations", url: siteUrl("/admin/consultations") },
      footerNote: "You receive these notifications as a listed recipient in the site settings.",
    },
    settings,
  );
  return settings.notificationRecipients.map((to) => ({ kind, to, replyTo: b.email, subject, ...body }));
}

/** The meeting-link paragraph of the reminder and the staff confirmation. */
const joinParagraph = (b: BookingMailData) =>
  b.meetingLink ? `Join the meeting at the time below: ${b.meetingLink}` : "We will send you the meeting link before the call.";
const joinButton = (b: BookingMailData) => (b.meetingLink ? { button: { label: "Join meeting", url: b.meetingLink } } : {});

/** Confirmation to the visitor of a new (pending) booking, with the invitation and the manage link. */
export function confirmationEmail(b: BookingMailData, settings: Settings, token: string): OutgoingEmail {
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

/** One notification per staff recipient (`notificationRecipients`) of a new booking. */
export function staffNotificationEmails(b: BookingMailData, settings: Settings): OutgoingEmail[] {
  return staffEmails(b, settings, {
    kind: "booking.staff_notification",
    subject: `New booking: ${b.name}, ${describeWhen(b)}`,
    content: {
      preheader: `${b.name} booked a ${b.consultationType}`,
      heading: `New consultation booking from ${b.name}`,
      intro: `${b.consultationType} on ${describeWhen(b)}. The booking is pending until you confirm it.`,
      paragraphs: [
        b.projectDescription ? `Project description:\n${b.projectDescription}` : "No project description was given.",
        ...(b.specialRequirements ? [`Special requirements:\n${b.specialRequirements}`] : []),
      ],
      details: [
        ...whenDetails(b),
        ["Name", b.name],
        ["E-mail", b.email],
        ["Phone", b.phone ?? "Not provided"],
        ["Company", b.companyName ?? "Not provided"],
        ["Project type", b.projectType ?? "Not provided"],
        ["Timeline", b.timeline ?? "Not provided"],
        ["Budget range", b.budgetRange ?? "Not provided"],
      ],
    },
  });
}

/**
 * The reminder 24 hours before; deduplicated by `reminder:{id}:{date}T{start}`, so a booking
 * moved to another time gets one reminder for its new time.
 */
export function reminderEmail(b: BookingMailData, settings: Settings): OutgoingEmail {
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
  settings: Settings,
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
export function confirmedEmail(b: BookingMailData, settings: Settings, sequence: number, token: string): OutgoingEmail {
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
export function rescheduledEmail(b: BookingMailData, settings: Settings, sequence: number): OutgoingEmail {
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
  settings: Settings,
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

/** One message per staff recipient: a visitor moved their booking; it is pending again. */
export function staffRescheduleNotificationEmails(
  b: BookingMailData,
  settings: Settings,
  previous: Pick<BookingMailData, "date" | "startTime">,
): OutgoingEmail[] {
  return staffEmails(b, settings, {
    kind: "booking.staff_rescheduled",
    subject: `Booking moved: ${b.name}, now ${describeWhen(b)}`,
    content: {
      preheader: `${b.name} moved their ${b.consultationType}`,
      heading: `${b.name} moved their consultation`,
      intro: `${b.consultationType}, moved from ${describeWhen(previous)} to ${describeWhen(b)}. The booking is pending again until you confirm it; its meeting link was cleared.`,
      paragraphs: [],
      details: [...whenDetails(b), ["Name", b.name], ["E-mail", b.email], ["Company", b.companyName ?? "Not provided"]],
    },
  });
}

/**
 * The engineer who takes a booking is told of it: `status` TENTATIVE (assigned, pending),
 * CONFIRMED (confirmed by staff, with the meeting link) or CANCELLED (cancelled, moved away or
 * given to someone else: METHOD:CANCEL), with their copy of the invitation at `sequence` (same
 * UID as the visitor's; ORGANIZER the engineer).
 */
export function engineerEmail(b: BookingMailData, settings: Settings, engineer: Contact, status: InviteStatus, sequence: number): OutgoingEmail {
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
      details: [...whenDetails(b), ["Name", b.name], ["E-mail", b.email], ["Phone", b.phone ?? "Not provided"], ["Company", b.companyName ?? "Not provided"]],
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
    attachments: invite(b, settings, status, sequence, engineer),
  };
}
