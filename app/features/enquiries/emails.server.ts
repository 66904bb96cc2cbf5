/**
 * The two messages a clean enquiry sends (`docs/design.md` section 6, "Mail"): a notification
 * to every staff address in `notificationRecipients`, with every field (and the visitor's language
 * when it is not English) and a link to the admin list, in English; and an acknowledgement to the
 * visitor promising a reply within 24 hours, in the language they wrote in.
 *
 * The acknowledgement goes to whatever address was typed, so it repeats none of the visitor's
 * free text (name, company, message): only the chosen enquiry type, from a fixed list. Otherwise
 * the form would mail anyone a text of the sender's choosing from our domain.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import type { SiteSettings } from "~/features/settings/schema";
import { formatUkLongDateTime } from "~/utils/format";
import { DEFAULT_LANGUAGE, localizedPath, staffLanguageName, storedLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { enquiryTypeIn } from "./enquiry-types";
import type { EnquiryInput } from "./schema";
import { acknowledgementSubject } from "./subjects";
import { acknowledgementMessageId } from "./threading.server";

/** A stored enquiry as the messages need it. `createdAt` is shown in UK time; `language` is the visitor's ("en", "fr"...). */
export type EnquiryForEmail = EnquiryInput & { id: string; createdAt: Date; language: string };

/** Collapses whitespace (newlines included) so a visitor's text cannot break a header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * The staff notification (one per recipient) and the visitor acknowledgement, ready for
 * `enqueueEmails`. Dedupe keys make a repeat enqueue for the same enquiry a no-op.
 * @param replyTo the acknowledgement's Reply-To, the same as staff replies' (`visitorReplyTo`), so
 *   an answer to it reaches the mailbox the portal reads back
 */
export function buildEnquiryEmails(enquiry: EnquiryForEmail, settings: SiteSettings, replyTo: string): OutgoingEmail[] {
  const name = oneLine(enquiry.name);
  const notification = renderEmail(
    {
      preheader: `${enquiry.projectType} from ${name}${enquiry.company ? ` (${oneLine(enquiry.company)})` : ""}`,
      heading: `New enquiry from ${name}`,
      intro: "A visitor has sent an enquiry through the website's contact form. The visitor has been told to expect a reply within 24 hours.",
      paragraphs: [],
      details: [
        ["Name", enquiry.name],
        ["E-mail", enquiry.email],
        ["Company", enquiry.company ?? "Not provided"],
        ["Enquiry type", enquiry.projectType],
        ["Received", formatUkLongDateTime(enquiry.createdAt)],
        ...(enquiry.language === DEFAULT_LANGUAGE ? [] : ([["Visitor's language", staffLanguageName(enquiry.language)]] as [string, string][])),
        ["Message", enquiry.message],
      ],
      button: { label: "Open enquiries", url: siteUrl("/admin/enquiries") },
      footerNote: "You receive this because your address is a notification recipient in Admin > Settings. Press Reply to answer the visitor directly.",
    },
    settings,
  );
  const staff: OutgoingEmail[] = settings.notificationRecipients.map((to) => ({
    kind: "enquiry.notification",
    to,
    replyTo: enquiry.email,
    subject: `New enquiry: ${enquiry.projectType} from ${name}`,
    ...notification,
    dedupeKey: `enquiry:${enquiry.id}:notification:${to.toLowerCase()}`,
  }));

  const language = storedLanguage(enquiry.language);
  const locale = { locale: language };
  const acknowledgement = renderEmail(
    {
      preheader: m.enquiry_mail_preheader({}, locale),
      heading: m.enquiry_mail_heading({}, locale),
      intro: m.enquiry_mail_intro({}, locale),
      paragraphs: [m.enquiry_mail_free({}, locale), m.enquiry_mail_urgent({ phone: settings.phone, email: settings.email }, locale)],
      details: [[m.enquiry_mail_type({}, locale), enquiryTypeIn(enquiry.projectType, language)]],
      button: { label: m.enquiry_mail_book({}, locale), url: siteUrl(localizedPath("/book-consultation", language)) },
      footerNote: m.enquiry_mail_footer({ company: settings.companyName }, locale),
      language,
    },
    settings,
  );
  const visitor: OutgoingEmail = {
    kind: "enquiry.acknowledgement",
    to: enquiry.email,
    replyTo,
    subject: acknowledgementSubject(language, settings.companyName),
    ...acknowledgement,
    // A known Message-ID, so staff replies from the portal thread under it in the visitor's mail.
    headers: { messageId: acknowledgementMessageId(enquiry.id) },
    dedupeKey: `enquiry:${enquiry.id}:acknowledgement`,
  };

  return [...staff, visitor];
}

/**
 * The 20-hour reminder: one message per staff recipient saying
 * the enquiry is still unanswered and when the visitor's 24 hours run out, with a link straight
 * to it (`dueAt`: when the 24 hours run out). Dedupe keys make it once per enquiry, clock and
 * recipient, whatever the number of instances; a clock reopened by the visitor's reply is a new one.
 */
export function buildOverdueReminderEmails(
  enquiry: { id: string; name: string; email: string; company: string | null; projectType: string; createdAt: Date },
  settings: SiteSettings,
  dueAt: Date,
): OutgoingEmail[] {
  const name = oneLine(enquiry.name);
  const body = renderEmail(
    {
      preheader: `Still unanswered: ${enquiry.projectType} from ${name}`,
      heading: `Reply to ${name} by ${formatUkLongDateTime(dueAt)}`,
      intro: "This enquiry has been waiting 20 hours. The visitor was promised a reply within 24 hours; after that it shows as overdue.",
      paragraphs: ["Change its status once you have answered (for example to In Review or Responded) so the team can see it is handled."],
      details: [
        ["Name", enquiry.name],
        ["Company", enquiry.company ?? "Not provided"],
        ["Enquiry type", enquiry.projectType],
        ["Received", formatUkLongDateTime(enquiry.createdAt)],
        ["Reply due", formatUkLongDateTime(dueAt)],
      ],
      button: { label: "Open the enquiry", url: siteUrl(`/admin/enquiries?id=${enquiry.id}`) },
      footerNote: "You receive this because your address is a notification recipient in Admin > Settings.",
    },
    settings,
  );
  return settings.notificationRecipients.map((to) => ({
    kind: "enquiry.overdue-reminder",
    to,
    replyTo: enquiry.email,
    subject: `Reply due by ${formatUkLongDateTime(dueAt)}: ${enquiry.projectType} from ${name}`,
    ...body,
    dedupeKey: `enquiry:${enquiry.id}:overdue-reminder:${dueAt.toISOString()}:${to.toLowerCase()}`,
  }));
}
