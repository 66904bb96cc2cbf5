/**
 * The translations overview (ADR 33): every project and article with, for each language the site
 * offers besides English, where its translation stands (missing, draft, scheduled, published) and
 * whether English changed after it was saved ("behind English"). Archived items are left out:
 * they are never public in any language.
 */
import { and, inArray, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cmsProjects, contentTranslations, insights } from "~/db/schema";
import { type PublicationState, publicationState } from "~/features/cms/publication";
import { getSiteSettings } from "~/features/settings/settings.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/utils/i18n";
import type { TranslatableKind } from "./fields";
import type { TranslationStatus } from "./status";
import { englishDigest, translationStatus } from "./translations.server";

/** One row of the overview: an item, its English state and each offered language's translation. */
export type OverviewRow = {
  kind: TranslatableKind;
  id: string;
  title: string;
  /** The English item's own state (draft, scheduled, published). */
  english: PublicationState;
  languages: { language: Language; status: TranslationStatus; behindEnglish: boolean }[];
};

/** The overview at `now`: the offered languages besides English, and projects then articles, each newest updated first. */
export async function translationsOverview(now: Date = new Date()): Promise<{ languages: Language[]; rows: OverviewRow[] }> {
  const settings = await getSiteSettings();
  const languages = settings.offeredLanguages.filter((code): code is Language => isLanguage(code) && code !== DEFAULT_LANGUAGE);
  const [projects, articles, translations] = await Promise.all([
    db.select().from(cmsProjects).where(ne(cmsProjects.displayStatus, "archived")),
    db.select().from(insights).where(ne(insights.status, "archived")),
    languages.length
      ? db
          .select()
          .from(contentTranslations)
          .where(and(inArray(contentTranslations.entityType, ["project", "insight"]), inArray(contentTranslations.language, languages)))
      : Promise.resolve([]),
  ]);
  const newestFirst = <T extends { updatedAt: Date }>(rows: T[]) => [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const row = (kind: TranslatableKind, english: Record<string, unknown> & { id: string; title: string }, state: PublicationState): OverviewRow => {
    const digest = englishDigest(kind, english);
    return {
      kind,
      id: english.id,
      title: english.title,
      english: state,
      languages: languages.map((language) => {
        const t = translations.find((r) => r.entityType === kind && r.entityId === english.id && r.language === language);
        return { language, status: translationStatus(t, now), behindEnglish: t ? t.sourceDigest !== digest : false };
      }),
    };
  };
  return {
    languages,
    rows: [
      ...newestFirst(projects).map((p) => row("project", p, publicationState(p.displayStatus, p.publishedAt, now))),
      ...newestFirst(articles).map((a) => row("insight", a, publicationState(a.status, a.publishedDate, now))),
    ],
  };
}
