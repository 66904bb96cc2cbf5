import { Archive, ArchiveRestore } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { PublicationState } from "../publication";

/**
 * Archive or Restore from a list row:
 * posts `intent=archive|restore` and `id` to the list's action (`listAction`). Nothing is lost, so
 * there is no confirmation: an archived item is kept and Restore brings it back as a draft.
 */
export function ArchiveRestoreButton({ id, title, state }: { id: string; title: string; state: PublicationState }) {
  const archived = state === "archived";
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={archived ? "restore" : "archive"} variant="ghost" size="sm">
        {archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
        {archived ? "Restore" : "Archive"}
        <span className="sr-only"> {title}</span>
      </Button>
    </Form>
  );
}
