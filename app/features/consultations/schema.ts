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
import { isCalendarEmail } from "./ics";

/** An optional text field: control characters stripped, trimmed, capped, empty becomes null. */
const optional = (max: number, label: string, multiline = false) =>
  optionalText({ max, multiline, tooLong: `${label} must be at most ${max} characters` });

/** The visitor's details (step 3). Field names are the wizard's form field names. */
export const BookingDetailsSchema = z.object({
  name: personName({ required: "Please enter your name", tooLong: "Name must be at most 120 characters" }),
  email: emailAddress({
    required: "Please enter your email address",
    invalid: "Please enter a valid email address",
    tooLong: "Email must be at most 254 characters",
  })
    // The invitation's attendee: refuse here what the calendar library would refuse later.
    .refine(isCalendarEmail, "Please enter a valid email address"),
  phone: optional(40, "Phone"),
  companyName: optional(160, "Company"),
  projectType: z
    .union([z.enum(BOOKING_PROJECT_TYPES, { error: "Please choose a project type from the list" }), z.literal("")])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  projectDescription: optional(4000, "Project description", true),
  timeline: optional(200, "Timeline"),
  budgetRange: optional(200, "Budget range"),
  specialRequirements: optional(2000, "Special requirements", true),
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
