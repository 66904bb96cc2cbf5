/** A field's server errors under a control that renders its own label (the image picker). */
export function FieldErrors({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <p role="alert" className="-mt-2 text-sm text-destructive">
      {errors.join(" ")}
    </p>
  ) : null;
}
