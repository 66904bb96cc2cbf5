/**
 * The visitor's messages about their booking: the confirmation of a new booking (with their
 * answers to the type's questions, the invitation and the manage link), the 24-hour reminder,
 * the cancellation (METHOD:CANCEL), the confirmation by staff (updated invitation, meeting link),
 * the notice that staff are moving it and the receipt of a move the visitor made. Each is written
 * in the language the visitor booked in (`b.language`; the English text is the spec's) and
 * returns an `OutgoingEmail` for `enqueueEmails`.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl, type EmailContent } from "~/features/mail/templates.server";
import { localizedPath } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { invitationAttachments } from "./booking-invitation.server";
import { describeWhen, whenDetails, type BookingMailData, type BookingMailSettings } from "./booking-mail.server";
import type { InviteStatus } from "../core/index.server";

/** The visitor's manage page for a raw token, in the language they booked in. */
function manageUrl(b: BookingMailData, token: string): string {
  return siteUrl(localizedPath(`/book-consultation/manage/${token}`, b.language));
}

/** The booking wizard, in the language the visitor booked in. */
const wizardUrl = (b: BookingMailData) => siteUrl(localizedPath("/book-consultation", b.language));

type Content = Omit<EmailContent, "details" | "language">;

/** The catalogue's options for the visitor's language. */
const localeOf = (b: BookingMailData) => ({ locale: b.language });

/** Why the visitor received a message about their own booking. */
const visitorFooter = (b: BookingMailData, settings: BookingMailSettings) => m.mail_footer({ company: settings.companyName }, localeOf(b));

/**
 * A message to the visitor about their booking: `content` rendered in their language with the
 * booking's date, time and length as details, and the invitation at `ics.status`/`ics.sequence`
 * attached when given.
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
    ...renderEmail({ ...content, details: whenDetails(b, b.language), language: b.language }, settings),
    ...(ics ? { attachments: invitationAttachments(b, settings, ics.status, ics.sequence) } : {}),
  };
}

/** The booking's time in words, in the visitor's language. */
const when = (b: Pick<BookingMailData, "date" | "startTime">, visitor: BookingMailData) => describeWhen(b, visitor.language);

/** The meeting-link paragraph of the reminder and the staff confirmation. */
const joinParagraph = (b: BookingMailData) =>
  b.meetingLink ? m.mail_join_paragraph({ link: b.meetingLink }, localeOf(b)) : m.mail_link_follows({}, localeOf(b));
const joinButton = (b: BookingMailData) => (b.meetingLink ? { button: { label: m.mail_join_button({}, localeOf(b)), url: b.meetingLink } } : {});

/**
 * The visitor's answers to the type's questions, as they read and gave them (the booking's
 * snapshot in the language they booked in): a heading paragraph, then one paragraph a question,
 * its label over the answer. A question left unanswered is left out; with no answer at all there
 * is no paragraph.
 */
function answerParagraphs(b: BookingMailData): string[] {
  const answered = b.answers.filter((a) => a.answer.asked);
  if (answered.length === 0) return [];
  return [m.mail_confirmation_answers({}, localeOf(b)), ...answered.map((a) => `${a.label.asked}\n${a.answer.asked}`)];
}

/** Confirmation to the visitor of a new (pending) booking, with their answers, the invitation and the manage link. */
export function confirmationEmail(b: BookingMailData, settings: BookingMailSettings, token: string): OutgoingEmail {
  const locale = localeOf(b);
  return visitorEmail(b, settings, {
    kind: "booking.confirmation",
    subject: m.mail_confirmation_subject({ when: when(b, b) }, locale),
    content: {
      preheader: m.mail_confirmation_preheader({ when: when(b, b) }, locale),
      heading: m.mail_confirmation_heading({}, locale),
      intro: m.mail_confirmation_intro({ name: b.name, type: b.consultationType }, locale),
      paragraphs: [m.mail_confirmation_p1({}, locale), ...answerParagraphs(b), m.mail_confirmation_p2({}, locale), m.mail_change_plans({}, locale)],
      button: { label: m.mail_manage_button({}, locale), url: manageUrl(b, token) },
      footerNote: visitorFooter(b, settings),
    },
    ics: { status: "TENTATIVE", sequence: b.icsSequence },
  });
}

