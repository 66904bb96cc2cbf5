/**
 * The type's questions in the booking wizard, rendered on the server only as plain form controls
 * (the public site is sent without React), their words isolated with `<bdi>` (an English word on
 * an Arabic page keeps its question mark at its end): a text input or text area, radios for one choice and
 * yes/no, check boxes for several choices, a text input for a number. Each carries the server's
 * messages for the browser's check (`app/enhance/form-check.ts`: `data-msg-required`,
 * `data-msg-too-long`; a group of radios or boxes is checked on its fieldset); the server checks
 * every answer again (`answers.server.ts`).
 */
import { useId } from "react";
import { Field } from "~/components/field";
import { Input, Textarea } from "~/components/ui/input";
import type { FieldErrors } from "~/utils/forms";
import { usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { ANSWER_LIMITS, type AnswerValues, type AskedQuestion } from "../answer-fields";

/** The choices of a yes/no or a choice question, in the page's language. */
function choicesOf(q: AskedQuestion, language: Language): { value: string; label: string }[] {
  if (q.kind !== "yes_no") return q.options;
  return [
    { value: "yes", label: m.question_yes({}, { locale: language }) },
    { value: "no", label: m.question_no({}, { locale: language }) },
  ];
}

/** A group of radios or check boxes with its legend, help text and errors, drawn as `Field` draws a control. */
function ChoiceGroup({ q, chosen, errors }: { q: AskedQuestion; chosen: string[]; errors?: string[] }) {
  const language = usePageLanguage();
  const id = useId();
  const hasErrors = Boolean(errors?.length);
  const describedBy = [q.help ? `${id}-hint` : null, hasErrors ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const type = q.kind === "several_choices" ? "checkbox" : "radio";
  return (
    <div data-field="" className="flex flex-col gap-2 sm:col-span-2">
      <fieldset
        id={id}
        aria-describedby={describedBy}
        aria-invalid={hasErrors ? true : undefined}
        data-msg-required={q.required ? m.question_answer_required({}, { locale: language }) : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1 text-sm font-medium leading-snug text-foreground">
          <bdi>{q.label}</bdi>
          {q.required ? <span aria-hidden className="text-destructive"> *</span> : null}
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {choicesOf(q, language).map((choice) => (
            <label key={choice.value} className="flex min-h-8 items-center gap-2 text-sm">
              <input type={type} name={q.name} value={choice.value} defaultChecked={chosen.includes(choice.value)} className="size-4 shrink-0 accent-primary" />
              <bdi className="break-words">{choice.label}</bdi>
            </label>
          ))}
        </div>
      </fieldset>
      {q.help ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          <bdi>{q.help}</bdi>
        </p>
      ) : null}
      {hasErrors ? (
        <ul id={`${id}-error`} data-field-errors="" className="text-sm text-destructive">
          {errors!.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Step 3: the chosen type's questions under their heading, the answers as typed (`answers`) and their errors. */
export function QuestionFields({ questions, answers, errors }: { questions: AskedQuestion[]; answers: AnswerValues; errors?: FieldErrors }) {
  const language = usePageLanguage();
  const locale = { locale: language };
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="questions-heading" className="mt-8 grid gap-4">
      <h3 id="questions-heading" className="text-base font-semibold">
        {m.details_questions_heading({}, locale)}
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        {questions.map((q) => {
          const given = answers[q.name] ?? [];
          if (q.kind === "one_choice" || q.kind === "several_choices" || q.kind === "yes_no") {
            return <ChoiceGroup key={q.id} q={q} chosen={given} errors={errors?.[q.name]} />;
          }
          const messages = {
            "data-msg-required": q.required ? m.question_answer_required({}, locale) : undefined,
          };
          return (
            <Field key={q.id} label={<bdi>{q.label}</bdi>} required={q.required} hint={q.help ? <bdi>{q.help}</bdi> : undefined} errors={errors?.[q.name]} className="sm:col-span-2">
              {(control) =>
                q.kind === "long_text" ? (
                  <Textarea
                    {...control}
                    {...messages}
                    name={q.name}
                    rows={4}
                    defaultValue={given[0] ?? ""}
                    maxLength={ANSWER_LIMITS.long_text}
                    data-msg-too-long={m.question_answer_too_long({ max: ANSWER_LIMITS.long_text }, locale)}
                  />
                ) : q.kind === "number" ? (
                  <Input {...control} {...messages} name={q.name} inputMode="decimal" dir="ltr" defaultValue={given[0] ?? ""} maxLength={20} className="sm:max-w-48" />
                ) : (
                  <Input
                    {...control}
                    {...messages}
                    name={q.name}
                    defaultValue={given[0] ?? ""}
                    maxLength={ANSWER_LIMITS.short_text}
                    data-msg-too-long={m.question_answer_too_long({ max: ANSWER_LIMITS.short_text }, locale)}
                  />
                )
              }
            </Field>
          );
        })}
      </div>
    </section>
  );
}

/** The answers carried through step 4 as hidden fields (one per value of a choice of several). */
export function AnswerHiddenFields({ answers }: { answers: AnswerValues }) {
  return (
    <>
      {Object.entries(answers).flatMap(([name, list]) => list.map((value, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />))}
    </>
  );
}

/** Step 4's summary rows of the answers given: each question's label and its answer in the page's language. */
export function answerRows(questions: AskedQuestion[], answers: AnswerValues, language: Language): [string, string][] {
  return questions.flatMap((q): [string, string][] => {
    const given = (answers[q.name] ?? []).filter((v) => v.trim());
    if (given.length === 0) return [];
    const choices = q.kind === "number" || q.kind.endsWith("text") ? [] : choicesOf(q, language);
    const text = given.map((v) => choices.find((c) => c.value === v)?.label ?? v).join(", ");
    return [[q.label, text]];
  });
}
