/**
 * The translation screen of a site page (`/admin/site/:page/:lang`, ADR 33): the studio's
 * translation workflow of projects and insights (`saveTranslation`: one `content_translations` row
 * per page and language, its own revisions, audit, conflict, preview and schedule), with the
 * page's own form drawn from its schema. The translation holds the page's words in the page's
 * shape (`fields`: its sections by name) and the sections staff chose to show in English while
 * empty (`fallback`); pictures, links, figures and the page's rows are the English page's.
 * Answers the studio's `CmsActionResult`: 400 with field errors, 404 for a language the site does
 * not offer, 409 for a stale save. Every staff role.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { db } from "~/db/client.server";
import { contentTranslations, sitePages, type TranslationDocument } from "~/db/schema";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { cmsActor, type CmsActionResult } from "~/features/cms/actions.server";
import { getRevisionSnapshot, listRevisions } from "~/features/cms/content.server";
import { parsePublication } from "~/features/cms/form-values";
import { createPreviewToken } from "~/features/cms/preview.server";
import { formatUkDateTime } from "~/features/cms/publication";
import { getSiteSettings } from "~/features/settings/settings.server";
import { screenLanguage } from "~/features/translations/actions.server";
import type { LanguageTab } from "~/features/translations/status";
import { liveDocument, pageDigest, saveTranslation, type TranslationChange, translationPreviewId, translationStatus } from "~/features/translations/translations.server";
import { readFormData } from "~/utils/form-data.server";
import { issueFieldErrors, parseSubmission, type FieldErrors } from "~/utils/forms";
import { DEFAULT_LANGUAGE, isLanguage, languageInfo, localizedPath, type Language } from "~/utils/i18n";
import { readField } from "./form-data";
import { applyPageTranslation, blankPageWords, pageSections } from "./page-words";
import { ensurePages, readPublicPages } from "./pages.server";
import { isSitePageKey, pageSchema, SITE_PAGES, type SitePageKey } from "./schemas";

/** The page `key`'s row (created from the seed when missing) and its English content as visitors read it. */
async function englishPage(key: SitePageKey, now: Date) {
  await ensurePages(db, [key], now);
  const [[row], { pages }] = await Promise.all([db.select().from(sitePages).where(eq(sitePages.key, key)), readPublicPages([key], null, now)]);
  return { row: row!, content: pages[key] as Record<string, unknown> };
}

/**
 * The language tabs of page `key` at `now`: English (the page's own editor), then every other
 * offered language with its translation's state and whether the English words changed after it.
 */
export async function pageLanguageTabs(key: SitePageKey, now: Date = new Date()): Promise<LanguageTab[]> {
  const settings = await getSiteSettings();
  const others = settings.offeredLanguages.filter((code): code is Language => isLanguage(code) && code !== DEFAULT_LANGUAGE);
  if (others.length === 0) return [];
  const { row } = await englishPage(key, now);
  const rows = await db.select().from(contentTranslations).where(and(eq(contentTranslations.entityType, "page"), eq(contentTranslations.entityId, row.id)));
  const digest = pageDigest(key, row.published ?? {});
  return [
    { language: DEFAULT_LANGUAGE, name: languageInfo(DEFAULT_LANGUAGE).name, status: "published" as const, behindEnglish: false },
    ...others.map((language) => {
      const translation = rows.find((r) => r.language === language);
      return { language, name: languageInfo(language).name, status: translationStatus(translation, now), behindEnglish: translation ? translation.sourceDigest !== digest : false };
    }),
  ];
}

/**
 * The translation screen's data: the page's English content (beside every field), the
 * translation's working copy (a new one: the English page's shape with every word empty), its
 * state, the tabs, this language's revisions, a signed one-hour preview link while it is not
 * published, the live address once it is, and with `?revision={id}` that revision's working copy.
 */
