import { AlertTriangle } from "lucide-react";
import { Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin-page-header";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { ContentForm } from "~/features/cms/components/content-form";
import { ConflictAlert, RestoredNotice } from "~/features/cms/components/edit-notices";
import { useReplyToast } from "~/components/use-reply-toast";
import { getRevisionSnapshot, listRevisions } from "~/features/cms/content.server";
import { createPreviewToken } from "~/features/cms/preview.server";
import { pageMeta } from "~/features/seo/meta";
import { pageEditAction } from "~/features/site-pages/actions.server";
import { PageFields } from "~/features/site-pages/components/page-fields";
import { getEditablePage, readPublicPages } from "~/features/site-pages/pages.server";
import { pageLanguageTabs } from "~/features/site-pages/translation-screen.server";
import { LanguageTabs } from "~/features/translations/components/language-tabs";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { figureValues, isSitePageKey, pageSchema, pageWarnings, SITE_PAGES } from "~/features/site-pages/schemas";
import type { Route } from "./+types/page-edit";
import { replyFieldErrors } from "~/utils/forms";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: `Edit ${args.loaderData?.title ?? "page"}`, path: "/admin/site", noIndex: true });

/**
 * The edit screen of one page of the site (the English tab of its language tabs): its working copy in the form (or, with
 * `?revision={id}`, that revision's, unsaved), the publishing panel with a signed one-hour
 * preview of the whole public page, the revisions, and the editor's warnings. Every staff role.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  if (!isSitePageKey(params.page)) throw redirect("/admin/site");
  const key = params.page;
  const page = await getEditablePage(key);
  const revisionId = z.coerce.number().int().positive().safeParse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const [revisions, restored, figures, tabs] = await Promise.all([
    listRevisions("page", page.id),
    revisionId.success ? getRevisionSnapshot("page", page.id, revisionId.data) : Promise.resolve(null),
    readPublicPages(["figures"]),
    pageLanguageTabs(key),
  ]);
  const restoredDraft = restored && typeof restored.draft === "object" ? (restored.draft as Record<string, unknown>) : null;
  const { publicPath, title } = SITE_PAGES[key];
  return {
    key,
    title,
    page,
    revisions,
    restored: restoredDraft ? { id: revisionId.data!, draft: restoredDraft } : null,
    warnings: pageWarnings(key, restoredDraft ?? page.draft, figureValues(figures.pages.figures)),
    figures: figures.pages.figures.figures.map((f) => ({ key: f.key, label: f.label, value: f.source === "manual" ? f.value : "" })),
    tabs,
    previewUrl: `${publicPath}?preview=${createPreviewToken("page", page.id)}`,
    publicUrl: publicPath,
  };
}

/** Save Changes / Update & Publish / Schedule (see `pageEditAction`). */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request, STAFF_ROLES);
  if (!isSitePageKey(params.page)) throw redirect("/admin/site");
  return pageEditAction(params.page, request);
}

export default function SitePageEdit({ loaderData }: Route.ComponentProps) {
  const { key, title, page, revisions, restored, warnings: loaded, figures, tabs, previewUrl, publicUrl } = loaderData;
  const result = useActionData<typeof action>();
  useReplyToast(result, "site-page");
  const warnings = result?.ok && result.warnings ? result.warnings : loaded;
  const restoredRevision = restored ? revisions.find((r) => r.id === restored.id) : undefined;
  return (
    <>
      <AdminPageHeader title={`Edit ${title}`} description={SITE_PAGES[key].description} />
      <LanguageTabs tabs={tabs} current={DEFAULT_LANGUAGE} editPath={`/admin/site/${key}`} />
      {result && !result.ok && result.conflict ? <ConflictAlert message={result.description ?? ""} /> : null}
      {restored ? <RestoredNotice revision={restoredRevision} /> : null}
      {warnings.length ? (
        <div role="status" className="mb-6 flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {key === "contact" ? (
        <p className="mb-6 rounded-md border bg-card p-3 text-sm">
          The e-mail address, phone number, the footer&apos;s Location line and the LinkedIn page are edited in{" "}
          <Link to="/admin/settings" className="font-medium text-primary underline underline-offset-2">
            Settings
          </Link>{" "}
          (super admins). The address below is the one /contact and every e-mail&apos;s footer show.
        </p>
      ) : null}
      {page.unpublishedChanges && !restored ? (
        <p className="mb-6 rounded-md border bg-muted/60 p-3 text-sm">This page has saved changes that visitors do not see yet: preview them, then publish.</p>
      ) : null}
      <ContentForm
        key={`${restored?.id ?? "current"}-${page.version}`}
        mode="edit"
        statusActions={false}
        errors={replyFieldErrors(result) as Record<string, string[]>}
        edit={{ version: page.version, state: page.state, publishedAt: page.publishedAt, previewUrl, publicUrl, revisions, restoredId: restored?.id ?? null }}
      >
        <PageFields schema={pageSchema(key, "draft")} value={restored?.draft ?? page.draft} ctx={{ errors: replyFieldErrors(result), figures }} />
      </ContentForm>
    </>
  );
}
