/**
 * The wizard's questions and the visitor's answers: a type's questions in the page's language
 * (`askedQuestions`), and the answers checked by a Zod schema built from them
 * (`checkAnswers`), with messages in the visitor's language, into the snapshot a booking keeps
 * (`BookingAnswer`: the question's label and the answer in English and in the language asked).
 *
 * The rules: a required question needs an answer; a short text is one line of at most 200
 * characters, a long text at most 2,000; a choice is one (or, for several choices, some) of the
 * options offered, each once; yes/no is "yes" or "no"; a number is written in digits (a decimal
 * point or comma, at most 4 decimals) and lies within the question's bounds (else within one
 * billion either way). An answer to a question the type does not ask is ignored (a question
 * deleted since the page was drawn), and at most 20 values of a field are read.
 */
import { z } from "zod";
import type { BookingAnswer } from "~/db/schema/consultations";
import { plainText } from "~/utils/fields";
import { parseSubmission, type Submission, type SubmissionInput } from "~/utils/forms";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { ANSWER_LIMITS, answerField, answerValues, type AskedQuestion } from "./answer-fields";
import { QUESTION_LIMITS } from "./question-form";
import { questionWordsIn } from "./question-words";
import { listQuestions, type ConsultationQuestion } from "./questions.server";

/** `question` in `language`: each word translated where staff translated it, else English (`questionWordsIn`). */
export function askQuestion(question: ConsultationQuestion, language: Language): AskedQuestion {
  const words = questionWordsIn(question, language);
  return {
    id: question.id,
    name: answerField(question.id),
    kind: question.kind,
    required: question.required,
    label: words.label.text,
    help: words.help?.text ?? null,
    options: question.options.map((value, i) => ({ value, label: words.options[i]!.text })),
    numberMin: question.numberMin,
    numberMax: question.numberMax,
  };
}

/** The type's questions in its order, in `language`. */
export async function askedQuestions(typeId: string, language: Language): Promise<AskedQuestion[]> {
  return (await listQuestions(typeId)).map((q) => askQuestion(q, language));
}

/** A number as a visitor may write it: digits, an optional sign, a decimal point or comma and up to 4 decimals. */
const NUMBER = /^[-+]?\d{1,10}([.,]\d{1,4})?$/;

/** The Zod rule of one question's field, in `language`; its output is the answer's value (null when unanswered). */
function answerRule(q: AskedQuestion, language: Language): z.ZodType<BookingAnswer["value"]> {
  const locale = { locale: language };
  const required = m.question_answer_required({}, locale);
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v) ?? "";
  const orNull = <T,>(value: T | "" | null | undefined) => (value === "" || value === undefined || value === null ? null : value);
  const need = <T,>(value: T | null, ctx: z.RefinementCtx) => {
    if (value === null && q.required) ctx.addIssue({ code: "custom", message: required });
  };
  switch (q.kind) {
    case "short_text":
    case "long_text": {
      const max = ANSWER_LIMITS[q.kind];
      return z.preprocess(
        first,
        plainText({ multiline: q.kind === "long_text" })
          .trim()
          .max(max, m.question_answer_too_long({ max }, locale))
          .transform((v) => orNull(v))
          .superRefine(need),
      );
    }
    case "one_choice":
    case "yes_no": {
      const allowed = q.kind === "yes_no" ? ["yes", "no"] : q.options.map((o) => o.value);
      return z.preprocess(
        first,
        z
          .string()
          .refine((v) => v === "" || allowed.includes(v), m.question_choice_invalid({}, locale))
          .transform((v) => (q.kind === "yes_no" ? (v === "" ? null : v === "yes") : orNull(v)))
          .superRefine(need),
      );
    }
    case "several_choices": {
      const allowed = q.options.map((o) => o.value);
      return z.preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z
          .array(z.string())
          .max(allowed.length, m.question_choice_invalid({}, locale))
          .refine((list) => list.every((v) => allowed.includes(v)) && new Set(list).size === list.length, m.question_choice_invalid({}, locale))
          .transform((list) => (list.length ? allowed.filter((v) => list.includes(v)) : null))
          .superRefine(need),
      );
    }
    case "number": {
      const min = q.numberMin ?? -QUESTION_LIMITS.number;
      const max = q.numberMax ?? QUESTION_LIMITS.number;
      const range = m.question_number_range({ min: min.toLocaleString("en-GB"), max: max.toLocaleString("en-GB") }, locale);
      return z.preprocess(
        first,
        z
          .string()
          .trim()
          .max(20, m.question_number_invalid({}, locale))
          .refine((v) => v === "" || NUMBER.test(v), m.question_number_invalid({}, locale))
          .transform((v) => (v === "" ? null : Number(v.replace(",", "."))))
          .refine((n) => n === null || (n >= min && n <= max), range)
          .superRefine(need),
      );
    }
  }
}

/** The schema of a type's answers in `language`: one field per question (`answerField`), output by field name. */
export function answersSchema(questions: AskedQuestion[], language: Language) {
  return z.object(Object.fromEntries(questions.map((q) => [q.name, answerRule(q, language)])));
}

/** An answer's value as text for `q` (its options' words, Yes/No in `language`); "" when unanswered. */
function answerText(q: AskedQuestion, value: BookingAnswer["value"], language: Language): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? m.question_yes({}, { locale: language }) : m.question_no({}, { locale: language });
  if (typeof value === "number") return String(value);
  const label = (v: string) => q.options.find((o) => o.value === v)?.label ?? v;
  return Array.isArray(value) ? value.map(label).join(", ") : q.kind === "one_choice" ? label(value) : value;
}

/**
 * Checks the answers posted with a booking's details against the type's questions now, in the
 * visitor's `language` (field errors keyed by `answerField`, the answers as typed kept), and gives
 * the snapshot the booking stores: one `BookingAnswer` per question, in the type's order.
 */
export async function checkAnswers(typeId: string, input: SubmissionInput, language: Language): Promise<Submission<BookingAnswer[]>> {
  const questions = await listQuestions(typeId);
  const asked = questions.map((q) => askQuestion(q, language));
  const english = questions.map((q) => askQuestion(q, DEFAULT_LANGUAGE));
  const posted = answerValues(input, asked.map((q) => q.name));
  const parsed = parseSubmission(answersSchema(asked, language), posted);
  if (!parsed.ok) return { ...parsed, values: posted };
  return {
    ok: true,
    values: asked.map((q, i) => {
      const value = parsed.values[q.name] ?? null;
      return {
        questionId: q.id,
        kind: q.kind,
        label: { en: english[i]!.label, asked: q.label },
        answer: { en: answerText(english[i]!, value, DEFAULT_LANGUAGE), asked: answerText(q, value, language) },
        value,
      };
    }),
  };
}
