/**
 * The staff's notices of bookings: one message per recipient listed in the site settings
 * (`notificationRecipients`), replying to the visitor, for a new booking and for a booking the
 * visitor moved. Each returns `OutgoingEmail`s for `enqueueEmails`.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl, type EmailContent } from "~/features/mail/templates.server";
import { describeWhen, visitorContactRows, visitorLanguageRows, whenDetails, type BookingMailData, type BookingMailSettings } from "./booking-mail.server";

/**
 * One message per staff recipient (`notificationRecipients`), replying to the visitor, with the
 * button to the consultations screen and the recipients' footer. Always in English; a visitor who
 * booked in another language is named so in the details ("Visitor's language").
 */
function staffEmails(
  b: BookingMailData,
  settings: BookingMailSettings,
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

/** One notification per staff recipient (`notificationRecipients`) of a new booking. */
export function staffNotificationEmails(b: BookingMailData, settings: BookingMailSettings): OutgoingEmail[] {
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
        // The type's questions, as asked, in English (a visitor's own words as written).
        ...b.answers.map((a) => `${a.label.en}\n${a.answer.en || "Not answered"}`),
      ],
      details: [
        ...whenDetails(b),
        ...visitorContactRows(b),
        ["Project type", b.projectType ?? "Not provided"],
        ["Timeline", b.timeline ?? "Not provided"],
        ["Budget range", b.budgetRange ?? "Not provided"],
        ...visitorLanguageRows(b),
      ],
    },
  });
}

/** One message per staff recipient: a visitor moved their booking; it is pending again. */
export function staffRescheduleNotificationEmails(
  b: BookingMailData,
  settings: BookingMailSettings,
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
      details: [...whenDetails(b), ["Name", b.name], ["E-mail", b.email], ["Company", b.companyName ?? "Not provided"], ...visitorLanguageRows(b)],
    },
  });
}
