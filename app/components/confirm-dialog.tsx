import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";

/**
 * The question asked before anything is lost (team rule "confirmation before loss"): a title, a
 * description, anything more to weigh (`children`: a list, a warning, a checkbox), Cancel
 * (`cancelLabel`) and the confirming control (`confirm`: a button, or a form that posts). Opened by
 * `trigger`, or controlled through `open` / `onOpenChange`; `className` widens the dialog.
 */
export function ConfirmDialog({
  title,
  description,
  confirm,
  cancelLabel = "Cancel",
  trigger,
  open,
  onOpenChange,
  className,
  children,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  confirm: React.ReactNode;
  cancelLabel?: string;
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent className={className}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          {confirm}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A Delete button that asks first (`title`, `description`), then posts `intent=delete` with the
 * item's `id` to the page's own action.
 */
export function ConfirmDelete({ id, title, description, disabled }: { id: string; title: string; description: string; disabled?: boolean }) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      trigger={
        <Button type="button" variant="ghost" disabled={disabled}>
          <Trash2 aria-hidden /> Delete
        </Button>
      }
      confirm={
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <Button type="submit" name="intent" value="delete" variant="destructive">
            Delete
          </Button>
        </Form>
      }
    />
  );
}
