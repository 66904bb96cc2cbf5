/**
 * The loaders and actions of a translation's edit screen (`/admin/cms/projects/edit/:id/:lang`,
 * `/admin/cms/blog/edit/:id/:lang`), shared by projects and insights, and the language tabs of
 * the English edit screens. Answers the studio's `CmsActionResult`: 400 with field errors on bad
 * input, 404 for a missing item or a language the site does not offer, 409 for a stale save or
 * an address another item already has in that language. Every staff role.
 */
import { and, eq, inArray } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { db } from "~/db/client.server";
import { cmsProjects, contentTranslations, insights, type InsightBlock } from "~/db/schema";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { cmsActor, type CmsActionResult } from "~/features/cms/actions.server";
import { getRevisionSnapshot, listRevisions } from "~/features/cms/content.server";
import { parsePublication } from "~/features/cms/form-values";
import type { ContentKindRef } from "~/features/cms/kinds";
import { createPreviewToken } from "~/features/cms/preview.server";
import { formatUkDateTime } from "~/features/cms/publication";
import { resolveMediaIds } from "~/features/media/resolve.server";
import { imageIdsOf } from "~/features/media/rules";
import { getSiteSettings } from "~/features/settings/settings.server";
import { readFormData } from "~/utils/form-data.server";
import { DEFAULT_LANGUAGE, isLanguage, languageInfo, localizedPath, type Language } from "~/utils/i18n";
import { parseTranslationForm, type TranslatableKind } from "./fields";
import { englishDigest, getEditableTranslation, publicPathOf, saveTranslation, type TranslationChange, translationPreviewId, translationStatus } from "./translations.server";
import type { LanguageTab } from "./status";

/**
 * The language tabs of item `id` of `kind` at `now`: English first (its own state is the edit
 * screen's), then every other offered language with its translation's state and whether English
 * changed after it.
 */
export async function languageTabs(kind: TranslatableKind, id: string, now: Date = new Date()): Promise<LanguageTab[]> {
  const settings = await getSiteSettings();
  const others = settings.offeredLanguages.filter((code): code is Language => isLanguage(code) && code !== DEFAULT_LANGUAGE);
  const table = (kind === "project" ? cmsProjects : insights) as unknown as typeof cmsProjects;
  const [[english], rows] = await Promise.all([
    db.select().from(table).where(eq(table.id, id)),
    others.length
      ? db
          .select()
          .from(contentTranslations)
          .where(and(eq(contentTranslations.entityType, kind), eq(contentTranslations.entityId, id), inArray(contentTranslations.language, others)))
      : Promise.resolve([]),
  ]);
  const digest = english ? englishDigest(kind, english as unknown as Record<string, unknown>) : "";
  return [
    { language: DEFAULT_LANGUAGE, name: languageInfo(DEFAULT_LANGUAGE).name, status: "published" as const, behindEnglish: false },
    ...others.map((language) => {
      const row = rows.find((r) => r.language === language);
      return { language, name: languageInfo(language).name, status: translationStatus(row, now), behindEnglish: row ? row.sourceDigest !== digest : false };
    }),
  ];
}

/** The language a translation screen's `:lang` names: a shipped language other than English that the site offers, else null (404). */
export async function screenLanguage(param: string | undefined): Promise<Language | null> {
  if (!isLanguage(param) || param === DEFAULT_LANGUAGE) return null;
  const settings = await getSiteSettings();
  return settings.offeredLanguages.includes(param) ? param : null;
}

/**
 * The translation screen's data: the translation beside the English item, the tabs, the
 * revisions of this language, a signed preview link once it has an address (one hour), the live
 * page once published, and with `?revision={id}` that revision's working copy in the form
 * (restoring saves nothing). A missing item goes back to the list with its load error; a language
 * not offered is a 404.
 */
