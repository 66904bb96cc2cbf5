/**
 * Zod rules of the booking wizard's details step (`shared/spec/booking-and-admin.md` sections 2
 * and 5): name and email required; phone, company and the project fields optional and stored as
 * null when empty; project type one of commercial, humanitarian, mixed. The e-mail must also be
 * one the calendar library accepts (it becomes the invitation's attendee). Length caps keep oversized
 * input out of the database (DESIGN section 7: every error a person can cause gets a 4xx).
 */
import { z } from "zod";
import { BOOKING_PROJECT_TYPES } from "~/utils/domain";
import { visitorText } from "~/features/abuse/visitor-text";
import { isCalendarEmail } from "./ics";

export { DETAIL_FIELDS, PROJECT_TYPE_OPTIONS } from "./fields";

/** An optional text field: control characters stripped (issue 18), trimmed, capped, empty becomes null. */
const optionalText = (max: number, label: string, multiline = false) =>
  visitorText({ multiline })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** The visitor's details (step 3). Field names are the wizard's form field names. */
export const BookingDetailsSchema = z.object({
  name: visitorText({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(120, "Name must be at most 120 characters"),
  email: visitorText({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Please enter a valid email address"))
    // The invitation's attendee: refuse here what the calendar library would refuse later.
    .refine(isCalendarEmail, "Please enter a valid email address"),
  phone: optionalText(40, "Phone"),
  companyName: optionalText(160, "Company"),
  projectType: z
    .union([z.enum(BOOKING_PROJECT_TYPES, { error: "Please choose a project type from the list" }), z.literal("")])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  projectDescription: optionalText(4000, "Project description", true),
  timeline: optionalText(200, "Timeline"),
  budgetRange: optionalText(200, "Budget range"),
  specialRequirements: optionalText(2000, "Special requirements", true),
});

/** Parsed details: optional fields are `string | null`, never "". */
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;
/** The raw form values of the details step, as re-displayed in the form. */
export type BookingDetailsInput = z.input<typeof BookingDetailsSchema>;

/** The identifiers the final Confirm Booking post carries besides the details. */
export const ConfirmSchema = z.object({
  typeId: z.uuid("Please choose a consultation type"),
  slotId: z.uuid("Please choose a date and time"),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "This form has expired, please try again"),
});

/** Field errors keyed by field name, as returned to the form. */
export type FieldErrors = Partial<Record<string, string[]>>;

/** Flattens a Zod error into `{ field: [messages] }`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
