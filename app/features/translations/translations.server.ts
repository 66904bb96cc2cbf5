/**
 * Translations of projects and insights (ADR 33): one `content_translations` row per item and
 * language, drafted, previewed, scheduled and published on its own through the content studio's
 * workflow (`app/features/cms`): every save keeps a revision under the item's kind and the
 * language, is audited (`project.translation_published` ... with the language), and is refused
 * with the studio's conflict message when the translation changed since the editor opened it.
 *
 * Publication, as for site pages: "keep"/"draft" saves the working copy only (visitors still see
 * the published version); "publish" makes it the published version now; "schedule" makes it the
 * published version at a future instant (read as live from then on, folded into `published` by
 * the next save); "unpublish" and "cancel-schedule" take the language off the site or drop the
 * waiting version. A translation is public when its English item is public and it has a live
 * version: `/{language}/projects/{translated slug}`. Writes bump the HTML cache's content version
 * (trigger of migration 0027).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { cmsProjects, contentTranslations, insights, sitePages, type TranslationDocument } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql";
import { audit, type CmsActor, conflictMessage, recordRevision, type Row } from "~/features/cms/content.server";
import type { Publication } from "~/features/cms/form-values";
import { verifyPreviewToken } from "~/features/cms/preview.server";
import { DEFAULT_LANGUAGE, languageInfo, localizedPath, type Language, type PageInLanguage } from "~/utils/i18n";
import { SITE_PAGE_SEED } from "~/features/site-pages/defaults";
import { pageWords } from "~/features/site-pages/page-words";
import { isSitePageKey, pageSchema, SITE_PAGES, type SitePageKey } from "~/features/site-pages/schemas";
import { applyTranslation, TRANSLATABLE_FIELDS, type TranslatableKind, type TranslationInput } from "./fields";
import type { TranslationStatus } from "./status";

type TranslationRow = typeof contentTranslations.$inferSelect;
type EnglishRow = Record<string, unknown> & { id: string; slug: string; title: string; version: number };

/** What a translation translates: a project, an insight, or a site page (`slug` its key; ADR 33). */
export type TranslationKind = TranslatableKind | "page";

const ENGLISH = { project: cmsProjects, insight: insights } as const;

/**
 * The English item of `kind` with this id, or undefined. A site page's "slug" is its key, its
 * words are those of its published content (`content`).
 */
async function englishRow(executor: typeof db | Transaction, kind: TranslationKind, id: string): Promise<EnglishRow | undefined> {
  if (kind === "page") {
    const [page] = await executor.select().from(sitePages).where(eq(sitePages.id, id));
    if (!page || !isSitePageKey(page.key)) return undefined;
    return { id: page.id, slug: page.key, title: SITE_PAGES[page.key].title, version: page.version, content: page.published ?? SITE_PAGE_SEED[page.key] };
  }
  const table = ENGLISH[kind] as unknown as typeof cmsProjects;
  const [row] = await executor.select().from(table).where(eq(table.id, id));
  return row as unknown as EnglishRow | undefined;
}

/** The digest of an English item's words (`englishDigest`, or for a site page `pageDigest` of its published content). */
function sourceDigest(kind: TranslationKind, english: EnglishRow): string {
  return kind === "page" ? pageDigest(english.slug as SitePageKey, english.content) : englishDigest(kind, english);
}

/**
 * A digest (SHA-256, hex) of a site page's words (`pageWords`): a page translation saved against
 * one digest is "behind English" once the English page publishes other words. Pictures, links
 * and figures do not move it.
 */
export function pageDigest(key: SitePageKey, content: unknown): string {
  return createHash("sha256").update(JSON.stringify(pageWords(pageSchema(key, "draft"), content))).digest("hex");
}

/**
 * A digest (SHA-256, hex) of the English item's translatable fields: a translation saved against
 * one digest is "behind English" once the English words change. Publishing, scheduling or
 * archiving the English item, or changing a picture, does not move it.
 */
export function englishDigest(kind: TranslatableKind, english: Record<string, unknown>): string {
  const words = TRANSLATABLE_FIELDS[kind].map((f) => english[f.name] ?? null);
  return createHash("sha256").update(JSON.stringify(words)).digest("hex");
}

/** The version visitors see at `now`: a due scheduled version, else the published one (null: not on the site). */
export function liveDocument(row: Pick<TranslationRow, "published" | "publishedAt" | "scheduled" | "scheduledAt">, now: Date): { document: TranslationDocument | null; since: Date | null } {
  if (row.scheduled && row.scheduledAt && row.scheduledAt.getTime() <= now.getTime()) return { document: row.scheduled, since: row.scheduledAt };
  return { document: row.published, since: row.publishedAt };
}