export async function translationLoader(kind: ContentKindRef & { name: TranslatableKind }, request: Request, params: { id?: string; lang?: string }, now: Date = new Date()) {
  await requireAdmin(request, STAFF_ROLES);
  const language = await screenLanguage(params.lang);
  if (!language) throw data("Not Found", { status: 404 });
  const id = z.uuid().safeParse(params.id);
  const translation = id.success ? await getEditableTranslation(kind.name, id.data, language, now) : null;
  if (!translation) throw redirect(`${kind.paths.list}?error=load`);
  const revisionId = z.coerce.number().int().positive().safeParse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const [revisions, restored, tabs] = await Promise.all([
    listRevisions(kind.name, translation.english.id, language),
    revisionId.success ? getRevisionSnapshot(kind.name, translation.english.id, revisionId.data, language) : Promise.resolve(null),
    languageTabs(kind.name, translation.english.id, now),
  ]);
  const restoredRow = restored as { slug?: string | null; draft?: typeof translation.draft } | null;
  const blocks = [translation.english.fields.content, translation.draft.fields.content, restoredRow?.draft?.fields.content].flatMap((b) => (Array.isArray(b) ? (b as InsightBlock[]) : []));
  const path = translation.slug ? localizedPath(publicPathOf(kind.name, translation.slug), language) : null;
  return {
    translation,
    tabs,
    revisions,
    restored: restoredRow?.draft ? { id: revisionId.data!, slug: restoredRow.slug ?? null, draft: restoredRow.draft } : null,
    bodyImages: kind.name === "insight" ? await resolveMediaIds(imageIdsOf(blocks)) : {},
    previewUrl: path && translation.state !== "published" ? `${path}?preview=${createPreviewToken(kind.name, translationPreviewId(translation.english.id, language))}` : null,
    publicUrl: path && translation.state === "published" ? path : null,
  };
}

const refused = (status: number, body: Omit<Extract<CmsActionResult, { ok: false }>, "ok">) => data<CmsActionResult>({ ok: false, ...body }, { status });

/**
 * POST of a translation screen: `intent` keep | draft | publish | schedule (+ `scheduleAt`) with
 * `version` and the translated fields, or unpublish | cancel-schedule with `version`. Only this
 * language changes (publishing French publishes French only).
 */
export async function translationAction(kind: ContentKindRef & { name: TranslatableKind }, request: Request, params: { id?: string; lang?: string }, now: Date = new Date()) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const language = await screenLanguage(params.lang);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const name = language ? languageInfo(language).name : "";
  const title = `Error saving the ${name} translation`;
  const id = z.uuid().safeParse(params.id);
  if (!language || !id.success) return refused(404, { intent, ...kind.messages.loadError });
  const version = z.coerce.number().int().min(0).safeParse(form.get("version"));
  if (!version.success) return refused(400, { intent, title, description: "Reload the page and try again." });
  let change: TranslationChange;
  let input = null;
  if (intent === "unpublish" || intent === "cancel-schedule") {
    change = { intent };
  } else {
    const publication = parsePublication({ intent, scheduleAt: form.get("scheduleAt") }, now);
    const parsed = parseTranslationForm(kind.name, form, intent === "publish" || intent === "schedule");
    if (!publication.ok || !parsed.ok) {
      return refused(400, { intent, title, description: "Check the highlighted fields.", errors: { ...(publication.ok ? {} : publication.errors), ...(parsed.ok ? {} : parsed.errors) } });
    }
    change = publication.publication;
    input = parsed.input;
  }
  const result = await saveTranslation(kind.name, cmsActor(session), id.data, language, version.data, input, change, now);
  if (!result.ok) {
    if (result.reason === "missing") return refused(404, { intent, ...kind.messages.loadError });
    if (result.reason === "slug") return refused(409, { intent, title, description: result.message, errors: { slug: [result.message] } });
    return refused(409, { intent, title, description: result.message, conflict: true });
  }
  const said: Record<string, string> = {
    publish: `${name} translation published`,
    schedule: result.at ? `${name} translation scheduled for ${formatUkDateTime(result.at)} (UK time)` : `${name} translation scheduled`,
    unpublish: `${name} translation unpublished`,
    "cancel-schedule": `${name} translation's schedule cancelled`,
  };
  return data<CmsActionResult>({ ok: true, intent, message: said[intent] ?? `${name} translation saved`, id: id.data });
}
