/**
 * The history of an item: its last revisions, newest first, with who saved and when.
 * Restore loads a revision into the form (`?revision={id}`); nothing is saved or published until
 * staff save.
 */
import { History } from "lucide-react";
import { Link } from "react-router";
import type { RevisionSummary } from "../content.server";
import { formatUkDateTime } from "../publication";

const ACTIONS: Record<string, string> = {
  created: "Created",
  updated: "Saved",
  published: "Published",
  scheduled: "Scheduled",
  unpublished: "Unpublished",
  archived: "Archived",
  restored: "Restored",
  translation_created: "Created",
  translation_updated: "Saved",
  translation_published: "Published",
  translation_scheduled: "Scheduled",
  translation_unpublished: "Unpublished",
  translation_schedule_cancelled: "Schedule cancelled",
};

export function RevisionsPanel({ revisions, currentVersion, restoredId }: { revisions: RevisionSummary[]; currentVersion: number; restoredId: number | null }) {
  if (!revisions.length) return <p className="text-sm text-muted-foreground">No saved revisions yet.</p>;
  return (
    <ol className="flex max-h-96 flex-col gap-1 overflow-y-auto text-sm">
      {revisions.map((r) => (
        <li key={r.id} className="flex items-center justify-between gap-2 rounded px-2 py-1.5 odd:bg-muted/50">
          <span className="min-w-0">
            <span className="font-medium">{ACTIONS[r.action] ?? r.action}</span> by {r.authorName ?? "someone"}
            <span className="block text-xs text-muted-foreground">
              {formatUkDateTime(r.createdAt)}
              {r.version === currentVersion ? " · current" : ""}
              {r.id === restoredId ? " · in the form now" : ""}
            </span>
          </span>
          {r.version !== currentVersion ? (
            <Link to={`?revision=${r.id}`} className="inline-flex shrink-0 items-center gap-1 text-primary hover:underline" preventScrollReset>
              <History className="size-3.5" aria-hidden /> Restore<span className="sr-only"> the version of {formatUkDateTime(r.createdAt)}</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
