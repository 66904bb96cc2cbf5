/**
 * The contact enquiry form's rules: full name,
 * e-mail, enquiry type and message are required; company is optional and stored as null when
 * empty. The spec shows no length limits; the caps below keep a row and its e-mails readable.
 * Shared by the server (validation) and the form (field names, the type list).
 */
import { z } from "zod";
import { visitorText } from "~/features/abuse/visitor-text";
import { ENQUIRY_LIMITS, ENQUIRY_TYPES } from "./constants";

export { ENQUIRY_LIMITS, ENQUIRY_TYPES, type EnquiryType } from "./constants";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/**
 * Trimmed text without control characters; required fields reject empty or missing
 * values with `requiredMessage`.
 */
const requiredText = (requiredMessage: string, max: number, maxMessage: string, multiline = false) =>
  z.preprocess(
    text,
    visitorText({ error: requiredMessage, multiline }).trim().min(1, requiredMessage).max(max, maxMessage),
  );

/** A visitor's enquiry as submitted. `company` becomes null when empty or missing. */
export const EnquirySchema = z.object({
  name: requiredText(
    "Please enter your full name.",
    ENQUIRY_LIMITS.name,
    `Please keep your name under ${ENQUIRY_LIMITS.name} characters.`,
  ),
  email: z.preprocess(
    text,
    visitorText({ error: "Please enter your e-mail address." })
      .trim()
      .min(1, "Please enter your e-mail address.")
      .max(ENQUIRY_LIMITS.email, "This e-mail address is too long.")
      .pipe(z.email({ error: "Please enter a valid e-mail address, like name@example.com." })),
  ),
  company: z.preprocess(
    (v) => {
      const t = text(v);
      return t === "" || t === undefined ? null : t;
    },
    visitorText()
      .trim()
      .max(ENQUIRY_LIMITS.company, `Please keep the company name under ${ENQUIRY_LIMITS.company} characters.`)
      .nullable()
      .transform((v) => (v === "" ? null : v)),
  ),
  projectType: z.enum(ENQUIRY_TYPES, { error: "Please choose an enquiry type." }),
  message: requiredText(
    "Please enter your message.",
    ENQUIRY_LIMITS.message,
    `Please keep your message under ${ENQUIRY_LIMITS.message} characters.`,
    true,
  ),
});

/** A valid enquiry: trimmed strings, `company` null when not given. */
export type EnquiryInput = z.infer<typeof EnquirySchema>;

/** Field errors keyed by form field name (only fields with errors appear). */
export type EnquiryFieldErrors = Partial<Record<keyof EnquiryInput, string[]>>;
