/**
 * The consultation questions on the Translations screen (Content Management > Translations): each
 * question of an active type with, for each offered language besides English, its words as a
 * visitor in that language reads them (a word staff did not translate is shown in English, marked
 * so) and whether it is translated, partly or not at all. Staff who manage consultation types
 * follow a question to its type's questions screen, where every language is written; the filter
 * "Needs work" keeps the questions with a word still in English.
 */
import { Fragment } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { languageInfo, type Language } from "~/utils/i18n";
import type { QuestionTranslationRow, QuestionTranslationStatus } from "../question-translations.server";
import type { QuestionWordsIn, ShownWord } from "../question-words";

const STATUS_LABELS: Record<QuestionTranslationStatus, string> = { translated: "Translated", partial: "Partly in English", english: "In English" };
const STATUS_VARIANTS = { translated: "green", partial: "orange", english: "grey" } as const satisfies Record<QuestionTranslationStatus, string>;

/** The type's questions screen, where staff write a question's words in every language. */
const questionsPath = (typeId: string) => `/admin/site/consultation-types/${typeId}/questions`;

/** One word in `language`; a word still in English is muted and says so to a screen reader. */
function Word({ word, language }: { word: ShownWord; language: Language }) {
  if (!word.translated) {
    return (
      <span lang="en" dir="ltr" className="text-muted-foreground">
        {word.text}
        <span className="sr-only"> (in English)</span>
      </span>
    );
  }
  const info = languageInfo(language);
  return (
    <span lang={info.htmlLang} dir={info.dir}>
      {word.text}
    </span>
  );
}

/** A question's words in one language: the label, the help text and the options, as the wizard shows them. */
function Words({ words, language }: { words: QuestionWordsIn; language: Language }) {
  return (
    <span className="block min-w-0 break-words">
      <span className="block font-medium">
        <Word word={words.label} language={language} />
      </span>
      {words.help ? (
        <span className="block text-xs">
          <Word word={words.help} language={language} />
        </span>
      ) : null}
      {words.options.length ? (
        <span className="block text-xs">
          {words.options.map((option, i) => (
            <Fragment key={i}>
              {i ? " · " : null}
              <Word word={option} language={language} />
            </Fragment>
          ))}
        </span>
      ) : null}
    </span>
  );
}

/** One language's cell: the state, how many words are translated when some are not, and the words. */
function LanguageCell({ entry }: { entry: QuestionTranslationRow["languages"][number] }) {
  return (
    <span className="flex flex-col items-start gap-1.5">
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge variant={STATUS_VARIANTS[entry.status]}>{STATUS_LABELS[entry.status]}</Badge>
        {entry.status === "partial" ? (
          <span className="text-xs text-muted-foreground">
            {entry.translated} of {entry.total} words
          </span>
        ) : null}
      </span>
      <Words words={entry.words} language={entry.language} />
    </span>
  );
}

/** The question's English label, linking to its type's questions screen for staff who may edit it. */
function QuestionName({ row, canEdit }: { row: QuestionTranslationRow; canEdit: boolean }) {
  return (
    <>
      {canEdit ? (
        <Link to={questionsPath(row.typeId)} className="break-words font-medium text-primary hover:underline">
          {row.english.label.text}
          <span className="sr-only"> (edit the questions of {row.typeName})</span>
        </Link>
      ) : (
        <span className="break-words font-medium">{row.english.label.text}</span>
      )}
      <span className="block break-words text-xs text-muted-foreground">{row.typeName}</span>
    </>
  );
}

/**
 * The questions of `rows` in `languages` (the offered ones besides English); with `needsWork`,
 * only those with a word still in English. `canEdit`: the viewer manages consultation types.
 */
export function QuestionTranslations({
  languages,
  rows,
  needsWork,
  canEdit,
}: {
  languages: Language[];
  rows: QuestionTranslationRow[];
  needsWork: boolean;
  canEdit: boolean;
}) {
  const shown = needsWork ? rows.filter((r) => r.languages.some((l) => l.status !== "translated")) : rows;
  return (
    <section aria-labelledby="question-translations" className="mt-10">
      <h2 id="question-translations" className="text-lg font-semibold">
        Consultation questions
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">
        What the booking wizard asks in each language. A word not translated is shown in English{canEdit ? "; write the translations on the type's questions screen." : "."}
      </p>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No active consultation type asks questions.</p>
      ) : shown.length === 0 ? (
        <p className="text-muted-foreground">Every question is translated.</p>
      ) : (
        <>
          <ul aria-label="Consultation questions" className="space-y-3 md:hidden">
            {shown.map((row) => (
              <li key={row.id} className="rounded-lg border p-4">
                <QuestionName row={row} canEdit={canEdit} />
                <dl className="mt-3 grid gap-3 text-sm">
                  {row.languages.map((entry) => (
                    <div key={entry.language}>
                      <dt lang={languageInfo(entry.language).htmlLang} className="mb-1 text-xs font-semibold uppercase text-muted-foreground">
                        {languageInfo(entry.language).name}
                      </dt>
                      <dd>
                        <LanguageCell entry={entry} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <div role="region" aria-label="Consultation questions table" tabIndex={0} className="relative hidden overflow-x-auto rounded-lg border md:block">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Translations of consultation questions</caption>
              <thead className="bg-muted/60 text-start">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">
                    Question
                  </th>
                  {languages.map((code) => (
                    <th key={code} scope="col" lang={languageInfo(code).htmlLang} className="px-4 py-3 text-start font-semibold">
                      {languageInfo(code).name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {shown.map((row) => (
                  <tr key={row.id} className="align-top">
                    <th scope="row" className="px-4 py-3 text-start font-normal">
                      <QuestionName row={row} canEdit={canEdit} />
                    </th>
                    {row.languages.map((entry) => (
                      <td key={entry.language} className="px-4 py-3">
                        <LanguageCell entry={entry} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
