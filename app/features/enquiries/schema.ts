/**
 * The contact enquiry form's rules: full name,
 * e-mail, enquiry type and message are required; company is optional and stored as null when
 * empty. The spec shows no length limits; the caps below keep a row and its e-mails readable.
 * Shared by the server (validation) and the form (field names, the type list).
 */
import { z } from "zod";
import { emailAddress, optionalText, requiredText } from "~/utils/fields";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { ENQUIRY_LIMITS, ENQUIRY_TYPES } from "./constants";

export { ENQUIRY_LIMITS, ENQUIRY_TYPES, type EnquiryType } from "./constants";

/** The enquiry form's fields, the ones shown again after a refusal. */
export const ENQUIRY_FIELDS = ["name", "email", "company", "projectType", "message"] as const;

/**
 * A visitor's enquiry as submitted, its messages in `language` (English by default, the spec's
 * words). `company` becomes null when empty or missing.
 */
export function enquirySchema(language: Language = DEFAULT_LANGUAGE) {
  const locale = { locale: language };
  return z.object({
    name: requiredText({
      max: ENQUIRY_LIMITS.name,
      required: m.enquiry_name_required({}, locale),
      tooLong: m.enquiry_name_too_long({ max: String(ENQUIRY_LIMITS.name) }, locale),
    }),
    email: emailAddress({
      max: ENQUIRY_LIMITS.email,
      required: m.enquiry_email_required({}, locale),
      tooLong: m.enquiry_email_too_long({}, locale),
      invalid: m.enquiry_email_invalid({}, locale),
    }),
    company: optionalText({ max: ENQUIRY_LIMITS.company, tooLong: m.enquiry_company_too_long({ max: String(ENQUIRY_LIMITS.company) }, locale) }),
    projectType: z.enum(ENQUIRY_TYPES, { error: m.enquiry_type_required({}, locale) }),
    message: requiredText({
      max: ENQUIRY_LIMITS.message,
      multiline: true,
      required: m.enquiry_message_required({}, locale),
      tooLong: m.enquiry_message_too_long({ max: String(ENQUIRY_LIMITS.message) }, locale),
    }),
  });
}

/** The enquiry's schema (of any language). */
export type EnquirySchema = ReturnType<typeof enquirySchema>;

/** The enquiry in English. */
export const EnquirySchema = enquirySchema();

/** A valid enquiry: trimmed strings, `company` null when not given. */
export type EnquiryInput = z.infer<typeof EnquirySchema>;
