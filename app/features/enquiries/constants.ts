/**
 * Browser-safe constants of the contact enquiry form: the enquiry types and length caps. Kept apart
 * from ./schema so the form can use them without putting Zod in the page's JavaScript; ./schema
 * re-exports them.
 */

/** The enquiry types offered, in the spec's order. */
export const ENQUIRY_TYPES = [
  "General Enquiry",
  "Project Consultation",
  "Partnership Opportunity",
  "Commercial Engineering",
  "Humanitarian Engineering",
  "Media & Press",
  "Careers",
  "Other",
] as const;

export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** Length caps, in characters. */
export const ENQUIRY_LIMITS = { name: 120, email: 254, company: 160, message: 5000 } as const;