/** The state of a translation row at `now` ("missing" when there is none). */
export function translationStatus(row: Pick<TranslationRow, "published" | "publishedAt" | "scheduled" | "scheduledAt"> | undefined, now: Date): TranslationStatus {
  if (!row) return "missing";
  if (row.scheduled && row.scheduledAt && row.scheduledAt.getTime() > now.getTime()) return "scheduled";
  return liveDocument(row, now).document ? "published" : "draft";
}

/** A translation as its edit screen shows it, beside the English item. Dates are ISO instants. */
export type EditableTranslation = {
  /** The English item: id, address, version and its translatable fields by name. */
  english: { id: string; slug: string; title: string; version: number; fields: Record<string, unknown> };
  language: Language;
  /** 0 while the translation has never been saved (the first save creates it). */
  version: number;
  slug: string | null;
  draft: TranslationDocument;
  state: TranslationStatus;
  /** When the live version went live, or when the scheduled one goes live. */
  publishedAt: string | null;
  /** The English words changed after this translation was last saved. */
  behindEnglish: boolean;
  /** The English version the translation was last saved against, or null. */
  sourceVersion: number | null;
};

/** The translation of item `id` into `language` for its edit screen, or null when the item does not exist. */
export async function getEditableTranslation(kind: TranslatableKind, id: string, language: Language, now: Date = new Date()): Promise<EditableTranslation | null> {
  const english = await englishRow(db, kind, id);
  if (!english) return null;
  const [row] = await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.entityId, id), eq(contentTranslations.language, language)));
  const state = translationStatus(row, now);
  return {
    english: { id: english.id, slug: english.slug, title: english.title, version: english.version, fields: Object.fromEntries(TRANSLATABLE_FIELDS[kind].map((f) => [f.name, english[f.name] ?? null])) },
    language,
    version: row?.version ?? 0,
    slug: row?.slug ?? null,
    draft: row?.draft ?? { fields: {}, fallback: [] },
    state,
    publishedAt: (state === "scheduled" ? row?.scheduledAt : row ? liveDocument(row, now).since : null)?.toISOString() ?? null,
    behindEnglish: row ? row.sourceDigest !== englishDigest(kind, english) : false,
    sourceVersion: row?.sourceVersion ?? null,
  };
}

/** What a translation save does: a save of the form (`Publication`), or taking the language off the site. */
export type TranslationChange = Publication | { intent: "unpublish" } | { intent: "cancel-schedule" };

/** The outcome of a translation save. */
export type TranslationSaveResult =
  | { ok: true; version: number; state: TranslationStatus; at: Date | null }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "conflict"; message: string }
  | { ok: false; reason: "slug"; message: string };

const slugTaken = (kind: TranslationKind, language: Language) =>
  `Another ${kind === "project" ? "project" : "post"} in ${languageInfo(language).name} already has this address. Choose another one.`;

/**
 * Saves the translation of item `id` into `language` and applies `change`. `input` (already
 * checked by `parseTranslationForm`) is the new working copy; null for "unpublish" and
 * "cancel-schedule", which keep it. `expectedVersion` is the translation's version the editor
 * opened (0 when it did not exist yet); a different one is refused with "conflict". Its address
 * must be free within the kind and language ("slug"). Only this language changes: the English
 * item and every other language stay as they are. One transaction: row, revision and audit.
 */
