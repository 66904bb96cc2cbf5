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
import { getEditableProject } from "~/features/projects/admin.server";
import { ProjectForm, type ProjectFormDefaults } from "~/features/projects/components/project-form";
import { PROJECT_KIND } from "~/features/projects/kind";
import { pageMeta } from "~/features/seo/meta";
import { languageTabs } from "~/features/translations/actions.server";
import { LanguageTabs } from "~/features/translations/components/language-tabs";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { env } from "~/utils/env.server";
import type { Route } from "./+types/project-edit";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Edit Project", path: "/admin/cms/projects", noIndex: true });

/**
 * The edit form of one project: the project, its
 * revisions, a signed preview link when it is not public, and with `?revision={id}` that
 * revision's values in the form (restoring saves nothing). A missing project redirects to the
 * list with the spec's 'Error loading project' toast. Every staff role.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, STAFF_ROLES);
  const id = z.uuid().safeParse(params.id);
  const project = id.success ? await getEditableProject(id.data) : null;
  if (!project) throw redirect(`${PROJECT_KIND.paths.list}?error=load`);
  const revisionId = z.coerce.number().int().positive().safeParse(new URL(request.url).searchParams.get("revision") ?? undefined);
  const [revisions, restored, tabs] = await Promise.all([
    listRevisions("project", project.id),
    revisionId.success ? getRevisionSnapshot("project", project.id, revisionId.data) : Promise.resolve(null),
    languageTabs("project", project.id),
  ]);
  const origin = new URL(env.PUBLIC_URL).origin;
  const path = PROJECT_KIND.paths.public(project.slug);
  return {
    project,
    revisions,
    tabs,
    restored: restored ? { id: revisionId.data!, values: restored as ProjectFormDefaults } : null,
    previewUrl: project.state === "published" ? null : `${path}?preview=${createPreviewToken("project", project.id)}`,
    publicUrl: project.state === "published" ? path : null,
    publicOrigin: origin,
  };
}

/** Save Changes / Update & Publish / Schedule / Unpublish / Archive / Restore / Delete (see `editAction`). */
export async function action({ request, params }: Route.ActionArgs) {
  return editAction(PROJECT_KIND, request, params.id);
}

export default function ProjectEditPage({ loaderData }: Route.ComponentProps) {
  const { project, revisions, tabs, restored, previewUrl, publicUrl, publicOrigin } = loaderData;
  const result = useActionData<typeof action>();
  useActionToast(result);
  useFlagToast("saved", PROJECT_KIND.flags.saved);
  const restoredRevision = restored ? revisions.find((r) => r.id === restored.id) : undefined;
  return (
    <>
      <AdminPageHeader
        title="Edit Project"
        description={project.title}
        actions={<DeleteDialog kind={PROJECT_KIND} id={project.id} title={project.title} />}
      />
      <LanguageTabs tabs={tabs} current={DEFAULT_LANGUAGE} editPath={PROJECT_KIND.paths.edit(project.id)} />
      {result && !result.ok && result.conflict ? <ConflictAlert message={result.description ?? ""} /> : null}
      {restored ? <RestoredNotice revision={restoredRevision} /> : null}
      <ProjectForm
        key={`${restored?.id ?? "current"}-${project.version}`}
        mode="edit"
        defaults={{ ...project, ...(restored?.values ?? {}), slug: project.slug }}
        errors={result && !result.ok ? result.errors : undefined}
        publicOrigin={publicOrigin}
        edit={{ version: project.version, state: project.state, publishedAt: project.publishedAt, previewUrl, publicUrl, revisions, restoredId: restored?.id ?? null }}
      />
    </>
  );
}
