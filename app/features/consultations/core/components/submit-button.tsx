import { Loader2 } from "lucide-react";
import { Button } from "~/components/ui/button";

/** A dialog form's submit button: disabled while `pending` (or `disabled`), with a spinner then. */
export function SubmitButton({
  pending,
  disabled,
  variant,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  variant?: "destructive";
  children: React.ReactNode;
}) {
  return (
    <Button type="submit" variant={variant} disabled={pending || disabled}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {children}
    </Button>
  );
}
