import { AlertTriangle, History } from "lucide-react";
import { Link } from "react-router";
import type { RevisionSummary } from "../content.server";
import { formatUkDateTime } from "../publication";

/** The refusal of a stale save (an edit conflict): who saved and when; nothing was overwritten. */
export function ConflictAlert({ message }: { message: string }) {
  return (
    <div role="alert" className="mb-6 flex gap-3 rounded-md border border-destructive/40 bg-red-50 p-4 text-sm text-red-900">
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">Someone else saved this first</p>
        <p className="mt-1">{message}</p>
      </div>
    </div>
  );
}

/** Says that the form holds a restored revision that is not saved yet. */
export function RestoredNotice({ revision }: { revision: RevisionSummary | undefined }) {
  return (
    <div role="status" className="mb-6 flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <History className="size-5 shrink-0" aria-hidden />
      <p className="flex-1">
        The form holds the version saved{revision ? ` by ${revision.authorName ?? "someone"} on ${formatUkDateTime(revision.createdAt)}` : ""}. Nothing is saved or
        published until you press a save button.
      </p>
      <Link to="?" className="font-medium underline">
        Discard and show the current version
      </Link>
    </div>
  );
}
