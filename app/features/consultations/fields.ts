/**
 * Browser-safe field lists of the booking wizard's details step (`shared/spec/booking-and-admin.md`
 * section 5): the project type options and the form's field names. Kept apart from ./schema so the
 * wizard can use them without putting Zod and the database schema in the page's JavaScript;
 * ./schema re-exports them.
 */
import type { BOOKING_PROJECT_TYPES } from "~/utils/domain";

/** Project types offered in step 3, with their labels. */
export const PROJECT_TYPE_OPTIONS: { value: (typeof BOOKING_PROJECT_TYPES)[number]; label: string }[] = [
  { value: "commercial", label: "Commercial" },
  { value: "humanitarian", label: "Humanitarian" },
  { value: "mixed", label: "Mixed (commercial and humanitarian)" },
];

/** The details form's field names, in form order (hidden fields of step 4 carry the same names). */
export const DETAIL_FIELDS = [
  "name",
  "email",
  "phone",
  "companyName",
  "projectType",
  "projectDescription",
  "timeline",
  "budgetRange",
  "specialRequirements",
] as const;
