/**
 * The questions of one consultation type in the site studio
 * (/admin/site/consultation-types/:typeId/questions): what the booking wizard's details step asks
 * a visitor who chose the type, in order, each in English and the other languages. Every change
 * is a plain form post to the route.
 */
import { useState } from "react";
import { useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { StudioAddSection, StudioList, StudioListItem } from "~/components/studio-list";
import { ConfirmDelete } from "~/components/confirm-dialog";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { useReplyToast } from "~/components/use-reply-toast";
import type { FieldErrors } from "~/utils/forms";
import { languageInfo, staffLanguageName } from "~/utils/i18n";
import { QUESTION_KINDS } from "~/utils/domain";
import type { QuestionKind } from "~/db/schema/consultations";
import { QUESTION_KIND_NAMES, QUESTION_LIMITS, TRANSLATED_LANGUAGES, type QuestionReply } from "../question-form";
import type { ConsultationQuestion } from "../questions.server";

const isChoice = (kind: QuestionKind) => kind === "one_choice" || kind === "several_choices";

/**
 * A question's fields: kind, the English words, required, the options (choice questions) or the
 * bounds (a number), and each other language's words with the English beside them.
 */
function QuestionFields({ question, errors }: { question?: ConsultationQuestion; errors?: FieldErrors }) {
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? "short_text");
  const choice = isChoice(kind);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Question" required errors={errors?.label} className="sm:col-span-2">
        {(control) => <Input {...control} name="label" defaultValue={question?.label} maxLength={QUESTION_LIMITS.label} required />}
      </Field>
      <Field label="Answer" required errors={errors?.kind}>
        {(control) => (
          <NativeSelect {...control} name="kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as QuestionKind)}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {QUESTION_KIND_NAMES[k]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input type="checkbox" name="required" defaultChecked={question?.required ?? false} className="size-4 accent-primary" />
        Required (visitors must answer it)
      </label>
      <Field label="Help text" errors={errors?.help} hint="Shown under the question; optional." className="sm:col-span-2">
        {(control) => <Textarea {...control} name="help" rows={2} defaultValue={question?.help ?? ""} maxLength={QUESTION_LIMITS.help} />}
      </Field>
      {choice ? (
        <Field label="Options" required errors={errors?.options} hint={`One a line, 2 to ${QUESTION_LIMITS.options}, in the order shown.`} className="sm:col-span-2">
          {(control) => <Textarea {...control} name="options" rows={4} defaultValue={question?.options.join("\n") ?? ""} />}
        </Field>
      ) : null}
      {kind === "number" ? (
        <>
          <Field label="Smallest number" errors={errors?.numberMin} hint="Empty for no lower bound.">
            {(control) => <Input {...control} name="numberMin" type="number" inputMode="numeric" defaultValue={question?.numberMin ?? ""} />}
          </Field>
          <Field label="Largest number" errors={errors?.numberMax} hint="Empty for no upper bound.">
            {(control) => <Input {...control} name="numberMax" type="number" inputMode="numeric" defaultValue={question?.numberMax ?? ""} />}
          </Field>
        </>
      ) : null}
      <fieldset className="grid gap-4 rounded-md border p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-medium">In other languages</legend>
        <p className="text-sm text-muted-foreground">A word left empty is shown in English.</p>
        {TRANSLATED_LANGUAGES.map((code) => {
          const info = languageInfo(code);
          const words = question?.translations[code];
          const lang = { lang: info.htmlLang, dir: info.dir };
          return (
            <div key={code} className="grid gap-3 border-t pt-3 first-of-type:border-t-0 sm:grid-cols-2">
              <h3 className="text-sm font-semibold sm:col-span-2">{staffLanguageName(code)}</h3>
              <Field label={`Question (${info.name})`} errors={errors?.[`label_${code}`]} className="sm:col-span-2">
                {(control) => <Input {...control} {...lang} name={`label_${code}`} defaultValue={words?.label ?? ""} maxLength={QUESTION_LIMITS.label} />}
              </Field>
              <Field label={`Help text (${info.name})`} errors={errors?.[`help_${code}`]} className="sm:col-span-2">
                {(control) => <Textarea {...control} {...lang} name={`help_${code}`} rows={2} defaultValue={words?.help ?? ""} maxLength={QUESTION_LIMITS.help} />}
              </Field>
              {choice ? (
                <Field label={`Options (${info.name})`} errors={errors?.[`options_${code}`]} hint="One a line, in the English options' order." className="sm:col-span-2">
                  {(control) => <Textarea {...control} {...lang} name={`options_${code}`} rows={3} defaultValue={words?.options?.join("\n") ?? ""} />}
                </Field>
              ) : null}
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}

/**
 * The type's questions with move up and down, edit (the form whose post failed opens with its
 * field errors) and delete, and the form to add one while the type asks fewer than the limit.
 */
export function QuestionsScreen({
  type,
  questions,
  result,
}: {
  type: { id: string; name: string };
  questions: ConsultationQuestion[];
  result: QuestionReply | undefined;
}) {
  useReplyToast(result, "questions");
  const busy = useNavigation().state !== "idle";
  const errorsFor = (id: string | undefined) => (result && !result.ok && result.id === id ? result.fieldErrors : undefined);
  const full = questions.length >= QUESTION_LIMITS.perType;
  return (
    <>
      <AdminPageHeader
        title={`Questions: ${type.name}`}
        description="Asked in the booking wizard's details step to visitors who choose this type, in this order. Answers already given never change when a question is edited or deleted."
        back={{ to: "/admin/site/consultation-types", label: "Back to consultation types" }}
      />
      <StudioList label={`Questions of ${type.name}`} empty="No questions yet: visitors are asked only the usual details.">
        {questions.map((question, i) => (
          <StudioListItem
            key={question.id}
            data-question={question.label}
            recordId={question.id}
            name={`"${question.label}"`}
            first={i === 0}
            last={i === questions.length - 1}
            busy={busy}
            summary={
              <>
                <h2 className="break-words font-semibold">
                  {i + 1}. {question.label}
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  {QUESTION_KIND_NAMES[question.kind]}
                  <Badge variant={question.required ? "blue" : "grey"}>{question.required ? "Required" : "Optional"}</Badge>
                  {isChoice(question.kind) ? <span className="break-words">{question.options.join(" · ")}</span> : null}
                </p>
              </>
            }
            editLabel={`Edit question ${i + 1}`}
            editOpen={Boolean(errorsFor(question.id))}
            fields={<QuestionFields question={question} errors={errorsFor(question.id)} />}
            actions={
              <>
                <Button type="submit" name="intent" value="update" disabled={busy}>
                  Save question {i + 1}
                </Button>
                <ConfirmDelete
                  id={question.id}
                  title={`Delete question ${i + 1}?`}
                  description="Visitors are no longer asked it. Bookings keep the answers already given."
                  disabled={busy}
                />
              </>
            }
          />
        ))}
      </StudioList>
      <StudioAddSection
        id="add-question"
        title="Add a question"
        submitLabel="Add question"
        busy={busy}
        formKey={result?.ok && result.intent === "create" ? `added-${questions.length}` : "add"}
        fields={<QuestionFields errors={errorsFor(undefined)} />}
        closed={full ? <p className="text-sm text-muted-foreground">This type asks {QUESTION_LIMITS.perType} questions, the most it may: delete one to add another.</p> : undefined}
      />
    </>
  );
}
