/**
 * Per-language projects and articles (ADR 33) through the real feature functions, route loaders
 * and actions: each language published on its own, translated addresses unique within a
 * language, English shown for an empty field only where staff chose it, "behind English", and a
 * page not published in a language is no page there (404, no alternate, not in the sitemap).
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, cmsRevisions } from "~/db/schema";
import { createContent, updateContent, type CmsActor } from "~/features/cms/content.server";
import { buildSitemapXml } from "~/features/seo/feeds.server";
import { parseTranslationForm } from "~/features/translations/fields";
import { translationsOverview } from "~/features/translations/overview.server";
import { getEditableTranslation, saveTranslation, translationPreviewId } from "~/features/translations/translations.server";
import { createPreviewToken } from "~/features/cms/preview.server";
import * as projectRoute from "~/routes/public/project";
import * as insightRoute from "~/routes/public/insight";
import * as translationRoute from "~/routes/admin/cms/project-translation";
import { pageAlternates, type PageInLanguage } from "~/utils/i18n";
import { createStaffSession, formPost, outcome, routeArgs, TEST_ORIGIN, type StaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const actor: CmsActor = { userId: "u1", email: "ed@staff.test", name: "Ed Editor" };
const english = { title: "Harbour Bridge", client: "City Council", category: "commercial", status: "Completed", overview: "A bridge.", subtitle: "Over the harbour" };

/** The translation form of `fields` as the browser posts it. */
function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one);
  return data;
}

/** A checked translation input of `fields` (a test failure when it does not pass). */
function input(fields: Record<string, string | string[]>, publishing = true) {
  const parsed = parseTranslationForm("project", form(fields), publishing);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.input;
}

async function publishedProject(title = english.title) {
  return createContent("project", actor, { ...english, title }, { intent: "publish" });
}

