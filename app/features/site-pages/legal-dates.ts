/**
 * The "Last updated" date of the privacy policy and the terms moves by itself when a changed
 * document is published: readers and regulators rely on it, and staff forget it. Safe for the
 * browser (pure).
 */
import type { LegalContent } from "./schemas";

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** `at` as the legal pages write a date: "1 September 2025" (Europe/London day). */
export function formatLegalDate(at: Date): string {
  return longDate.format(at);
}

/**
 * `next` (the version being published or scheduled) with each document's `updated` set to the
 * Europe/London date `goesLive` when the document's words (introduction, body, closing) differ
 * from `live` (what visitors read now) and staff left the date as it was; a date staff typed
 * themselves, or an unchanged document, keeps its date.
 */
export function stampLegalUpdates(next: LegalContent, live: LegalContent, goesLive: Date): LegalContent {
  const words = (doc: object) => JSON.stringify({ ...doc, updated: undefined });
  const stamp = <D extends { updated: string }>(doc: D, before: D): D =>
    words(doc) !== words(before) && doc.updated === before.updated ? { ...doc, updated: formatLegalDate(goesLive) } : doc;
  return { privacy: stamp(next.privacy, live.privacy), terms: stamp(next.terms, live.terms) };
}
