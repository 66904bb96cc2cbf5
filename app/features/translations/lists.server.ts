/**
 * The list pages in a language (ADR 33): `/fr/projects` and `/fr/insights` list the public items
 * whose translation into that language is live, with their translated words and addresses. A
 * list exists in a language only while at least one item is published in it; English always.
 */
import { listPublishedInsights, listPublishedInsightSlugs, type InsightCardData } from "~/features/insights/insights.server";
import { listPublishedProjects, listPublishedProjectSlugs, type ProjectCardData, type ProjectCounts } from "~/features/projects/projects.server";
import type { ProjectListQuery } from "~/features/projects/query";
import { DEFAULT_LANGUAGE, LANGUAGES, languageInfo, localizedPath, type Language, type PageInLanguage } from "~/utils/i18n";
import { getSiteSettings } from "~/features/settings/settings.server";
import { formatArticleDateIn } from "~/utils/format";
import { applyTranslation, type TranslatableKind } from "./fields";
import { liveTranslationSlugs, liveTranslationsIn } from "./translations.server";

/** The English address of the list of `kind`. */
export function listPathOf(kind: TranslatableKind): string {
  return kind === "project" ? "/projects" : "/insights";
}

/**
 * The list of `kind` in every language it exists in among `offered`: English at its own address,
 * then each language with at least one item of `translated` (live translations of public items,
 * by item id) at its prefix. The switcher, the `hreflang` alternates and the sitemap list them.
 */
export function listPagesFrom(kind: TranslatableKind, translated: ReadonlyMap<string, readonly { language: Language }[]>, offered: readonly string[]): PageInLanguage[] {
  const present = new Set([...translated.values()].flat().map((t) => t.language));
  const path = listPathOf(kind);
  return LANGUAGES.filter((code) => code === DEFAULT_LANGUAGE || (present.has(code) && offered.includes(code))).map((code) => ({ language: code, path: localizedPath(path, code) }));
}

/** The languages the list of `kind` exists in at `now`, among `offered` (see `listPagesFrom`). */
export async function listPageLanguages(kind: TranslatableKind, offered: readonly string[], now: Date = new Date()): Promise<PageInLanguage[]> {
  const ids = (await (kind === "project" ? listPublishedProjectSlugs(now) : listPublishedInsightSlugs(now))).map((row) => row.id);
  return listPagesFrom(kind, await liveTranslationSlugs(kind, ids, now), offered);
}

/**
 * The English paths of the lists that exist in `language` at `now` (`/projects`, `/insights`: each
 * while one of its public items is published in the language, `listPagesFrom`'s rule); none in
 * English, whose lists are never under a prefix. The root data adds them to the paths the header's,
 * footer's and pages' links follow into the language.
 */
export async function listPathsIn(language: Language, now: Date = new Date()): Promise<string[]> {
  if (language === DEFAULT_LANGUAGE) return [];
  const kinds = ["project", "insight"] as const;
  const exists = await Promise.all(kinds.map(async (kind) => (await listPageLanguages(kind, [language], now)).some((page) => page.language === language)));
  return kinds.filter((_, i) => exists[i]).map(listPathOf);
}

/**
 * The list a page of `kind` in `language` links back to. A published page's list exists in its
 * language, since the page is in it. A preview (`preview`) may show the first translation into a
 * language, not yet published: the list in that language where it exists among the offered
 * languages, else the English list (never a 404).
 */
export async function backToListPath(kind: TranslatableKind, language: Language, preview: boolean): Promise<string> {
  const path = localizedPath(listPathOf(kind), language);
  if (!preview || language === DEFAULT_LANGUAGE) return path;
  const { offeredLanguages } = await getSiteSettings();
  const lists = await listPageLanguages(kind, offeredLanguages);
  return lists.some((list) => list.language === language) ? path : listPathOf(kind);
}

/** True when `text` holds `needle` (already lower-cased in `intl`), ignoring case. */
function holds(text: string | null, needle: string, intl: string): boolean {
  return (text ?? "").toLocaleLowerCase(intl).includes(needle);
}

/**
 * The /projects list in `language` (not English): the public projects published in it, in the
 * English list's order (featured first, then newest), each with its translated title and overview
 * (English where staff chose it) and its translated slug, filtered by the category tab and by the
 * search text (case-insensitive substring of the translated title or overview, or the location).
 * `counts` as in English: per tab, the projects matching the search text. Null when no project is
 * published in the language (the page does not exist).
 */
export async function listProjectsInLanguage(language: Language, query: ProjectListQuery, now: Date = new Date()): Promise<{ projects: ProjectCardData[]; counts: ProjectCounts } | null> {
  const [translations, english, ids] = await Promise.all([liveTranslationsIn("project", language, now), listPublishedProjects({}, now), listPublishedProjectSlugs(now)]);
  const idOf = new Map(ids.map((row) => [row.slug, row.id]));
  const bySlug = new Map(translations.map((t) => [t.entityId, t]));
  const cards = english.projects.flatMap((card) => {
    const translation = bySlug.get(idOf.get(card.slug) ?? "");
    if (!translation) return [];
    const words = applyTranslation("project", { title: card.title, overview: card.description }, translation.document);
    return [{ ...card, id: translation.slug, slug: translation.slug, title: words.title ?? card.title, description: words.overview ?? "" }];
  });
  if (cards.length === 0) return null;
  const intl = languageInfo(language).intl;
  const needle = query.q.trim().toLocaleLowerCase(intl);
  const matching = needle ? cards.filter((c) => holds(c.title, needle, intl) || holds(c.description, needle, intl) || holds(c.location, needle, intl)) : cards;
  const counts: ProjectCounts = { all: matching.length, commercial: 0, humanitarian: 0 };
  for (const card of matching) counts[card.category] += 1;
  return { projects: query.category === "all" ? matching : matching.filter((c) => c.category === query.category), counts };
}

/**
 * The /insights list in `language` (not English): the public articles published in it, newest
 * first as in English, each with its translated title and excerpt (English where staff chose it),
 * its translated slug and its date written in the language. Null when no article is published in
 * the language (the page does not exist).
 */
export async function listInsightsInLanguage(language: Language, now: Date = new Date()): Promise<InsightCardData[] | null> {
  const [translations, english] = await Promise.all([liveTranslationsIn("insight", language, now), listPublishedInsights(now)]);
  const byId = new Map(translations.map((t) => [t.entityId, t]));
  const intl = languageInfo(language).intl;
  const cards = english.flatMap((card) => {
    const translation = byId.get(card.id);
    if (!translation) return [];
    const words = applyTranslation("insight", { title: card.title, excerpt: card.excerpt }, translation.document);
    return [{ ...card, slug: translation.slug, title: words.title ?? card.title, excerpt: words.excerpt ?? "", dateLabel: formatArticleDateIn(card.publishedDate, intl) ?? card.dateLabel }];
  });
  return cards.length > 0 ? cards : null;
}
