/**
 * The screen of one translation (ADR 33), shared by projects and posts: the page header naming the
 * item and the language, the language tabs, the conflict and restored-revision notices, and the
 * translation form. The route's loader is `translationLoader`, its action `translationAction`.
 */
import { useActionData, useLoaderData } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import type { CmsActionResult } from "~/features/cms/actions.server";
import { ConflictAlert, RestoredNotice } from "~/features/cms/components/edit-notices";
import { useActionToast } from "~/features/cms/components/use-cms-toasts";
import type { ContentPaths } from "~/features/cms/kinds";
import { languageInfo } from "~/utils/i18n";
import type { translationLoader } from "../actions.server";
import type { TranslatableKind } from "../fields";
import { LanguageTabs } from "./language-tabs";
import { TranslationForm } from "./translation-form";

/** The translation screen of an item of `kind` whose studio paths are `paths`; `heading` is the English screen's ("Edit Project"). */
export function TranslationScreen({ kind, paths, heading }: { kind: TranslatableKind; paths: ContentPaths; heading: string }) {
  const { translation: t, tabs, revisions, restored, bodyImages, previewUrl, publicUrl } = useLoaderData<typeof translationLoader>();
  const result = useActionData<CmsActionResult>();
  useActionToast(result);
  const restoredRevision = restored ? revisions.find((r) => r.id === restored.id) : undefined;
  return (
    <>
      <AdminPageHeader title={`${heading}: ${languageInfo(t.language).name}`} description={t.english.title} />
      <LanguageTabs tabs={tabs} current={t.language} editPath={paths.edit(t.english.id)} />
      {result && !result.ok && result.conflict ? <ConflictAlert message={result.description ?? ""} /> : null}
      {restored ? <RestoredNotice revision={restoredRevision} /> : null}
      <TranslationForm
        key={`${t.language}-${restored?.id ?? "current"}-${t.version}`}
        kind={kind}
        language={t.language}
        english={t.english.fields}
        slug={restored ? restored.slug : t.slug}
        document={restored?.draft ?? t.draft}
        errors={result && !result.ok ? result.errors : undefined}
        behindEnglish={t.behindEnglish}
        started={t.state !== "missing"}
        images={bodyImages}
        edit={{
          version: t.version,
          state: t.state === "missing" ? undefined : t.state,
          publishedAt: t.publishedAt,
          previewUrl,
          publicUrl,
          revisions,
          restoredId: restored?.id ?? null,
        }}
      />
    </>
  );
}
