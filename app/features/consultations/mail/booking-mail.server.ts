/**
 * A booking's messages (`docs/design.md` section 6, "Mail"), their common part: what a message
 * needs to know about a booking (`bookingMailData`), the settings it uses, the booking's length,
 * its time in words and rows. The visitor's messages are in booking-visitor-mail.server.ts, the
 * staff notifications in booking-staff-mail.server.ts, the engineers' in
 * booking-engineer-mail.server.ts and the `.ics` invitations in booking-invitation.server.ts. Each
 * message is an `OutgoingEmail` for `enqueueEmails`; nothing is sent here. Times are written in
 * UK time with the zone named (GMT or BST on that day).
 */
import type { BookingAnswer, consultationBookings } from "~/db/schema";
import type { EmailBranding } from "~/features/mail/templates.server";
import type { SiteSettings } from "~/features/settings/schema";
import { formatInZone, formatLongDate, formatTime24, formatZoneName } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, staffLanguageName, storedLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { LONDON, londonInstant } from "~/utils/time";
import { describeWhenIn, minutesIn, ukZone } from "../core/index.server";

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
  /** The type's questions as asked and answered (the booking's snapshot). */
  answers: BookingAnswer[];
  meetingLink: string | null;
  /** SEQUENCE the attached invitation carries. */
  icsSequence: number;
  date: string;
  startTime: string;
  /** The language the visitor booked in: their messages and invitations are in it. */
  language: Language;
  /** The visitor's IANA time zone, or null when their browser did not give one. */
  timeZone: string | null;
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
    answers: b.answers,
    meetingLink: b.meetingLink,
    icsSequence: b.icsSequence,
    date: slot.date,
    startTime: slot.startTime,
    language: storedLanguage(b.language),
    timeZone: b.timeZone,
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

/**
 * The site settings a booking message uses: the company's name and contact details for the text
 * and footer, and the staff recipients of notifications.
 */
export type BookingMailSettings = Pick<SiteSettings, "notificationRecipients"> & EmailBranding;

/** "Monday 31 March 2025 at 09:00 UK time (BST)", in `language` (English, the staff's, by default). */
export function describeWhen(b: Pick<BookingMailData, "date" | "startTime">, language: Language = DEFAULT_LANGUAGE): string {
  return describeWhenIn(language, b.date, b.startTime);
}

/**
 * The date, time and length rows every booking message lists, the consultation type first, in
 * `language` (English, the staff's, by default). A visitor writing in another language whose
 * time zone shows another time than London also gets their own time ("Your time") in it, beside
 * the UK time; an English message reads as it always has.
 */
export function whenDetails(
  b: Pick<BookingMailData, "consultationType" | "date" | "startTime" | "timeZone" | "durationMinutes">,
  language: Language = DEFAULT_LANGUAGE,
): [string, string][] {
  const locale = { locale: language };
  const intl = languageInfo(language).intl;
  const rows: [string, string][] = [
    [m.mail_row_consultation({}, locale), b.consultationType],
    [m.mail_row_date({}, locale), formatLongDate(b.date, intl)],
    [m.mail_row_time({}, locale), `${formatTime24(b.startTime)} ${ukZone(language, b.date, b.startTime)}`],
  ];
  const local = language !== DEFAULT_LANGUAGE && b.timeZone && b.timeZone !== LONDON ? formatInZone(b.date, b.startTime, b.timeZone, intl) : null;
  if (local && b.timeZone) {
    const zone = formatZoneName(b.date, b.startTime, b.timeZone, intl);
    rows.push([m.mail_row_your_time({}, locale), m.mail_your_time({ time: local, zone }, locale)]);
  }
  rows.push([m.mail_row_duration({}, locale), minutesIn(language, b.durationMinutes)]);
  return rows;
}

/** For staff: the visitor's name, e-mail, phone and company rows of a booking ("Not provided" when empty). */
export function visitorContactRows(b: BookingMailData): [string, string][] {
  return [
    ["Name", b.name],
    ["E-mail", b.email],
    ["Phone", b.phone ?? "Not provided"],
    ["Company", b.companyName ?? "Not provided"],
  ];
}

/**
 * For staff (who read English): the row naming the language a visitor booked in when it is not
 * English ("Visitor's language", "French (Français)"), else none.
 */
export function visitorLanguageRows(b: BookingMailData): [string, string][] {
  if (b.language === DEFAULT_LANGUAGE) return [];
  return [["Visitor's language", staffLanguageName(b.language)]];
}
