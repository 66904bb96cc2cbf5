/**
 * The controls of a project or post form drawn from the kind's field definitions
 * (`app/features/cms/kinds.ts`): label, hint, required mark and the posted name come from the one
 * definition the server validates with. A field marked `required: true` is also required by the
 * browser; one marked `"publish"` is only marked (a draft may leave it empty).
 */
import { Field } from "~/components/field";
import { Input, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import type { ContentField } from "../kinds";
import { FieldErrors } from "./field-errors";
import { ListEditor } from "./list-editor";
import type { FieldErrors as ErrorsByField } from "~/utils/forms";

type Common = { field: ContentField; name: string; errors?: ErrorsByField };

/** A one-line input or, for a `textarea` field, a text area of the field's height. */
export function KindTextField({ field, name, errors = {}, value }: Common & { value: string | null | undefined }) {
  const required = field.required === true ? true : undefined;
  return (
    <Field label={field.label} required={Boolean(field.required)} errors={errors[name]} hint={field.hint}>
      {(control) =>
        field.widget === "textarea" ? (
          <Textarea {...control} name={name} rows={field.rows} required={required} defaultValue={value ?? ""} />
        ) : (
          <Input {...control} name={name} required={required} defaultValue={value ?? ""} />
        )
      }
    </Field>
  );
}

/** One image (`image`) or an ordered gallery (`images`) from the media library, with the field's errors. */
export function KindImageField({ field, name, errors = {}, value }: Common & { value: string | readonly string[] | null | undefined }) {
  const required = Boolean(field.required) || undefined;
  return (
    <>
      {field.widget === "images" ? (
        <ImagePicker multiple name={name} label={field.label} required={required} defaultValue={Array.isArray(value) ? value : null} />
      ) : (
        <ImagePicker name={name} label={field.label} required={required} defaultValue={typeof value === "string" ? value : null} />
      )}
      <FieldErrors errors={errors[name]} />
    </>
  );
}

/** An add/remove list of short texts (tags, team members, awards). */
export function KindListField({ field, name, errors = {}, value }: Common & { value: readonly string[] | null | undefined }) {
  return <ListEditor name={name} label={field.label} itemLabel={field.itemLabel ?? "entry"} defaultValue={value} errors={errors[name]} />;
}

/** A yes/no box with its label beside it ("Featured project"). */
export function KindCheckbox({ field, name, value }: Omit<Common, "errors"> & { value: boolean | undefined }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" name={name} defaultChecked={value ?? false} className="size-4 accent-primary" /> {field.label}
    </label>
  );
}