type ProjectData = { project: { title: string; subtitle: string | null; overview: string | null; slug: string } | null; pageLanguages: PageInLanguage[]; listPath?: string };
async function visit(path: string, params: Record<string, string>) {
  const result = await outcome(() => projectRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}${path}`), params)));
  const value = result.value as { data?: ProjectData } | ProjectData | undefined;
  return { status: result.status, data: (value && "data" in value ? value.data : value) as ProjectData };
}

describe("publishing per language", () => {
  it("publishing French publishes French only: Arabic stays a draft, English is untouched", async () => {
    const p = await publishedProject();
    const fr = await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont-du-port", title: "Pont du port", overview: "Un pont." }), { intent: "publish" });
    const ar = await saveTranslation("project", actor, p.id, "ar", 0, input({ slug: "jisr-al-mina", title: "جسر الميناء", overview: "جسر." }), { intent: "draft" });
    expect(fr).toMatchObject({ ok: true, state: "published" });
    expect(ar).toMatchObject({ ok: true, state: "draft" });

    const french = await visit("/fr/projects/pont-du-port", { lang: "fr", slug: "pont-du-port" });
    expect(french.status).toBe(200);
    expect(french.data.project).toMatchObject({ title: "Pont du port", overview: "Un pont.", slug: "pont-du-port" });
    expect((await visit("/ar/projects/jisr-al-mina", { lang: "ar", slug: "jisr-al-mina" })).status).toBe(404);
    const en = await visit("/projects/harbour-bridge", { slug: "harbour-bridge" });
    expect(en.data.project).toMatchObject({ title: "Harbour Bridge", overview: "A bridge." });
    expect(en.data.pageLanguages).toEqual([
      { language: "en", path: "/projects/harbour-bridge" },
      { language: "fr", path: "/fr/projects/pont-du-port" },
    ]);
    // The English item kept its version: no English revision was written by either translation.
    const englishRevisions = await db.select().from(cmsRevisions).where(and(eq(cmsRevisions.entityId, p.id), eq(cmsRevisions.language, "en")));
    expect(englishRevisions).toHaveLength(1);
    const frenchRevisions = await db.select().from(cmsRevisions).where(and(eq(cmsRevisions.entityId, p.id), eq(cmsRevisions.language, "fr")));
    expect(frenchRevisions.map((r) => r.action)).toEqual(["translation_published"]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "project.translation_published"));
    expect(audits[0]?.details).toMatchObject({ language: "fr", slug: "pont-du-port" });
  });

  it("a French draft saved after publishing is not shown until published; unpublishing takes French off the site", async () => {
    const p = await publishedProject();
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "publish" });
    await saveTranslation("project", actor, p.id, "fr", 1, input({ slug: "pont", title: "Pont (brouillon)", overview: "Un pont." }, false), { intent: "keep" });
    expect((await visit("/fr/projects/pont", { lang: "fr", slug: "pont" })).data.project?.title).toBe("Pont");
    const off = await saveTranslation("project", actor, p.id, "fr", 2, null, { intent: "unpublish" });
    expect(off).toMatchObject({ ok: true, state: "draft" });
    expect((await visit("/fr/projects/pont", { lang: "fr", slug: "pont" })).status).toBe(404);
  });

  it("a scheduled translation goes live at its instant, not before", async () => {
    const p = await publishedProject();
    const t0 = new Date();
    const at = new Date(t0.getTime() + 3_600_000);
    const saved = await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "schedule", at }, t0);
    expect(saved).toMatchObject({ ok: true, state: "scheduled" });
    expect((await visit("/fr/projects/pont", { lang: "fr", slug: "pont" })).status).toBe(404);
  });

  it("refuses a stale save with the studio's conflict message", async () => {
    const p = await publishedProject();
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "keep" });
    const stale = await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont 2", overview: "Un pont." }), { intent: "keep" });
    expect(stale).toMatchObject({ ok: false, reason: "conflict" });
    expect(stale.ok === false && stale.reason === "conflict" && stale.message).toContain("Ed Editor saved this project");
  });
});

describe("previews", () => {
  it("a link signed for the item in that language shows the French working copy, never cached; no other link does", async () => {
    const p = await createContent("project", actor, english, { intent: "draft" });
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont (brouillon)", overview: "Un pont." }, false), { intent: "keep" });
    const token = createPreviewToken("project", translationPreviewId(p.id, "fr"));
    const shown = (await projectRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/fr/projects/pont?preview=${token}`), { lang: "fr", slug: "pont" }))) as unknown as {
      data: { project: { title: string }; preview: boolean };
      init: { headers: Record<string, string> };
    };
    expect(shown.data).toMatchObject({ project: { title: "Pont (brouillon)" }, preview: true });
    expect(shown.init.headers["Cache-Control"]).toBe("no-store");
    const englishToken = createPreviewToken("project", p.id);
    expect((await outcome(() => projectRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/fr/projects/pont?preview=${englishToken}`), { lang: "fr", slug: "pont" })))).status).toBe(404);
    const arabic = createPreviewToken("project", translationPreviewId(p.id, "ar"));
    expect((await outcome(() => projectRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/fr/projects/pont?preview=${arabic}`), { lang: "fr", slug: "pont" })))).status).toBe(404);
    expect((await visit("/fr/projects/pont", { lang: "fr", slug: "pont" })).status).toBe(404);
  });
});

describe("the way back to the list", () => {
  it("leads a French page to the French list, and a French preview there only once that list exists", async () => {
    const draft = await createContent("project", actor, english, { intent: "draft" });
    await saveTranslation("project", actor, draft.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }, false), { intent: "keep" });
    const token = createPreviewToken("project", translationPreviewId(draft.id, "fr"));
    const previewListPath = async () => (await visit(`/fr/projects/pont?preview=${token}`, { lang: "fr", slug: "pont" })).data.listPath;
    // No project is published in French yet: /fr/projects is a 404, so the preview leads to English.
    expect(await previewListPath()).toBe("/projects");
    const quay = await publishedProject("Quay");
    await saveTranslation("project", actor, quay.id, "fr", 0, input({ slug: "quai", title: "Quai", overview: "Un quai." }), { intent: "publish" });
    expect(await previewListPath()).toBe("/fr/projects");
    expect((await visit("/fr/projects/quai", { lang: "fr", slug: "quai" })).data.listPath).toBe("/fr/projects");
    expect((await visit("/projects/quay", { slug: "quay" })).data.listPath).toBe("/projects");
  });
});

