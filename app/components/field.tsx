import { useId } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";

type FieldProps = {
  /** The label's words (content in another language than the page's may come wrapped in `<bdi>`). */
  label: React.ReactNode;
  /** Error messages for this field (from the server's Zod result or Conform). */
  errors?: string[] | null;
  required?: boolean;
  hint?: React.ReactNode;
  className?: string;
  /** Renders the control, given the id, aria-describedby and aria-invalid it must carry. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => React.ReactNode;
};

/** A labelled form control with its hint and error list, wired for screen readers. */
export function Field({ label, errors, required, hint, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div data-field="" className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden className="text-destructive"> *</span> : null}
      </Label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": hasErrors ? true : undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasErrors ? (
        <ul id={errorId} data-field-errors="" className="text-sm text-destructive">
          {errors!.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
