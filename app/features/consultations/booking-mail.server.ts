/**
 * The booking's messages (`shared/DESIGN.md` section 6 "Mail", issue "Mail"): confirmation to the
 * visitor (with an `.ics` invitation and the manage link), notification to staff, the 24-hour
 * reminder, cancellation (METHOD:CANCEL), confirmed-with-meeting-link (updated invitation) and
 * rescheduled. Each returns an `OutgoingEmail` for `enqueueEmails`; nothing is sent here. Times are
 * written in UK time with the zone named (GMT or BST on that day).
 */
import type { consultationBookings } from "~/db/schema";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import type { SiteSettings } from "~/features/settings/schema";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { buildBookingIcs } from "./ics";
import { formatLongDate, formatTime24, ukZoneLabel } from "./time";

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
 * The mail data of a booking row and its slot (`date` YYYY-MM-DD and `startTime` HH:MM[:SS],
 * London wall-clock). `durationMinutes` is the meeting length already resolved by the caller.
 */
export function bookingMailData(
  b: typeof consultationBookings.$inferSelect,
  slot: Pick<BookingMailData, "date" | "startTime">,
  durationMinutes: number,
): BookingMailData {
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

type Settings = Pick<SiteSettings, "companyName" | "email" | "phone" | "location" | "notificationRecipients">;

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
 * The message's `.ics` attachment, as a list of zero or one. When the calendar library refuses
 * the booking's data (an address or link stored before the schemas checked them, or a settings
 * e-mail it rejects) the error is logged and the message goes without the invitation: a booking or
 * status change never fails because an invitation cannot be built (issue 9 item 4).
 */
