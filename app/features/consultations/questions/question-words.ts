/**
 * A question's words in a language, the one rule the wizard and the Translations screen share:
 * each word (the label, the help text, each option) is the translation staff wrote where it is not
 * empty, else the English word (per word, so a half-translated question is still asked). Safe for
 * the browser.
 */
import type { consultationQuestions } from "~/db/schema/consultations";
import { DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";

/** A word as shown in a language, and whether it is the translation (false: the English word). */
export type ShownWord = { text: string; translated: boolean };

/** A question's words as shown in one language; `help` null when the question has none in English. */
export type QuestionWordsIn = { label: ShownWord; help: ShownWord | null; options: ShownWord[] };

type QuestionText = Pick<typeof consultationQuestions.$inferSelect, "label" | "help" | "options" | "translations">;

/**
 * `question`'s label, help text and options in `language`, each the translation where staff wrote
 * one, else English. English itself is always "translated". A help text written only in a
 * translation (the English one empty) is shown: the visitor in that language reads it.
 */
export function questionWordsIn(question: QuestionText, language: Language): QuestionWordsIn {
  const words = language === DEFAULT_LANGUAGE ? undefined : question.translations[language];
  const shown = (translation: string | undefined, english: string): ShownWord =>
    language === DEFAULT_LANGUAGE ? { text: english, translated: true } : translation ? { text: translation, translated: true } : { text: english, translated: false };
  const help = words?.help || question.help ? shown(words?.help, question.help ?? "") : null;
  return {
    label: shown(words?.label, question.label),
    help,
    options: question.options.map((english, i) => shown(words?.options?.[i], english)),
  };
}
