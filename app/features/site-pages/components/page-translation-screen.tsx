/**
 * The screen of one site page's translation (ADR 33): the language tabs, the conflict and
 * restored-revision notices, the sections to show in English while empty, and the page's own
 * form (drawn from its schema) with the English text under every field, inputs in the language's
 * `lang` and `dir`, and this language's publishing and revisions panels. The route's loader is
 * `pageTranslationLoader`, its action `pageTranslationAction`.
 */
import { useActionData, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import type { CmsActionResult } from "~/features/cms/actions.server";
import { ContentForm } from "~/features/cms/components/content-form";
import { ConflictAlert, RestoredNotice } from "~/features/cms/components/edit-notices";
import { FormSection } from "~/features/cms/components/form-section";
import { useActionToast } from "~/features/cms/components/use-cms-toasts";
import { LanguageTabs } from "~/features/translations/components/language-tabs";
import { TranslationNotices } from "~/features/translations/components/translation-notices";
import { languageInfo } from "~/utils/i18n";
import type { pageTranslationLoader } from "../translation-screen.server";
import { pageSchema } from "../schemas";
import { PageFields } from "./page-fields";

/** The translation screen of the site page the route names. */
export function PageTranslationScreen() {
  const t = useLoaderData<typeof pageTranslationLoader>();
  const result = useActionData<CmsActionResult>();
  useActionToast(result);
  const info = languageInfo(t.language);
  const restoredRevision = t.restored ? t.revisions.find((r) => r.id === t.restored!.id) : undefined;
  const document = t.restored?.draft ?? t.draft;
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  return (
    <>
      <AdminPageHeader title={`Edit ${t.title}: ${info.name}`} description="The words of this page in this language; pictures, links and figures are the English page's." />
      <LanguageTabs tabs={t.tabs} current={t.language} editPath={`/admin/site/${t.key}`} />
      {result && !result.ok && result.conflict ? <ConflictAlert message={result.description ?? ""} /> : null}
      {t.restored ? <RestoredNotice revision={restoredRevision} /> : null}
      <ContentForm
        key={`${t.language}-${t.restored?.id ?? "current"}-${t.version}`}
        mode="edit"
        archivable={false}
        errors={errors}
        edit={{
          version: t.version,
          state: t.state === "missing" ? undefined : t.state,
          publishedAt: t.publishedAt,
          previewUrl: t.previewUrl,
          publicUrl: t.publicUrl,
          revisions: t.revisions,
          restoredId: t.restored?.id ?? null,
        }}
      >
        <TranslationNotices started={t.state !== "missing"} behindEnglish={t.behindEnglish} languageName={info.name} creates="page" englishWhere="under" />
        <FormSection title="Show English while empty">
          <p className="text-sm text-muted-foreground">
            In a section ticked here, a field left empty shows its English text. In any other section an empty field is left out of the {info.name} page.
          </p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {t.sections.map((section) => (
              <li key={section.name}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="fallback" value={section.name} defaultChecked={document.fallback.includes(section.name)} className="size-4 accent-primary" />
                  {section.label}
                </label>
              </li>
            ))}
          </ul>
        </FormSection>
        <PageFields schema={pageSchema(t.key, "draft")} value={document.fields} ctx={{ errors, figures: [], english: t.english, input: { lang: info.htmlLang, dir: info.dir } }} />
      </ContentForm>
    </>
  );
}
