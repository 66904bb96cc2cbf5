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
 * description, Cancel (`cancelLabel`) and the confirming control (`confirm`: a button, or a form
 * that posts). Opened by `trigger`, or controlled through `open` / `onOpenChange`.
 */
export function ConfirmDialog({
  title,
  description,
  confirm,
  cancelLabel = "Cancel",
  trigger,
  open,
  onOpenChange,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  confirm: React.ReactNode;
  cancelLabel?: string;
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          {confirm}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
