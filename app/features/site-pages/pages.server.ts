/**
 * The editable pages of the public site, stored as one `site_pages` row per key and
 * published through the content studio's workflow (`app/features/cms`): a save keeps a revision
 * (the last 50), is audited, and is refused when the page changed since the editor opened it.
 *
 * Publication: "keep"/"draft" saves the working copy only (visitors still see the published
 * version); "publish" makes it the published version now; "schedule" makes it the published
 * version at a future instant without anyone acting (read as live from then on, folded into
 * `published` by the next save). Every write bumps the HTML cache's content version (trigger of
 * migration 0016), and the next scheduled instant is one of the cache's expiry times.
 */
import { and, count, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { db, type Database, type Transaction } from "~/db/client.server";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { cmsProjects, contentTranslations, insights, sitePages } from "~/db/schema";
import { audit, conflictMessage, type CmsActor, recordRevision, type Row } from "~/features/cms/content.server";
import type { Publication } from "~/features/cms/form-values";
import { type PublicationState } from "~/features/cms/publication";
import { insightIsPublic, projectIsPublic } from "~/features/cms/publication.server";
import { PREVIEW_HEADERS, verifyPreviewToken } from "~/features/cms/preview.server";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { logger } from "~/utils/logger.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, localizedPath, type Language, type PageInLanguage } from "~/utils/i18n";
import { liveDocument, translationPreviewId } from "~/features/translations/translations.server";
import { applyPageTranslation } from "./page-words";
import { type FiguresContent, type PageContent, pageSchema, SITE_PAGES, type SitePageKey } from "./schemas";

type PageRow = typeof sitePages.$inferSelect;

/** Inserts the seed content of `keys` as their published version where the page has no row yet. */
export async function ensurePages(executor: Database | Transaction, keys: readonly SitePageKey[], now: Date = new Date()): Promise<void> {
  await executor
    .insert(sitePages)
    .values(keys.map((key) => ({ key, draft: SITE_PAGE_SEED[key], published: SITE_PAGE_SEED[key], publishedAt: now, updatedAt: now })))
    .onConflictDoNothing();
}

/** The version visitors see at `now`: a due scheduled version, else the published one (null if never published). */
function liveContent(row: PageRow, now: Date): { content: Record<string, unknown> | null; since: Date | null } {
  if (row.scheduled && row.scheduledAt && row.scheduledAt.getTime() <= now.getTime()) return { content: row.scheduled, since: row.scheduledAt };
  return { content: row.published, since: row.publishedAt };
}

/** A page as its edit screen shows it. Dates are ISO instants. */
export type EditablePage = {
  id: string;
  key: SitePageKey;
  version: number;
  /** The working copy (what the form shows). */
  draft: Record<string, unknown>;
  /** "scheduled" while a scheduled version waits, "published" once a version is live, else "draft". */
  state: PublicationState;
  /** When the live version went live, or when the scheduled one goes live. */
  publishedAt: string | null;
  /** Whether the working copy differs from what visitors see (or will see at the scheduled time). */
  unpublishedChanges: boolean;
};

/** The page `key` for its edit screen (created from the seed when missing). */
export async function getEditablePage(key: SitePageKey, now: Date = new Date()): Promise<EditablePage> {
  await ensurePages(db, [key], now);
  const [row] = await db.select().from(sitePages).where(eq(sitePages.key, key));
  const live = liveContent(row!, now);
  const waiting = row!.scheduled && row!.scheduledAt && row!.scheduledAt.getTime() > now.getTime();
  const target = waiting ? row!.scheduled : live.content;
  return {
    id: row!.id,
    key,
    version: row!.version,
    draft: row!.draft,
    state: waiting ? "scheduled" : live.content ? "published" : "draft",
    publishedAt: waiting ? row!.scheduledAt!.toISOString() : (live.since?.toISOString() ?? null),
    unpublishedChanges: JSON.stringify(target) !== JSON.stringify(row!.draft),
  };
}

/** The outcome of a save. */
export type PageSaveResult = { ok: true; version: number; state: PublicationState; at: Date | null } | { ok: false; reason: "conflict"; message: string };

/**
 * Saves `content` (already validated by the page's schema for the intent) as the working copy of
 * page `key` and applies `publication`. Refused with "conflict" (who saved last, and when) when
 * the page's version is no longer `expectedVersion`. One transaction: row, revision and audit.
 */
export async function savePage(
  key: SitePageKey,
  actor: CmsActor,
  expectedVersion: number,
  content: Record<string, unknown>,
  publication: Publication,
  now: Date = new Date(),
): Promise<PageSaveResult> {
  await ensurePages(db, [key], now);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sitePages).where(eq(sitePages.key, key)).for("update");
    if (!before) throw new Error(`Page ${key} is missing`);
    if (before.version !== expectedVersion) return { ok: false, reason: "conflict", message: await conflictMessage(tx, "page", before) };
    const live = liveContent(before, now);
    const set: Partial<PageRow> = { draft: content, published: live.content, publishedAt: live.since, version: before.version + 1, updatedAt: now };
    // A due scheduled version has become the published one.
    if (before.scheduledAt && before.scheduledAt.getTime() <= now.getTime()) Object.assign(set, { scheduled: null, scheduledAt: null });
    let action: string;
    if (publication.intent === "publish") {
      Object.assign(set, { published: content, publishedAt: now, scheduled: null, scheduledAt: null });
      action = "published";
    } else if (publication.intent === "schedule") {
      Object.assign(set, { scheduled: content, scheduledAt: publication.at });
      action = "scheduled";
    } else {
      action = "updated";
    }
    const [row] = await tx
      .update(sitePages)
      .set(set)
      .where(and(eq(sitePages.id, before.id), eq(sitePages.version, before.version)))
      .returning();
    if (!row) return { ok: false, reason: "conflict", message: await conflictMessage(tx, "page", before) };
    const revised: Row = { ...row, slug: key, title: SITE_PAGES[key].title };
    await recordRevision(tx, "page", revised, action, actor);
    await audit(tx, "page", actor, action, revised, action === "scheduled" ? { at: publication.intent === "schedule" ? publication.at.toISOString() : null } : {});
    const state: PublicationState = row.scheduledAt && row.scheduledAt.getTime() > now.getTime() ? "scheduled" : row.published ? "published" : "draft";
    return { ok: true, version: row.version, state, at: state === "scheduled" ? row.scheduledAt : row.publishedAt };
  });
}