describe("translated addresses", () => {
  it("are unique within a language, and free across languages", async () => {
    const a = await publishedProject("Bridge A");
    const b = await publishedProject("Bridge B");
    expect(await saveTranslation("project", actor, a.id, "fr", 0, input({ slug: "pont", title: "Pont A", overview: "A." }), { intent: "publish" })).toMatchObject({ ok: true });
    const clash = await saveTranslation("project", actor, b.id, "fr", 0, input({ slug: "pont", title: "Pont B", overview: "B." }), { intent: "publish" });
    expect(clash).toMatchObject({ ok: false, reason: "slug", message: "Another project in Français already has this address. Choose another one." });
    expect(await saveTranslation("project", actor, b.id, "pt", 0, input({ slug: "pont", title: "Ponte B", overview: "B." }), { intent: "publish" })).toMatchObject({ ok: true });
  });

  it("stay unique when two staff give two projects the same address at once", async () => {
    const [a, b] = await Promise.all([publishedProject("Bridge A"), publishedProject("Bridge B")]);
    const results = await Promise.all(
      [a, b].map((p) => saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "publish" })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "slug" });
  });

  it("must be lower-case words joined by hyphens, and given before publishing", () => {
    const bad = parseTranslationForm("project", form({ slug: "Pont Du Port", title: "Pont" }), false);
    expect(bad.ok === false && bad.errors.slug).toEqual(["Use lower-case letters (a-z), digits and single hyphens, like solar-hospital."]);
    const missing = parseTranslationForm("project", form({ title: "Pont", overview: "x" }), true);
    expect(missing.ok === false && missing.errors.slug).toEqual(["Give the translated page its address before publishing."]);
    expect(parseTranslationForm("project", form({ title: "Pont" }), false).ok).toBe(true);
  });
});

describe("English fallback", () => {
  it("shows the English text of an empty field only where staff chose it", async () => {
    const p = await publishedProject();
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "", fallback: ["overview"] }), { intent: "publish" });
    const page = await visit("/fr/projects/pont", { lang: "fr", slug: "pont" });
    // Overview: empty and chosen, so English. Subtitle: empty and not chosen, so left out.
    expect(page.data.project).toMatchObject({ title: "Pont", overview: "A bridge.", subtitle: null });
  });

  it("refuses to publish a required field left empty without the English choice", () => {
    const parsed = parseTranslationForm("project", form({ slug: "pont", title: "", overview: "" }), true);
    expect(parsed.ok === false && parsed.errors).toEqual({
      title: ["Translate the project title before publishing."],
      overview: ["Translate the overview, or show the English one, before publishing."],
    });
    // The title can never fall back to English.
    const tricked = parseTranslationForm("project", form({ slug: "pont", title: "", overview: "x", fallback: ["title"] }), true);
    expect(tricked.ok === false && tricked.errors.title).toBeDefined();
  });
});

describe("behind English", () => {
  it("is flagged when the English words change after the translation, not when English is only republished", async () => {
    const p = await publishedProject();
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "publish" });
    expect((await getEditableTranslation("project", p.id, "fr"))!.behindEnglish).toBe(false);
    await updateContent("project", actor, p.id, 1, { ...english }, { intent: "publish" });
    expect((await getEditableTranslation("project", p.id, "fr"))!.behindEnglish).toBe(false);
    await updateContent("project", actor, p.id, 2, { ...english, overview: "A longer bridge." }, { intent: "keep" });
    const behind = (await getEditableTranslation("project", p.id, "fr"))!;
    expect(behind).toMatchObject({ behindEnglish: true, sourceVersion: 1 });
    await saveTranslation("project", actor, p.id, "fr", 1, input({ slug: "pont", title: "Pont", overview: "Un pont plus long." }), { intent: "publish" });
    expect((await getEditableTranslation("project", p.id, "fr"))!).toMatchObject({ behindEnglish: false, sourceVersion: 3 });
  });
});

