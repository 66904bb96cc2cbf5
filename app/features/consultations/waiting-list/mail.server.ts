/**
 * The waiting list's messages to the visitor (ADR 44), in the language they joined in: the receipt
 * of joining and the offer of a free time. Both carry a leave link (its token is only ever mailed;
 * the entry keeps its hash). Each returns an `OutgoingEmail` for `enqueueEmails`.
 */
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail, siteUrl } from "~/features/mail/templates.server";
import { formatLongDate } from "~/utils/format";
import { languageInfo, localizedPath, storedLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { startOfWeek } from "~/utils/time";
import { whenDetails, type BookingMailSettings } from "../mail/index.server";
import { describeWhenIn } from "../core/index.server";
import { waitingListLeavePath } from "./paths";

/** What the messages need of an entry: who, in which language, for which type and window. */
export type EntryMailData = {
  id: string;
  name: string;
  email: string;
  language: string;
  timeZone: string | null;
  typeName: string;
  durationMinutes: number;
  dateFrom: string;
  dateTo: string;
};

/** A time offered: the slot's id and its London date and start time (`HH:MM[:SS]`). */
export type OfferedTime = { id: string; date: string; startTime: string };

const languageOf = (e: EntryMailData): Language => storedLanguage(e.language);

/** The leave page of a raw token, in the entry's language. */
export function leaveUrl(e: EntryMailData, token: string): string {
  return siteUrl(localizedPath(waitingListLeavePath(token), languageOf(e)));
}

/**
 * The wizard at the details step for `typeId` and the offered slot, in `language`: the week of
 * the slot rides along, so a time taken meanwhile falls back to that week with the wizard's notice.
 */
export function offerUrl(typeId: string, slot: OfferedTime, language: Language): string {
  const q = new URLSearchParams({ step: "3", type: typeId, week: startOfWeek(slot.date), slot: slot.id });
  return siteUrl(`${localizedPath("/book-consultation", language)}?${q.toString()}`);
}

/** The receipt of joining: the type and the dates asked for, and the leave link for the raw `token`. */
export function joinedEmail(e: EntryMailData, settings: BookingMailSettings, token: string): OutgoingEmail {
  const language = languageOf(e);
  const locale = { locale: language };
  const intl = languageInfo(language).intl;
  const dates = { from: formatLongDate(e.dateFrom, intl), to: formatLongDate(e.dateTo, intl) };
  return {
    kind: "waiting_list.joined",
    to: e.email,
    subject: m.waitlist_mail_joined_subject({ type: e.typeName }, locale),
    ...renderEmail(
      {
        preheader: m.waitlist_mail_joined_preheader(dates, locale),
        heading: m.waitlist_mail_joined_heading({}, locale),
        intro: m.waitlist_mail_joined_intro({ name: e.name, type: e.typeName, ...dates }, locale),
        paragraphs: [m.waitlist_mail_joined_p1({}, locale)],
        link: { label: m.waitlist_mail_leave({}, locale), url: leaveUrl(e, token) },
        footerNote: m.waitlist_mail_footer({ company: settings.companyName }, locale),
        language,
      },
      settings,
    ),
  };
}

/**
 * The offer of a free time: its date, time (UK, and the visitor's own when their zone differs)
 * and length, a button straight to it in the wizard, the rule that the first to book it gets it,
 * and the leave link for the raw `token`. Deduplicated per entry and time.
 */
export function offerEmail(e: EntryMailData, typeId: string, slot: OfferedTime, settings: BookingMailSettings, token: string): OutgoingEmail {
  const language = languageOf(e);
  const locale = { locale: language };
  const when = describeWhenIn(language, slot.date, slot.startTime);
  return {
    kind: "waiting_list.offer",
    to: e.email,
    subject: m.waitlist_mail_offer_subject({ when }, locale),
    ...renderEmail(
      {
        preheader: m.waitlist_mail_offer_preheader({ type: e.typeName }, locale),
        heading: m.waitlist_mail_offer_heading({}, locale),
        intro: m.waitlist_mail_offer_intro({ name: e.name, type: e.typeName, when }, locale),
        paragraphs: [m.waitlist_mail_offer_p1({}, locale), m.waitlist_mail_offer_p2({}, locale)],
        details: whenDetails(
          { consultationType: e.typeName, date: slot.date, startTime: slot.startTime, timeZone: e.timeZone, durationMinutes: e.durationMinutes },
          language,
        ),
        button: { label: m.waitlist_mail_offer_button({}, locale), url: offerUrl(typeId, slot, language) },
        link: { label: m.waitlist_mail_leave({}, locale), url: leaveUrl(e, token) },
        footerNote: m.waitlist_mail_footer({ company: settings.companyName }, locale),
        language,
      },
      settings,
    ),
    dedupeKey: `waiting-list:${e.id}:${slot.id}:${slot.date}T${slot.startTime}`,
  };
}
