/**
 * The subjects of an enquiry's thread, shared by the server (the acknowledgement and staff
 * replies) and the portal (its "Reply by email" link), so every message of a conversation reads
 * as one thread in the visitor's mail program: the acknowledgement in the visitor's language, and
 * each answer "Re: " that same subject.
 */
import { storedLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/**
 * The acknowledgement's subject in the enquiry's language ("Nous avons bien reçu votre demande -
 * Meridian Engineering"); staff replies answer under it ("Re: ..."), so the visitor's mail
 * program keeps one thread.
 */
export function acknowledgementSubject(language: string, companyName: string): string {
  return m.enquiry_mail_subject({ company: companyName }, { locale: storedLanguage(language) });
}

/** Removes a leading "Re:"/"RE:"/"Aw:"/"Fwd:" chain so a subject gets exactly one "Re: ". */
export function replySubject(subject: string): string {
  const base = subject.replace(/^\s*((re|aw|sv|fwd?|wg)\s*(\[\d+\])?\s*:\s*)+/i, "").replace(/\s+/g, " ").trim();
  return `Re: ${base}`;
}