export async function pageTranslationLoader(request: Request, params: { page?: string; lang?: string }, now: Date = new Date()) {
  await requireAdmin(request, STAFF_ROLES);
  if (!isSitePageKey(params.page)) throw redirect("/admin/site");
  const key = params.page;
  const language = await screenLanguage(params.lang);
  if (!language) throw data("Not Found", { status: 404 });
  const { row, content } = await englishPage(key, now);
  const [[translation], revisions, tabs] = await Promise.all([
    db
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.entityType, "page"), eq(contentTranslations.entityId, row.id), eq(contentTranslations.language, language))),
    listRevisions("page", row.id, language),
    pageLanguageTabs(key, now),
  ]);
  const schema = pageSchema(key, "draft");
  const revisionId = z.coerce.number().int().positive().safeParse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const restored = revisionId.success ? ((await getRevisionSnapshot("page", row.id, revisionId.data, language)) as { draft?: TranslationDocument } | null) : null;
  const state = translationStatus(translation, now);
  // The form shows the English page's shape (pictures, links, rows) with the translation's words.
  const inForm = (document: TranslationDocument): TranslationDocument => ({ fields: applyPageTranslation(schema, content, { fields: document.fields, fallback: [] }), fallback: document.fallback });
  const path = localizedPath(SITE_PAGES[key].publicPath, language);
  return {
    key,
    title: SITE_PAGES[key].title,
    language,
    english: content,
    sections: pageSections(schema),
    version: translation?.version ?? 0,
    draft: translation ? inForm(translation.draft) : { fields: blankPageWords(schema, content), fallback: [] },
    state,
    publishedAt: (state === "scheduled" ? translation?.scheduledAt : translation ? liveDocument(translation, now).since : null)?.toISOString() ?? null,
    behindEnglish: translation ? translation.sourceDigest !== pageDigest(key, row.published ?? {}) : false,
    tabs,
    revisions,
    restored: restored?.draft ? { id: revisionId.data!, draft: inForm(restored.draft) } : null,
    previewUrl: state === "published" ? null : `${path}?preview=${createPreviewToken("page", translationPreviewId(row.id, language))}`,
    publicUrl: state === "published" ? path : null,
  };
}

const refused = (status: number, body: Omit<Extract<CmsActionResult, { ok: false }>, "ok">) => data<CmsActionResult>({ ok: false, ...body }, { status });

/**
 * POST of a page's translation screen: `intent` keep | draft | publish | schedule (+
 * `scheduleAt`) with `version`, the page's fields by path and `fallback` (repeated section names),
 * or unpublish | cancel-schedule with `version`. Publishing or scheduling checks the page a visitor
 * would read (the words, English where chosen, with the English pictures) against the page's
 * publish schema. Only this language changes.
 */
export async function pageTranslationAction(request: Request, params: { page?: string; lang?: string }, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  if (!isSitePageKey(params.page)) throw redirect("/admin/site");
  const key = params.page;
  const language = await screenLanguage(params.lang);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const name = language ? languageInfo(language).name : "";
  const title = `Error saving the ${name} translation`;
  if (!language) return refused(404, { intent, title: "Not found", description: "This language is not offered. Choose another one." });
  const version = z.coerce.number().int().min(0).safeParse(form.get("version"));
  if (!version.success) return refused(400, { intent, title, description: "Reload the page and try again." });
  const { row, content } = await englishPage(key, now);
  let change: TranslationChange;
  let document: TranslationDocument | null = null;
  if (intent === "unpublish" || intent === "cancel-schedule") {
    change = { intent };
  } else {
    const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
    const schema = pageSchema(key, "draft");
    const parsed = parseSubmission(schema, readField(schema, form, "") as Record<string, unknown>, { keys: "path" });
    const sections = new Set(pageSections(schema).map((s) => s.name));
    const fallback = [...new Set(form.getAll("fallback").map(String))].filter((section) => sections.has(section));
    let errors: FieldErrors = { ...(publication.ok ? {} : publication.errors), ...(parsed.ok ? {} : parsed.fieldErrors) };
    if (parsed.ok && (intent === "publish" || intent === "schedule")) {
      const shown = pageSchema(key, "publish").safeParse(applyPageTranslation(schema, content, { fields: parsed.values as Record<string, unknown>, fallback }));
      if (!shown.success) errors = { ...errors, ...issueFieldErrors(shown.error.issues, "path") };
    }
    if (!publication.ok || !parsed.ok || Object.keys(errors).length) return refused(400, { intent, title, description: "Check the highlighted fields.", errors });
    change = publication.publication;
    document = { fields: parsed.values as Record<string, unknown>, fallback };
  }
  const result = await saveTranslation("page", cmsActor(session), row.id, language, version.data, document ? { slug: null, document } : null, change, now);
  if (!result.ok) return refused(409, { intent, title, description: "message" in result ? result.message : "Reload the page and try again.", conflict: result.reason === "conflict" });
  const page = SITE_PAGES[key].title;
  const said: Record<string, string> = {
    publish: `${page}: ${name} translation published`,
    schedule: result.at ? `${page}: ${name} translation scheduled for ${formatUkDateTime(result.at)} (UK time)` : `${page}: ${name} translation scheduled`,
    unpublish: `${page}: ${name} translation unpublished`,
    "cancel-schedule": `${page}: ${name} translation's schedule cancelled`,
  };
  return data<CmsActionResult>({ ok: true, intent, message: said[intent] ?? `${page}: ${name} translation saved` });
}