export async function saveTranslation(
  kind: TranslationKind,
  actor: CmsActor,
  id: string,
  language: Language,
  expectedVersion: number,
  input: TranslationInput | null,
  change: TranslationChange,
  now: Date = new Date(),
): Promise<TranslationSaveResult> {
  try {
    return await db.transaction(async (tx) => {
      const english = await englishRow(tx, kind, id);
      if (!english) return { ok: false, reason: "missing" } as const;
      const where = and(eq(contentTranslations.entityType, kind), eq(contentTranslations.entityId, id), eq(contentTranslations.language, language));
      const [before] = await tx.select().from(contentTranslations).where(where).for("update");
      const revisedRow = { id, updatedAt: before?.updatedAt ?? now };
      if ((before?.version ?? 0) !== expectedVersion) return { ok: false, reason: "conflict", message: await conflictMessage(tx, kind, revisedRow, language) } as const;
      const slug = input ? input.slug : (before?.slug ?? null);
      if (slug) {
        const [clash] = await tx
          .select({ id: contentTranslations.id })
          .from(contentTranslations)
          .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.language, language), eq(contentTranslations.slug, slug), ne(contentTranslations.entityId, id)));
        if (clash) return { ok: false, reason: "slug", message: slugTaken(kind, language) } as const;
      }
      const draft = input?.document ?? before?.draft ?? { fields: {}, fallback: [] };
      const live = before ? liveDocument(before, now) : { document: null, since: null };
      const set: Partial<TranslationRow> = {
        slug,
        draft,
        published: live.document,
        publishedAt: live.since,
        version: (before?.version ?? 0) + 1,
        updatedAt: now,
      };
      // A due scheduled version has become the published one.
      if (before?.scheduledAt && before.scheduledAt.getTime() <= now.getTime()) Object.assign(set, { scheduled: null, scheduledAt: null });
      // The translation is "behind" English until it is saved again against the English words.
      if (input) Object.assign(set, { sourceVersion: english.version, sourceDigest: sourceDigest(kind, english) });
      let action: string;
      switch (change.intent) {
        case "publish":
          Object.assign(set, { published: draft, publishedAt: now, scheduled: null, scheduledAt: null });
          action = "translation_published";
          break;
        case "schedule":
          Object.assign(set, { scheduled: draft, scheduledAt: change.at });
          action = "translation_scheduled";
          break;
        case "unpublish":
          Object.assign(set, { published: null, publishedAt: null, scheduled: null, scheduledAt: null });
          action = "translation_unpublished";
          break;
        case "cancel-schedule":
          Object.assign(set, { scheduled: null, scheduledAt: null });
          action = "translation_schedule_cancelled";
          break;
        default:
          action = before ? "translation_updated" : "translation_created";
      }
      let row: TranslationRow | undefined;
      if (before) {
        [row] = await tx.update(contentTranslations).set(set).where(and(where, eq(contentTranslations.version, before.version))).returning();
        if (!row) return { ok: false, reason: "conflict", message: await conflictMessage(tx, kind, revisedRow, language) } as const;
      } else {
        [row] = await tx
          .insert(contentTranslations)
          .values({ entityType: kind, entityId: id, language, sourceVersion: english.version, sourceDigest: sourceDigest(kind, english), createdAt: now, ...set, draft })
          .returning();
      }
      const revised: Row = { ...row!, id, slug: slug ?? english.slug, title: String(draft.fields.title ?? english.title) };
      await recordRevision(tx, kind, revised, action, actor, language);
      await audit(tx, kind, actor, action, revised, { language, ...(change.intent === "schedule" ? { at: change.at.toISOString() } : {}) });
      const state = translationStatus(row!, now);
      return { ok: true, version: row!.version, state, at: state === "scheduled" ? row!.scheduledAt : row!.publishedAt } as const;
    });
  } catch (error) {
    // Two staff giving the same address, or starting the same translation, at once: the unique indexes decide.
    if (isUniqueViolation(error) && constraintOf(error) === "content_translations_slug_key") return { ok: false, reason: "slug", message: slugTaken(kind, language) };
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict", message: "Someone else started this translation after you opened it. Your changes were not saved: copy anything you need, then reload the page to see their version." };
    throw error;
  }
}

/** The constraint PostgreSQL names in `error` (or its causes), if any. */
function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
  }
  return undefined;
}

/** A translation a visitor (or a preview) reads: the English item's id and the document shown. */
export type PublicTranslation = { entityId: string; slug: string; document: TranslationDocument };

/**
 * The live translation of `kind` into `language` at this translated address, or null (no such
 * address, never published, only scheduled). Whether the English item is public is the caller's
 * check. With a `previewToken` signed for the item in this language, the working copy instead.
 */
export async function findTranslationBySlug(kind: TranslatableKind, language: Language, slug: string, previewToken: string | null, now: Date = new Date()): Promise<PublicTranslation | null> {
  const [row] = await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.language, language), eq(contentTranslations.slug, slug)));
  if (!row) return null;
  if (previewToken !== null) return verifyPreviewToken(previewToken, kind, translationPreviewId(row.entityId, language), now) ? { entityId: row.entityId, slug, document: row.draft } : null;
  const live = liveDocument(row, now).document;
  return live ? { entityId: row.entityId, slug, document: live } : null;
}

/**
 * Every live translation of `kind` into `language` at `now` that has its address: the English
 * item's id, the translated slug and the version visitors read. Whether each English item is
 * public is the caller's check.
 */
export async function liveTranslationsIn(kind: TranslatableKind, language: Language, now: Date = new Date()): Promise<PublicTranslation[]> {
  const rows = await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.language, language)));
  return rows.flatMap((row) => {
    const live = liveDocument(row, now).document;
    return live && row.slug ? [{ entityId: row.entityId, slug: row.slug, document: live }] : [];
  });
}

/** The id a translation's preview link is signed for: the item's id and the language. */
export function translationPreviewId(id: string, language: Language): string {
  return `${id}:${language}`;
}

/**
 * The live translated addresses of items `ids` at `now`, by item id: each language with a live
 * version and its translated slug (not the English one, which the caller knows).
 */