/**
 * What a public page reads: each asked page's content, whether a draft is being previewed, and
 * (in a language other than English) which of the pages are published in that language.
 */
export type PublicPages<K extends SitePageKey> = { pages: { [P in K]: PageContent[P] }; preview: boolean; translated: Set<SitePageKey> };

/**
 * The content visitors see of pages `keys` at `now`, in `language`. With a valid signed
 * `previewToken` of one of those pages (one hour), that page's working copy is shown instead. A
 * page without a row, never published, or whose stored content no longer passes its schema shows
 * its seed content (logged), so a public page never breaks. In another language, each page whose
 * translation is live (or previewed with a token signed for the page and the language) shows
 * its words (`applyPageTranslation`; ADR 33); the others stay English, and `translated` names the
 * ones that are in the language.
 */
export async function readPublicPages<K extends SitePageKey>(
  keys: readonly K[],
  previewToken: string | null = null,
  now: Date = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): Promise<PublicPages<K>> {
  const rows = await db.select().from(sitePages).where(inArray(sitePages.key, keys as readonly SitePageKey[] as SitePageKey[]));
  const english = language === DEFAULT_LANGUAGE;
  const translations = english || rows.length === 0 ? [] : await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entityType, "page"), eq(contentTranslations.language, language), inArray(contentTranslations.entityId, rows.map((r) => r.id))));
  let preview = false;
  const translated = new Set<SitePageKey>();
  const pages = {} as { [P in K]: PageContent[P] };
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    let content: unknown = row ? liveContent(row, now).content : null;
    let mode: "publish" | "draft" = "publish";
    if (english && row && previewToken && verifyPreviewToken(previewToken, "page", row.id, now)) {
      content = row.draft;
      mode = "draft";
      preview = true;
    }
    const parsed = content ? pageSchema(key, mode).safeParse(content) : null;
    if (parsed && !parsed.success) logger.warn({ page: key, issues: parsed.error.issues.slice(0, 3) }, "site page content is invalid; showing the seed content");
    pages[key] = (parsed?.success ? parsed.data : SITE_PAGE_SEED[key]) as PageContent[K];
    const translation = row ? translations.find((t) => t.entityId === row.id) : undefined;
    if (!translation) continue;
    let document = liveDocument(translation, now).document;
    if (previewToken && verifyPreviewToken(previewToken, "page", translationPreviewId(row!.id, language), now)) {
      document = translation.draft;
      preview = true;
    }
    if (!document) continue;
    pages[key] = applyPageTranslation(pageSchema(key, "draft"), pages[key], document);
    translated.add(key);
  }
  return { pages, preview, translated };
}

/** A company figure as pages show it. */
export type Figure = { value: string; label: string };
/** Figures by key. */
export type FigureMap = Record<string, Figure>;

/**
 * The figures by key with computed ones filled in (`projects-published`: public projects now,
 * `insights-published`: public articles now). A failed count is logged and shows the typed value.
 */
export async function resolveFigures(content: FiguresContent, now: Date = new Date()): Promise<FigureMap> {
  const sources = new Set(content.figures.map((f) => f.source));
  const counts: Partial<Record<string, number>> = {};
  try {
    if (sources.has("projects-published")) counts["projects-published"] = (await db.select({ n: count() }).from(cmsProjects).where(projectIsPublic(now)))[0]?.n ?? 0;
    if (sources.has("insights-published")) counts["insights-published"] = (await db.select({ n: count() }).from(insights).where(insightIsPublic(now)))[0]?.n ?? 0;
  } catch (error) {
    logger.error({ err: error }, "figures: failed to count published content");
  }
  const map: FigureMap = {};
  for (const f of content.figures) {
    const computed = f.source === "manual" ? undefined : counts[f.source];
    map[f.key] = { label: f.label, value: computed === undefined ? f.value : String(computed) };
  }
  return map;
}

