/**
 * Zod rules of the booking wizard's details step: name and email required; phone, company and the
 * project fields optional and stored as null when empty; project type one of commercial,
 * humanitarian, mixed. The e-mail must also be one the calendar library accepts (it becomes the
 * invitation's attendee). Length caps keep oversized input out of the database (`docs/design.md`
 * section 7: every error a person can cause gets a 4xx).
 */
import { z } from "zod";
import { BOOKING_PROJECT_TYPES } from "~/utils/domain";
import { emailAddress, optionalText, personName } from "~/utils/fields";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { isCalendarEmail } from "./ics";

/**
 * The visitor's details (step 3), with every message in `language` (the English ones are the
 * spec's). Field names are the wizard's form field names.
 */
export function bookingDetailsSchema(language: Language) {
  const locale = { locale: language };
  /** An optional text field: control characters stripped, trimmed, capped, empty becomes null. */
  const optional = (max: number, label: string, multiline = false) =>
    optionalText({ max, multiline, tooLong: m.validation_too_long({ label, max }, locale) });
  const invalidEmail = m.validation_email_invalid({}, locale);
  return z.object({
    name: personName({ required: m.validation_name_required({}, locale), tooLong: m.validation_name_too_long({}, locale) }),
    email: emailAddress({ required: m.validation_email_required({}, locale), invalid: invalidEmail, tooLong: m.validation_email_too_long({}, locale) })
      // The invitation's attendee: refuse here what the calendar library would refuse later.
      .refine(isCalendarEmail, invalidEmail),
    phone: optional(40, m.validation_label_phone({}, locale)),
    companyName: optional(160, m.validation_label_company({}, locale)),
    projectType: z
      .union([z.enum(BOOKING_PROJECT_TYPES, { error: m.validation_project_type({}, locale) }), z.literal("")])
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    projectDescription: optional(4000, m.validation_label_project_description({}, locale), true),
    timeline: optional(200, m.validation_label_timeline({}, locale)),
    budgetRange: optional(200, m.validation_label_budget_range({}, locale)),
    specialRequirements: optional(2000, m.validation_label_special_requirements({}, locale), true),
  });
}

/** The visitor's details (step 3) with the spec's English messages. */
export const BookingDetailsSchema = bookingDetailsSchema(DEFAULT_LANGUAGE);

/** Parsed details: optional fields are `string | null`, never "". */
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;
/** The raw form values of the details step, as re-displayed in the form. */
export type BookingDetailsInput = z.input<typeof BookingDetailsSchema>;

/**
 * The identifiers the final Confirm Booking post carries besides the details, with messages in
 * `language`, and the visitor's time zone (an IANA name their browser gave, for their own time in
 * the e-mails; anything `Intl` does not know is dropped, never refused).
 */
export function confirmSchema(language: Language) {
  const locale = { locale: language };
  return z.object({
    typeId: z.uuid(m.validation_choose_type({}, locale)),
    slotId: z.uuid(m.validation_choose_time({}, locale)),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, m.validation_form_expired({}, locale)),
    timeZone: z
      .string()
      .max(64)
      .optional()
      .catch(undefined)
      .transform((zone) => (zone && isTimeZone(zone) ? zone : null)),
  });
}

/** True when `Intl` knows `zone` as an IANA time zone ("Africa/Maputo"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