describe("a page not published in a language", () => {
  it("is 404 under the prefix, even at its English address, and has no alternate", async () => {
    const p = await publishedProject();
    expect((await visit("/fr/projects/harbour-bridge", { lang: "fr", slug: "harbour-bridge" })).status).toBe(404);
    expect((await visit("/en/projects/harbour-bridge", { lang: "en", slug: "harbour-bridge" })).status).toBe(404);
    expect((await visit("/xx/projects/harbour-bridge", { lang: "xx", slug: "harbour-bridge" })).status).toBe(404);
    const en = await visit("/projects/harbour-bridge", { slug: "harbour-bridge" });
    expect(pageAlternates(en.data.pageLanguages)).toEqual([]);
    const xml = await buildSitemapXml("https://example.org");
    expect(xml).toContain("<loc>https://example.org/projects/harbour-bridge</loc>");
    expect(xml).not.toContain("/fr/projects");
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "publish" });
    const after = await buildSitemapXml("https://example.org");
    expect(after).toContain("<loc>https://example.org/fr/projects/pont</loc>");
    expect(after).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/projects/pont"/>');
    expect(after).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/projects/harbour-bridge"/>');
  });

  it("an article is 404 under a prefix it is not published in", async () => {
    await createContent("insight", actor, { title: "Steel", excerpt: "About steel.", authorName: "Ada", summary: "S.", category: "Case Study", content: [], readingTime: "1 min read" }, { intent: "publish" });
    const r = await outcome(() => insightRoute.loader(routeArgs(new Request(`${TEST_ORIGIN}/fr/insights/steel`), { lang: "fr", slug: "steel" })));
    expect(r.status).toBe(404);
  });
});

describe("the translation screen", () => {
  let editor: StaffSession;
  beforeEach(async () => {
    editor = await createStaffSession("editor", { name: "Eve Editor" });
  });

  it("publishes French from the form, beside the English text, and answers 404 for English or an unknown language", async () => {
    const p = await publishedProject();
    const path = `/admin/cms/projects/edit/${p.id}/fr`;
    const screen = (await translationRoute.loader(routeArgs(editor.request(path), { id: p.id, lang: "fr" }))) as Awaited<ReturnType<typeof translationRoute.loader>>;
    expect(screen.translation).toMatchObject({ version: 0, state: "missing", english: { fields: { title: "Harbour Bridge", overview: "A bridge." } } });
    expect(screen.tabs.map((t) => [t.language, t.status])).toEqual([["en", "published"], ["fr", "missing"], ["pt", "missing"], ["ar", "missing"]]);
    const saved = await outcome(() =>
      translationRoute.action(routeArgs(editor.request(path, formPost({ intent: "publish", version: "0", slug: "pont", title: "Pont", overview: "Un pont." })), { id: p.id, lang: "fr" })),
    );
    expect(saved.status).toBe(200);
    expect((await visit("/fr/projects/pont", { lang: "fr", slug: "pont" })).data.project?.title).toBe("Pont");
    const refused = await outcome(() =>
      translationRoute.action(routeArgs(editor.request(path, formPost({ intent: "publish", version: "1", slug: "pont", title: "", overview: "" })), { id: p.id, lang: "fr" })),
    );
    expect(refused.status).toBe(400);
    expect((await outcome(() => translationRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${p.id}/en`), { id: p.id, lang: "en" })))).status).toBe(404);
    expect((await outcome(() => translationRoute.loader(routeArgs(editor.request(`/admin/cms/projects/edit/${p.id}/de`), { id: p.id, lang: "de" })))).status).toBe(404);
  });
});

describe("the translations overview", () => {
  it("lists every project and article with each offered language's state, behind English included", async () => {
    const p = await publishedProject();
    await createContent("insight", actor, { title: "Steel", excerpt: "About steel.", authorName: "Ada", summary: "S.", category: "Case Study", content: [], readingTime: "1 min read" }, { intent: "draft" });
    await saveTranslation("project", actor, p.id, "fr", 0, input({ slug: "pont", title: "Pont", overview: "Un pont." }), { intent: "publish" });
    await saveTranslation("project", actor, p.id, "ar", 0, input({ slug: "jisr", title: "جسر", overview: "جسر." }, false), { intent: "keep" });
    await updateContent("project", actor, p.id, 1, { ...english, overview: "A longer bridge." }, { intent: "keep" });
    const overview = await translationsOverview();
    expect(overview.languages).toEqual(["fr", "pt", "ar"]);
    expect(overview.rows.map((r) => [r.kind, r.title, r.english, r.languages.map((l) => `${l.language}:${l.status}${l.behindEnglish ? ":behind" : ""}`)])).toEqual([
      ["project", "Harbour Bridge", "published", ["fr:published:behind", "pt:missing", "ar:draft:behind"]],
      ["insight", "Steel", "draft", ["fr:missing", "pt:missing", "ar:missing"]],
    ]);
  });
});
