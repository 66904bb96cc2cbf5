/**
 * The question form of the site studio (a consultation type's questions), shared by the staff
 * screen and the server; safe for the browser. Staff write each question in English and, beside
 * it, in every other shipped language (`label_fr`, `help_fr`, `options_fr` ...); a word left empty
 * is shown to visitors in English.
 */
import { z } from "zod";
import type { QuestionKind, QuestionTranslations } from "~/db/schema/consultations";
import { QUESTION_KINDS } from "~/utils/domain";
import { plainText } from "~/utils/fields";
import type { ActionReply } from "~/utils/forms";
import { DEFAULT_LANGUAGE, LANGUAGES } from "~/utils/i18n";

/** The limits of a type's questions, kept by the form and by the server. */
export const QUESTION_LIMITS = {
  /** Questions one type may ask. */
  perType: 20,
  label: 200,
  help: 500,
  /** Options of a choice question (at least 2). */
  options: 20,
  option: 100,
  /** The largest bound staff may give a number (either sign). */
  number: 1_000_000_000,
} as const;

/** What staff call each kind of question, in the kind's order. */
export const QUESTION_KIND_NAMES: Record<QuestionKind, string> = {
  short_text: "Short text",
  long_text: "Long text",
  one_choice: "One choice",
  several_choices: "Several choices",
  yes_no: "Yes or no",
  number: "A number",
};

/** The languages a question is translated into: every shipped language but English. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter((code) => code !== DEFAULT_LANGUAGE);

/** The lines of a textarea of options: trimmed, empty lines dropped. */
export function optionLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A one-line text of at most `max` characters, "" when absent. */
const line = (max: number, what: string) =>
  z.preprocess((v) => v ?? "", plainText().trim().max(max, `Use at most ${max} characters for the ${what}.`));

/** Options as typed, one a line: at most `QUESTION_LIMITS.options`, each at most `option` characters. */
const optionList = (what: string) =>
  z.preprocess(
    (v) => optionLines(stripped(typeof v === "string" ? v : "")),
    z
      .array(z.string().max(QUESTION_LIMITS.option, `Keep each ${what} to ${QUESTION_LIMITS.option} characters.`))
      .max(QUESTION_LIMITS.options, `Offer at most ${QUESTION_LIMITS.options} ${what}s.`),
  );

/** The multi-line text's control characters removed (an option is one line). */
const stripped = (text: string) => plainText({ multiline: true }).parse(text);

/** An optional whole number bound, null when empty. */
const bound = (what: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? null : v),
    z.coerce
      .number({ error: `Enter the ${what} as a whole number, or leave it empty.` })
      .int(`Enter the ${what} as a whole number.`)
      .min(-QUESTION_LIMITS.number, `Use a ${what} from -1,000,000,000 to 1,000,000,000.`)
      .max(QUESTION_LIMITS.number, `Use a ${what} from -1,000,000,000 to 1,000,000,000.`)
      .nullable(),
  );

const translationFields = Object.fromEntries(
  TRANSLATED_LANGUAGES.flatMap((code) => [
    [`label_${code}`, line(QUESTION_LIMITS.label, "question")],
    [`help_${code}`, line(QUESTION_LIMITS.help, "help text")],
    [`options_${code}`, optionList("option")],
  ]),
) as Record<string, z.ZodType<string> | z.ZodType<string[]>>;

/**
 * A question as the form posts it: kind, the English label (required) and help text, required
 * ("on"), the options one a line (2 to 20, different, for a choice question; ignored otherwise),
 * the smallest and largest number accepted (a number question; empty for no bound), and each
 * translated language's label, help and options. The output carries the translations as
 * `QuestionTranslations` (a language with no word at all is left out).
 */
export const QuestionSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS, { error: "Choose what the question asks for." }),
    label: z.preprocess(
      (v) => v ?? "",
      plainText().trim().min(1, "Enter the question.").max(QUESTION_LIMITS.label, `Use at most ${QUESTION_LIMITS.label} characters for the question.`),
    ),
    help: line(QUESTION_LIMITS.help, "help text"),
    required: z.preprocess((v) => v === "on" || v === true, z.boolean()),
    options: optionList("option"),
    numberMin: bound("smallest number"),
    numberMax: bound("largest number"),
    ...translationFields,
  })
  .superRefine((q, ctx) => {
    if (q.kind === "one_choice" || q.kind === "several_choices") {
      if (q.options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "Give at least 2 options, one a line." });
      if (new Set(q.options.map((o) => o.toLowerCase())).size !== q.options.length) ctx.addIssue({ code: "custom", path: ["options"], message: "Give each option once." });
    }
    if (q.kind === "number" && q.numberMin !== null && q.numberMax !== null && q.numberMin > q.numberMax) {
      ctx.addIssue({ code: "custom", path: ["numberMax"], message: "The largest number must not be smaller than the smallest." });
    }
    for (const code of TRANSLATED_LANGUAGES) {
      const options = (q as Record<string, unknown>)[`options_${code}`] as string[];
      if ((q.kind === "one_choice" || q.kind === "several_choices") && options.length > q.options.length) {
        ctx.addIssue({ code: "custom", path: [`options_${code}`], message: "Give at most one translation per English option, in the same order." });
      }
    }
  })
  .transform((q) => {
    const choice = q.kind === "one_choice" || q.kind === "several_choices";
    const fields = q as unknown as Record<string, string | string[]>;
    const translations: QuestionTranslations = {};
    for (const code of TRANSLATED_LANGUAGES) {
      const label = fields[`label_${code}`] as string;
      const help = fields[`help_${code}`] as string;
      const options = choice ? (fields[`options_${code}`] as string[]) : [];
      if (label || help || options.length) translations[code] = { label, help, options };
    }
    return {
      kind: q.kind,
      label: q.label,
      help: q.help || null,
      required: q.required,
      options: choice ? q.options : [],
      numberMin: q.kind === "number" ? q.numberMin : null,
      numberMax: q.kind === "number" ? q.numberMax : null,
      translations,
    };
  });

/** A question as the server stores it. */
export type QuestionInput = z.output<typeof QuestionSchema>;

/**
 * The reply of the questions screen's posts (the shared `ActionReply`): `intent` is the posted one
 * (create, update, up, down, delete); a refusal names the question it was about (`id`; none for
 * the add form), so that question's form shows the field errors.
 */
export type QuestionReply = ActionReply<{ intent: string }, { intent: string; id?: string }>;
