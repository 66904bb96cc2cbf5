/**
 * Browser-safe field lists of the booking wizard's details step: the form's field names and the
 * texts a visitor typed (the project types' names are in `./words`). Kept apart from ./schema so the wizard can use
 * them without putting Zod and the database schema in the page's JavaScript.
 */
import { submittedValues, type SubmissionInput } from "~/utils/forms";

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

/** The raw values of the details form (strings as typed), by field name. */
export type DetailsValues = Record<string, string>;

/**
 * The details-step texts of a submission as typed, to show again or carry through step 4: only the
 * `DETAIL_FIELDS`, and of a field posted twice its first value.
 */
export function detailsValues(input: SubmissionInput): DetailsValues {
  const values: DetailsValues = {};
  for (const [key, value] of Object.entries(submittedValues(input, DETAIL_FIELDS))) {
    values[key] = Array.isArray(value) ? value[0] : value;
  }
  return values;
}