/** A figure by key; an unknown key (never published: publish checks references) shows nothing. */
export function figure(map: FigureMap, key: string): Figure {
  return map[key] ?? { value: "", label: "" };
}

/** The figure keys of the published figures page, for checking a page's references on publish. */
export async function publishedFigureKeys(now: Date = new Date()): Promise<Set<string>> {
  const { pages } = await readPublicPages(["figures"], null, now);
  return new Set(pages.figures.figures.map((f) => f.key));
}

/**
 * What a public page's loader needs from the studio: the pages `keys` in `language` (a valid
 * `?preview=` token of one of them shows its draft), the company figures resolved (always read:
 * most pages show one), which pages are in the language (`translated`), and the response headers
 * (a preview is never cached or indexed).
 */
export async function loadSitePages<K extends SitePageKey>(request: Request, keys: readonly K[], now: Date = new Date(), language: Language = DEFAULT_LANGUAGE) {
  const token = new URL(request.url).searchParams.get("preview");
  const all = [...new Set<SitePageKey>([...keys, "figures"])] as (K | "figures")[];
  const { pages, preview, translated } = await readPublicPages(all, token, now, language);
  const figures = await resolveFigures(pages.figures, now);
  return { pages: pages as PublicPages<K | "figures">["pages"], figures, preview, translated, headers: token !== null ? PREVIEW_HEADERS : undefined };
}

/** The public pages served in other languages where their site page is published in it (ADR 33), by English path. */
export const TRANSLATABLE_SITE_PAGES: readonly { path: string; key: SitePageKey }[] = (
  [
    ["home", ["/"]],
    ["about", ["/about"]],
    ["services", ["/services", "/services/commercial", "/services/humanitarian"]],
    ["contact", ["/contact"]],
    ["legal", ["/privacy", "/terms"]],
  ] as const
).flatMap(([key, paths]) => paths.map((path) => ({ path, key })));

/**
 * The English paths of `TRANSLATABLE_SITE_PAGES` whose site page is published in `language` at
 * `now`. The root loader asks on every page under a prefix, so the database answers with the keys
 * alone: a translation is live when it has a published version or a scheduled one that is due
 * (`liveDocument`'s rule), and no page document is read.
 */
export async function publishedSitePagePaths(language: Language, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .select({ key: sitePages.key })
    .from(contentTranslations)
    .innerJoin(sitePages, eq(sitePages.id, contentTranslations.entityId))
    .where(
      and(
        eq(contentTranslations.entityType, "page"),
        eq(contentTranslations.language, language),
        or(isNotNull(contentTranslations.published), and(isNotNull(contentTranslations.scheduled), lte(contentTranslations.scheduledAt, now))),
      ),
    );
  const live = new Set(rows.map((r) => r.key));
  return TRANSLATABLE_SITE_PAGES.filter((page) => live.has(page.key)).map((page) => page.path);
}

/**
 * The addresses of site page `key` (English at `path`) in every offered language (`offered`) it
 * is published in at `now`: English first, then each language with a live translation
 * (`/fr{path}`). The switcher and the `hreflang` alternates list them.
 */
export async function sitePageLanguages(key: SitePageKey, path: string, offered: readonly string[], now: Date = new Date()): Promise<PageInLanguage[]> {
  const rows = await db
    .select({ language: contentTranslations.language, published: contentTranslations.published, publishedAt: contentTranslations.publishedAt, scheduled: contentTranslations.scheduled, scheduledAt: contentTranslations.scheduledAt })
    .from(contentTranslations)
    .innerJoin(sitePages, eq(sitePages.id, contentTranslations.entityId))
    .where(and(eq(contentTranslations.entityType, "page"), eq(sitePages.key, key)));
  const live = rows.filter((r) => offered.includes(r.language) && isLanguage(r.language) && liveDocument(r, now).document);
  return [
    { language: DEFAULT_LANGUAGE, path },
    ...LANGUAGES.filter((code) => live.some((r) => r.language === code)).map((code) => ({ language: code, path: localizedPath(path, code) })),
  ];
}

/**
 * What /services/commercial or /services/humanitarian shows (`part` of the published Services
 * page in `language`; a `?preview=` token of it shows the draft): the page's content, its library
 * images resolved (a failed read is logged, marks the render degraded, and draws the stored
 * addresses), whether the Services page is published in `language` (`found`, always in English),
 * and the response headers.
 */
export async function loadServicePage(request: Request, context: AppLoadContext, part: "commercialPage" | "humanitarianPage", language: Language = DEFAULT_LANGUAGE) {
  const { pages, preview, translated, headers } = await loadSitePages(request, ["services"], new Date(), language);
  const page = pages.services[part];
  const images = await loadOrDegrade(context, () => resolveImages([page.image.src]), {} as ImageMap, `${part}: failed to resolve images`);
  return { page, images, preview, headers, found: language === DEFAULT_LANGUAGE || translated.has("services") };
}