export async function liveTranslationSlugs(kind: TranslatableKind, ids: readonly string[], now: Date = new Date()): Promise<Map<string, { language: Language; slug: string; updatedAt: Date }[]>> {
  const out = new Map<string, { language: Language; slug: string; updatedAt: Date }[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(contentTranslations)
    .where(and(eq(contentTranslations.entityType, kind), inArray(contentTranslations.entityId, [...ids])));
  for (const row of rows) {
    if (!row.slug || !liveDocument(row, now).document) continue;
    const list = out.get(row.entityId) ?? [];
    list.push({ language: row.language as Language, slug: row.slug, updatedAt: row.updatedAt });
    out.set(row.entityId, list);
  }
  return out;
}

/** The public address of an item of `kind` with this slug, in English (`/projects/{slug}`). */
export function publicPathOf(kind: TranslatableKind, slug: string): string {
  return `/${kind === "project" ? "projects" : "insights"}/${encodeURIComponent(slug)}`;
}

/**
 * Every language a public item can be read in at `now`, among the languages the site offers
 * (`offered`): English at its own address, then each language with a live translation at its
 * translated address (`/fr/projects/{slug}`). The switcher and the `hreflang` alternates list them.
 */
export async function pageLanguagesOf(kind: TranslatableKind, english: { id: string; slug: string }, offered: readonly string[], now: Date = new Date()): Promise<PageInLanguage[]> {
  const translated = (await liveTranslationSlugs(kind, [english.id], now)).get(english.id) ?? [];
  return [
    { language: DEFAULT_LANGUAGE, path: publicPathOf(kind, english.slug) },
    ...translated.filter((t) => offered.includes(t.language)).map((t) => ({ language: t.language, path: localizedPath(publicPathOf(kind, t.slug), t.language) })),
  ];
}

/** How `readInLanguage` reads the English item: by its slug (or a signed preview `token`), and by id. */
export type EnglishReader<T> = {
  bySlug: (slug: string, token: string | null) => Promise<T | null>;
  /** The English item a translation belongs to; `preview` true reads it whatever its own state. */
  byId: (id: string, preview: boolean) => Promise<T | null>;
};

/**
 * The item `slug` names in `language`, and its English version: in English the item with that slug;
 * in another language the item whose translation into it has that address and is published (or,
 * with a signed preview `token`, drafted), its translatable fields the translation's (English where
 * staff chose the fallback) and its slug the translated one. Null when there is none.
 */
export async function readInLanguage<T extends { slug: string }>(
  kind: TranslatableKind,
  language: Language,
  slug: string,
  token: string | null,
  english: EnglishReader<T>,
): Promise<{ item: T; english: T } | null> {
  if (language === DEFAULT_LANGUAGE) {
    const item = await english.bySlug(slug, token);
    return item ? { item, english: item } : null;
  }
  const translation = await findTranslationBySlug(kind, language, slug, token);
  const original = translation ? await english.byId(translation.entityId, token !== null) : null;
  if (!original || !translation) return null;
  return { item: { ...applyTranslation(kind, original as T & Record<string, unknown>, translation.document), slug: translation.slug }, english: original };
}

/**
 * Cards of `kind` (a list or the home page's) in `language`: each item whose translation into it
 * is live at `now` shows its translated title and overview (a project) or excerpt (an article)
 * and links to its translated address (`href`); every other card stays the English one, its
 * `href` its English address. English cards are returned as they are.
 */
export async function translateCards<T extends { slug: string; title: string; href?: string | null }>(kind: TranslatableKind, cards: T[], language: Language, now: Date = new Date()): Promise<T[]> {
  if (language === DEFAULT_LANGUAGE || cards.length === 0) return cards;
  const table = ENGLISH[kind] as unknown as typeof cmsProjects;
  const english = await db.select({ id: table.id, slug: table.slug }).from(table).where(inArray(table.slug, cards.map((c) => c.slug)));
  const rows = english.length
    ? await db
        .select()
        .from(contentTranslations)
        .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.language, language), inArray(contentTranslations.entityId, english.map((e) => e.id))))
    : [];
  const text = kind === "project" ? "description" : "excerpt";
  const source = kind === "project" ? "overview" : "excerpt";
  return cards.map((card) => {
    const id = english.find((e) => e.slug === card.slug)?.id;
    const row = rows.find((r) => r.entityId === id);
    const document = row ? liveDocument(row, now).document : null;
    // Not translated: the English card, at its English address.
    if (!row?.slug || !document) return { ...card, href: card.href ?? publicPathOf(kind, card.slug) };
    const words = applyTranslation(kind, { title: card.title, [source]: (card as Record<string, unknown>)[text] ?? null }, document);
    return { ...card, title: words.title, [text]: words[source] ?? "", href: localizedPath(publicPathOf(kind, row.slug), language) };
  });
}
