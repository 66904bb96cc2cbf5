import { redirect, useActionData } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin-page-header";
import { requireAdmin } from "~/features/auth/guard.server";
import { STAFF_ROLES } from "~/features/auth/roles";
import { editAction } from "~/features/cms/actions.server";
import { ConflictAlert, RestoredNotice } from "~/features/cms/components/edit-notices";
import { DeleteDialog } from "~/features/cms/components/delete-dialog";
import { useActionToast, useFlagToast } from "~/features/cms/components/use-cms-toasts";
import { getRevisionSnapshot, listRevisions } from "~/features/cms/content.server";
import { createPreviewToken } from "~/features/cms/preview.server";
import { getEditableInsight, parseInsightFormWithLibrary } from "~/features/insights/admin.server";
import { imageIdsOf } from "~/features/media/rules";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { resolveMediaIds } from "~/features/media/resolve.server";
import { InsightForm, type InsightFormDefaults } from "~/features/insights/components/insight-form";
import { pageMeta } from "~/features/seo/meta";
import { languageTabs } from "~/features/translations/actions.server";
import { LanguageTabs } from "~/features/translations/components/language-tabs";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { env } from "~/utils/env.server";
import type { Route } from "./+types/blog-edit";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Edit Blog Post", path: "/admin/cms/blog", noIndex: true });

/**
 * The edit form of one post: the post, its
 * revisions, a signed preview link when it is not public, and with `?revision={id}` that
 * revision's values in the form (restoring saves nothing). A missing post redirects to the list
 * with the spec's 'Error loading blog post' toast. Every staff role.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  const id = z.uuid().safeParse(params.id);
  const post = id.success ? await getEditableInsight(id.data) : null;
  if (!post) throw redirect(`${INSIGHT_KIND.paths.list}?error=load`);
  const revisionId = z.coerce.number().int().positive().safeParse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const [revisions, restored, tabs] = await Promise.all([
    listRevisions("insight", post.id),
    revisionId.success ? getRevisionSnapshot("insight", post.id, revisionId.data) : Promise.resolve(null),
    languageTabs("insight", post.id),
  ]);
  const path = INSIGHT_KIND.paths.public(post.slug);
  const bodyImages = await resolveMediaIds(imageIdsOf([...(post.content ?? []), ...(((restored as InsightFormDefaults | null)?.content) ?? [])]));
  return {
    post,
    bodyImages,
    revisions,
    tabs,
    restored: restored ? { id: revisionId.data!, values: restored as InsightFormDefaults } : null,
    previewUrl: post.state === "published" ? null : `${path}?preview=${createPreviewToken("insight", post.id)}`,
    publicUrl: post.state === "published" ? path : null,
    publicOrigin: new URL(env.PUBLIC_URL).origin,
  };
}

/** Save Changes / Update & Publish / Schedule / Unpublish / Archive / Restore / Delete (see `editAction`). */
export async function action({ request, params }: Route.ActionArgs) {
  return editAction(INSIGHT_KIND, request, params.id, parseInsightFormWithLibrary);
}

export default function BlogEditPage({ loaderData }: Route.ComponentProps) {
  const { post, revisions, tabs, restored, previewUrl, publicUrl, publicOrigin, bodyImages } = loaderData;
  const result = useActionData<typeof action>();
  useActionToast(result);
  useFlagToast("saved", INSIGHT_KIND.flags.saved);
  const restoredRevision = restored ? revisions.find((r) => r.id === restored.id) : undefined;
  return (
    <>
      <AdminPageHeader title="Edit Blog Post" description={post.title} actions={<DeleteDialog kind={INSIGHT_KIND} id={post.id} title={post.title} />} />
      <LanguageTabs tabs={tabs} current={DEFAULT_LANGUAGE} editPath={INSIGHT_KIND.paths.edit(post.id)} />
      {result && !result.ok && result.conflict ? <ConflictAlert message={result.description ?? ""} /> : null}
      {restored ? <RestoredNotice revision={restoredRevision} /> : null}
      <InsightForm
        key={`${restored?.id ?? "current"}-${post.version}`}
        mode="edit"
        defaults={{ ...post, ...(restored?.values ?? {}), slug: post.slug }}
        errors={result && !result.ok ? result.errors : undefined}
        publicOrigin={publicOrigin}
        images={bodyImages}
        edit={{ version: post.version, state: post.state, publishedAt: post.publishedDate, previewUrl, publicUrl, revisions, restoredId: restored?.id ?? null }}
      />
    </>
  );
}
