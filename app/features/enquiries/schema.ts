/**
 * The contact enquiry form's rules: full name,
 * e-mail, enquiry type and message are required; company is optional and stored as null when
 * empty. The spec shows no length limits; the caps below keep a row and its e-mails readable.
 * Shared by the server (validation) and the form (field names, the type list).
 */
import { z } from "zod";
import { emailAddress, optionalText, requiredText } from "~/utils/fields";
import { ENQUIRY_LIMITS, ENQUIRY_TYPES } from "./constants";

export { ENQUIRY_LIMITS, ENQUIRY_TYPES, type EnquiryType } from "./constants";

/** The enquiry form's fields, the ones shown again after a refusal. */
export const ENQUIRY_FIELDS = ["name", "email", "company", "projectType", "message"] as const;

/** A visitor's enquiry as submitted. `company` becomes null when empty or missing. */
export const EnquirySchema = z.object({
  name: requiredText({
    max: ENQUIRY_LIMITS.name,
    required: "Please enter your full name.",
    tooLong: `Please keep your name under ${ENQUIRY_LIMITS.name} characters.`,
  }),
  email: emailAddress({
    max: ENQUIRY_LIMITS.email,
    required: "Please enter your e-mail address.",
    tooLong: "This e-mail address is too long.",
    invalid: "Please enter a valid e-mail address, like name@example.com.",
  }),
  company: optionalText({ max: ENQUIRY_LIMITS.company, tooLong: `Please keep the company name under ${ENQUIRY_LIMITS.company} characters.` }),
  projectType: z.enum(ENQUIRY_TYPES, { error: "Please choose an enquiry type." }),
  message: requiredText({
    max: ENQUIRY_LIMITS.message,
    multiline: true,
    required: "Please enter your message.",
    tooLong: `Please keep your message under ${ENQUIRY_LIMITS.message} characters.`,
  }),
});

/** A valid enquiry: trimmed strings, `company` null when not given. */
export type EnquiryInput = z.infer<typeof EnquirySchema>;
