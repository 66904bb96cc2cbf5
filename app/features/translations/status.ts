/**
 * How staff see a translation's state: its badge label and colour. Safe for the browser.
 */
import type { PublicationState } from "~/features/cms/publication";
import type { Language } from "~/utils/i18n";

/** Where a translation stands for staff: not started, only a draft, waiting for its time, or live. */
export type TranslationStatus = "missing" | PublicationState;

/** Labels of a translation's states, as badges show them. */
export const TRANSLATION_STATUS_LABELS: Record<TranslationStatus, string> = {
  missing: "Not translated",
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
};

/** Badge colours of a translation's states. */
export const TRANSLATION_STATUS_VARIANTS = { missing: "grey", draft: "yellow", scheduled: "blue", published: "green", archived: "grey" } as const satisfies Record<TranslationStatus, string>;

/** One tab of an edit screen: English (the item itself) or a language the site offers, with where its translation stands. */
export type LanguageTab = { language: Language; name: string; status: TranslationStatus; behindEnglish: boolean };
