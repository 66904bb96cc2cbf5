/**
 * The frame of a project or post form: the fields in the main column, the publishing
 * and history panels beside them, the edit version for the conflict check, and the question
 * before leaving with unsaved changes. Posts to the current route.
 */
import { Form } from "react-router";
import type { RevisionSummary } from "../content.server";
import type { PublicationState } from "../publication";
import { FormSection } from "./form-section";
import { LeaveDialog } from "./leave-dialog";
import { PublishBar, PublishingPanel } from "./publishing-panel";
import { RevisionsPanel } from "./revisions-panel";
import { useUnsavedChanges } from "./use-unsaved-changes";
import type { FieldErrors } from "~/utils/forms";

/** What the edit screen knows beyond the fields: version, state, links and history. */
export type ContentEditState = {
  version: number;
  /** Undefined for something not saved yet (a translation not started). */
  state?: PublicationState;
  /** ISO instant the item went or goes live, or null. */
  publishedAt: string | null;
  previewUrl: string | null;
  publicUrl: string | null;
  revisions: RevisionSummary[];
  /** The revision loaded into the form (unsaved), or null. */
  restoredId: number | null;
};

/** The form element with the main column (`children`), the publishing and revisions panels and the leave dialog. */
export function ContentForm({
  mode,
  edit,
  errors = {},
  statusActions = true,
  archivable = true,
  children,
}: {
  mode: "create" | "edit";
  /** Whether the publishing panel offers Unpublish and Archive (not for site pages). */
  statusActions?: boolean;
  /** Whether its status actions include Archive/Restore (not for translations). */
  archivable?: boolean;
  edit?: ContentEditState;
  errors?: FieldErrors;
  /** The kind's field sections. */
  children: React.ReactNode;
}) {
  const { formRef, blocker } = useUnsavedChanges({ startDirty: edit?.restoredId != null, resetKey: edit?.version });
  return (
    // One column that never grows past the screen on a phone (the sticky PublishBar spans it edge to edge).
    <Form method="post" ref={formRef} className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex min-w-0 flex-col gap-6">{children}</div>
      <aside className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20 lg:self-start">
        <FormSection title="Publishing">
          {edit ? <input type="hidden" name="version" value={edit.version} /> : null}
          <PublishingPanel mode={mode} state={edit?.state} publishedAt={edit?.publishedAt} previewUrl={edit?.previewUrl} publicUrl={edit?.publicUrl} errors={errors} statusActions={statusActions} archivable={archivable} />
        </FormSection>
        {edit ? (
          <FormSection title="Revisions">
            <RevisionsPanel revisions={edit.revisions} currentVersion={edit.version} restoredId={edit.restoredId} />
          </FormSection>
        ) : null}
      </aside>
      <PublishBar mode={mode} />
      <LeaveDialog blocker={blocker} />
    </Form>
  );
}