/**
 * The reminder 24 hours before, with the manage link for the raw `token` (a fresh one: earlier
 * links keep working) in the visitor's language: the Join meeting button with Manage your booking
 * under it, or the manage button alone while no meeting link is set. Deduplicated by
 * `reminder:{id}:{date}T{start}`, so a booking moved to another time gets one reminder for its new time.
 */
export function reminderEmail(b: BookingMailData, settings: BookingMailSettings, token: string): OutgoingEmail {
  const locale = localeOf(b);
  const manage = { label: m.mail_manage_button({}, locale), url: manageUrl(b, token) };
  return {
    ...visitorEmail(b, settings, {
      kind: "booking.reminder",
      subject: m.mail_reminder_subject({ when: when(b, b) }, locale),
      content: {
        preheader: m.mail_reminder_preheader({ when: when(b, b) }, locale),
        heading: m.mail_reminder_heading({}, locale),
        intro: m.mail_reminder_intro({ name: b.name, type: b.consultationType, company: settings.companyName }, locale),
        paragraphs: [joinParagraph(b), m.mail_reminder_contact({ email: settings.email, phone: settings.phone }, locale)],
        ...(b.meetingLink ? { ...joinButton(b), link: manage } : { button: manage }),
        footerNote: visitorFooter(b, settings),
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
  const locale = localeOf(b);
  const who = { name: b.name, type: b.consultationType };
  return visitorEmail(b, settings, {
    kind: "booking.cancellation",
    subject: m.mail_cancel_subject({ when: when(b, b) }, locale),
    content: {
      preheader: m.mail_cancel_preheader({ when: when(b, b) }, locale),
      heading: m.mail_cancel_heading({}, locale),
      intro: by === "visitor" ? m.mail_cancel_intro_visitor(who, locale) : m.mail_cancel_intro_staff(who, locale),
      paragraphs: [m.mail_cancel_p1({}, locale), m.mail_cancel_p2({}, locale)],
      button: { label: m.mail_book_another({}, locale), url: wizardUrl(b) },
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
  const locale = localeOf(b);
  const manage = { label: m.mail_manage_button({}, locale), url: manageUrl(b, token) };
  return visitorEmail(b, settings, {
    kind: "booking.confirmed",
    subject: m.mail_confirmed_subject({ when: when(b, b) }, locale),
    content: {
      preheader: m.mail_confirmed_preheader({ when: when(b, b) }, locale),
      heading: m.mail_confirmed_heading({}, locale),
      intro: m.mail_confirmed_intro({ name: b.name }, locale),
      paragraphs: [joinParagraph(b), m.mail_replaces_earlier({}, locale), m.mail_change_plans({}, locale)],
      ...(b.meetingLink ? { ...joinButton(b), link: manage } : { button: manage }),
      footerNote: visitorFooter(b, settings),
    },
    ics: { status: "CONFIRMED", sequence },
  });
}

/** Notice that the booking is moved to another time; the old calendar entry is cancelled. */
export function rescheduledEmail(b: BookingMailData, settings: BookingMailSettings, sequence: number): OutgoingEmail {
  const locale = localeOf(b);
  return visitorEmail(b, settings, {
    kind: "booking.rescheduled",
    subject: m.mail_rescheduled_subject({ when: when(b, b) }, locale),
    content: {
      preheader: m.mail_rescheduled_preheader({ when: when(b, b) }, locale),
      heading: m.mail_rescheduled_heading({}, locale),
      intro: m.mail_rescheduled_intro({ name: b.name, type: b.consultationType, when: when(b, b) }, locale),
      paragraphs: [m.mail_rescheduled_p1({}, locale), m.mail_rescheduled_p2({ email: settings.email, phone: settings.phone }, locale)],
      button: { label: m.mail_book_new({}, locale), url: wizardUrl(b) },
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
  const locale = localeOf(b);
  return visitorEmail(b, settings, {
    kind: "booking.visitor_rescheduled",
    subject: m.mail_moved_subject({ when: when(b, b) }, locale),
    content: {
      preheader: m.mail_moved_preheader({ when: when(b, b) }, locale),
      heading: m.mail_moved_heading({}, locale),
      intro: m.mail_moved_intro({ name: b.name, type: b.consultationType, previous: when(previous, b) }, locale),
      paragraphs: [m.mail_moved_p1({}, locale), m.mail_moved_p2({}, locale)],
      button: { label: m.mail_manage_button({}, locale), url: manageUrl(b, token) },
      footerNote: visitorFooter(b, settings),
    },
    ics: { status: "TENTATIVE", sequence: b.icsSequence },
  });
}
