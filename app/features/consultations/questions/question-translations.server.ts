/**
 * The consultation questions' part of the Translations screen: every question of every active
 * consultation type (types in the studio's order, questions in the wizard's) with, for each
 * language asked for, its words in that language as the wizard shows them (`questionWordsIn`)
 * and how many of them staff translated. Staff write the words on the type's questions screen.
 */
import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationQuestions, consultationTypes } from "~/db/schema";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import type { QuestionKind } from "~/db/schema/consultations";
import { questionWordsIn, type QuestionWordsIn } from "./question-words";

/** Where a question's translation into one language stands: every word, some (the rest shown in English), or none. */
export type QuestionTranslationStatus = "translated" | "partial" | "english";

/** One question on the Translations screen: its type, its English words and each language's. */
export type QuestionTranslationRow = {
  id: string;
  typeId: string;
  typeName: string;
  kind: QuestionKind;
  english: QuestionWordsIn;
  languages: { language: Language; status: QuestionTranslationStatus; words: QuestionWordsIn; translated: number; total: number }[];
};

/** Whether `words` are all translated, some, or none. */
function statusOf(words: QuestionWordsIn): { status: QuestionTranslationStatus; translated: number; total: number } {
  const all = [words.label, ...(words.help ? [words.help] : []), ...words.options];
  const translated = all.filter((w) => w.translated).length;
  return { status: translated === all.length ? "translated" : translated === 0 ? "english" : "partial", translated, total: all.length };
}

/** The questions of the active types with their words in each of `languages` (English left out by the caller). */
export async function questionTranslations(languages: readonly Language[]): Promise<QuestionTranslationRow[]> {
  const rows = await db
    .select({ question: consultationQuestions, typeName: consultationTypes.name })
    .from(consultationQuestions)
    .innerJoin(consultationTypes, eq(consultationTypes.id, consultationQuestions.typeId))
    .where(eq(consultationTypes.isActive, true))
    .orderBy(asc(consultationTypes.sortOrder), asc(consultationTypes.name), asc(consultationTypes.id), asc(consultationQuestions.sortOrder), asc(consultationQuestions.createdAt));
  return rows.map(({ question, typeName }) => ({
    id: question.id,
    typeId: question.typeId,
    typeName,
    kind: question.kind,
    english: questionWordsIn(question, DEFAULT_LANGUAGE),
    languages: languages.map((language) => {
      const words = questionWordsIn(question, language);
      return { language, words, ...statusOf(words) };
    }),
  }));
}
