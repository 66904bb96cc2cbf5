/**
 * The wizard's answer fields, safe for the browser: each question of the chosen type is one form
 * field named `q_<question id>` (a choice of several posts one value per ticked option), carried as
 * typed through step 4 and shown again after a refusal.
 */
import { submissionObject, type SubmissionInput } from "~/utils/forms";
import type { QuestionKind } from "~/db/schema/consultations";

/** The longest answer to a short and to a long text question (characters), checked by the browser and the server. */
export const ANSWER_LIMITS = { short_text: 200, long_text: 2000 } as const;

/** The form field of the question `id`. */
export function answerField(id: string): string {
  return `q_${id}`;
}

/** The answers as typed, by field name (`answerField`), every field as its list of values. */
export type AnswerValues = Record<string, string[]>;

/** Answer fields a submission may carry; more are ignored (no type asks more than 20 questions). */
const MAX_ANSWER_FIELDS = 50;

/**
 * The answer fields of a submission as typed, values as strings, at most 20 a field: the fields
 * `names` (a type's questions), or without them the first 50 `q_...` fields (to show again).
 */
export function answerValues(input: SubmissionInput, names?: readonly string[]): AnswerValues {
  const values: AnswerValues = {};
  let fields = 0;
  for (const [key, value] of Object.entries(submissionObject(input))) {
    if (names ? !names.includes(key) : !key.startsWith("q_")) continue;
    if (++fields > MAX_ANSWER_FIELDS) break;
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    values[key] = list.slice(0, 20);
  }
  return values;
}

/**
 * A question as the wizard asks it, in the page's language (English for a word not translated):
 * the form field's `name`, its label and help text, and for a choice question its options, each
 * posted as the English option (`value`) and shown in the language (`label`).
 */
export type AskedQuestion = {
  id: string;
  name: string;
  kind: QuestionKind;
  required: boolean;
  label: string;
  help: string | null;
  options: { value: string; label: string }[];
  numberMin: number | null;
  numberMax: number | null;
};