function invite(b: BookingMailData, settings: Settings, method: "REQUEST" | "CANCEL", sequence: number) {
  let content: string;
  try {
    content = buildBookingIcs({
      bookingId: b.id,
      uidHost: new URL(env.PUBLIC_URL).host,
      sequence,
      method,
      date: b.date,
      startTime: b.startTime,
      durationMinutes: b.durationMinutes,
      title: `${b.consultationType} with ${settings.companyName}`,
      description: b.meetingLink
        ? `Your consultation with ${settings.companyName}. Join the meeting: ${b.meetingLink}`
        : `Your consultation with ${settings.companyName}. The meeting link will follow by e-mail.`,
      organizer: { name: settings.companyName, email: settings.email },
      attendee: { name: b.name, email: b.email },
      meetingLink: b.meetingLink,
    });
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

/** Confirmation to the visitor of a new (pending) booking, with the invitation and the manage link. */
export function confirmationEmail(b: BookingMailData, settings: Settings, token: string): OutgoingEmail {
  const body = renderEmail(
    {
      preheader: `Your consultation on ${describeWhen(b)}`,
      heading: "Your consultation is booked",
      intro: `Thank you, ${b.name}. We have received your booking for a ${b.consultationType}.`,
      paragraphs: [
        "We will review your project information before the call and send you the meeting link by e-mail. A calendar invitation is attached.",
        "We will also send you a reminder 24 hours before the consultation.",
        "If your plans change, you can cancel the booking from the link below.",
      ],
      details: whenDetails(b),
      button: { label: "Manage your booking", url: manageUrl(token) },
      footerNote: `You received this e-mail because you booked a consultation with ${settings.companyName}.`,
    },
    settings,
  );
  return {
    kind: "booking.confirmation",
    to: b.email,
    subject: `Consultation booked: ${describeWhen(b)}`,
    ...body,
    attachments: invite(b, settings, "REQUEST", b.icsSequence),
  };
}

/** One notification per staff recipient (`notificationRecipients`) of a new booking. */
export function staffNotificationEmails(b: BookingMailData, settings: Settings): OutgoingEmail[] {
  const details: [string, string][] = [
    ...whenDetails(b),
    ["Name", b.name],
    ["E-mail", b.email],
    ["Phone", b.phone ?? "Not provided"],
    ["Company", b.companyName ?? "Not provided"],
    ["Project type", b.projectType ?? "Not provided"],
    ["Timeline", b.timeline ?? "Not provided"],
    ["Budget range", b.budgetRange ?? "Not provided"],
  ];
  const paragraphs = [
    b.projectDescription ? `Project description:\n${b.projectDescription}` : "No project description was given.",
    ...(b.specialRequirements ? [`Special requirements:\n${b.specialRequirements}`] : []),
  ];
  const body = renderEmail(
    {
      preheader: `${b.name} booked a ${b.consultationType}`,
      heading: `New consultation booking from ${b.name}`,
      intro: `${b.consultationType} on ${describeWhen(b)}. The booking is pending until you confirm it.`,
      paragraphs,
      details,
      button: { label: "Open consultations", url: siteUrl("/admin/consultations") },
      footerNote: "You receive these notifications as a listed recipient in the site settings.",
    },
    settings,
  );
  return settings.notificationRecipients.map((to) => ({
    kind: "booking.staff_notification",
    to,
    replyTo: b.email,
    subject: `New booking: ${b.name}, ${describeWhen(b)}`,
    ...body,
  }));
}

/** The reminder 24 hours before; deduplicated by `reminder:{id}`. */
export function reminderEmail(b: BookingMailData, settings: Settings): OutgoingEmail {
  const body = renderEmail(
    {
      preheader: `Reminder: your consultation on ${describeWhen(b)}`,
      heading: "Your consultation is tomorrow",
      intro: `Hello ${b.name}, this is a reminder of your ${b.consultationType} with ${settings.companyName}.`,
      paragraphs: [
        b.meetingLink
          ? `Join the meeting at the time below: ${b.meetingLink}`
          : "We will send you the meeting link before the call.",
        `If you can no longer attend, please use the link in your confirmation e-mail or contact us at ${settings.email} or ${settings.phone}.`,
      ],
      details: whenDetails(b),
      ...(b.meetingLink ? { button: { label: "Join meeting", url: b.meetingLink } } : {}),
    },
    settings,
  );
  return {
    kind: "booking.reminder",
    to: b.email,
    subject: `Reminder: consultation ${describeWhen(b)}`,
    ...body,
    dedupeKey: `reminder:${b.id}`,
  };
}

/** Cancellation to the visitor, with a METHOD:CANCEL invitation at `sequence`. */
export function cancellationEmail(
  b: BookingMailData,
  settings: Settings,
  sequence: number,
  by: "visitor" | "staff",
): OutgoingEmail {
  const body = renderEmail(
    {
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
      details: whenDetails(b),
      button: { label: "Book another time", url: siteUrl("/book-consultation") },
    },
    settings,
  );
  return {
    kind: "booking.cancellation",
    to: b.email,
    subject: `Cancelled: consultation ${describeWhen(b)}`,
    ...body,
    attachments: invite(b, settings, "CANCEL", sequence),
  };
}

/** Confirmation by staff, with the meeting link when set and an updated invitation at `sequence`. */
export function confirmedEmail(b: BookingMailData, settings: Settings, sequence: number): OutgoingEmail {
  const body = renderEmail(
    {
      preheader: `Confirmed: your consultation on ${describeWhen(b)}`,
      heading: "Your consultation is confirmed",
      intro: `Hello ${b.name}, we look forward to speaking with you.`,
      paragraphs: [
        b.meetingLink
          ? `Join the meeting at the time below: ${b.meetingLink}`
          : "We will send you the meeting link before the call.",
        "The attached calendar invitation replaces the earlier one.",
      ],
      details: whenDetails(b),
      ...(b.meetingLink ? { button: { label: "Join meeting", url: b.meetingLink } } : {}),
    },
    settings,
  );
  return {
    kind: "booking.confirmed",
    to: b.email,
    subject: `Confirmed: consultation ${describeWhen(b)}`,
    ...body,
    attachments: invite(b, settings, "REQUEST", sequence),
  };
}

/** Notice that the booking is moved to another time; the old calendar entry is cancelled. */
export function rescheduledEmail(b: BookingMailData, settings: Settings, sequence: number): OutgoingEmail {
  const body = renderEmail(
    {
      preheader: `Your consultation on ${describeWhen(b)} is being rescheduled`,
      heading: "Your consultation is being rescheduled",
      intro: `Hello ${b.name}, your ${b.consultationType} on ${describeWhen(b)} needs to move to a different time.`,
      paragraphs: [
        "We will be in touch to agree a new time; the attached calendar entry removes the old one.",
        `You can also book a new time yourself, or contact us at ${settings.email} or ${settings.phone}.`,
      ],
      details: whenDetails(b),
      button: { label: "Book a new time", url: siteUrl("/book-consultation") },
    },
    settings,
  );
  return {
    kind: "booking.rescheduled",
    to: b.email,
    subject: `Rescheduling: consultation ${describeWhen(b)}`,
    ...body,
    attachments: invite(b, settings, "CANCEL", sequence),
  };
}
