/**
 * The enquiry types' names in each language (the stored value is always the English one, the
 * spec's). Browser-safe.
 */
import type { Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { EnquiryType } from "./constants";

const TYPE_MESSAGES: Record<EnquiryType, (inputs: Record<string, never>, options: { locale: Language }) => string> = {
  "General Enquiry": m.enquiry_type_general,
  "Project Consultation": m.enquiry_type_consultation,
  "Partnership Opportunity": m.enquiry_type_partnership,
  "Commercial Engineering": m.enquiry_type_commercial,
  "Humanitarian Engineering": m.enquiry_type_humanitarian,
  "Media & Press": m.enquiry_type_media,
  Careers: m.enquiry_type_careers,
  Other: m.enquiry_type_other,
};

/** The name of enquiry type `type` in `language`; a value not in the list is shown as stored. */
export function enquiryTypeIn(type: string, language: Language): string {
  return TYPE_MESSAGES[type as EnquiryType]?.({}, { locale: language }) ?? type;
}
