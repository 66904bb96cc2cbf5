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
