import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import type { ContentKindRef } from "../kinds";

/**
 * Delete with the fixed confirmation: 'Are you sure you want to delete "{title}"?
 * This action cannot be undone.' Posts `intent=delete` (and `id`) to `action` (the current route
 * when omitted).
 */
export function DeleteDialog({
  kind,
  id,
  title,
  action,
  trigger,
  onSubmit,
}: {
  /** The kind's definition: its noun and confirmation. */
  kind: Pick<ContentKindRef, "noun" | "messages">;
  id: string;
  title: string;
  action?: string;
  trigger?: React.ReactNode;
  onSubmit?: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${kind.noun}?`}
      description={kind.messages.deleteConfirm(title)}
      trigger={
        trigger ?? (
          <Button type="button" variant="outline" size="sm" className="text-destructive">
            <Trash2 aria-hidden /> Delete<span className="sr-only"> {title}</span>
          </Button>
        )
      }
      confirm={
        <Form method="post" action={action} onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="destructive" className="w-full">
            Delete
          </Button>
        </Form>
      }
    />
  );
}
