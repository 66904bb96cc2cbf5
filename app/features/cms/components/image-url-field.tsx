/**
 * The one image input of the content studio until media's `ImagePicker` lands (HELPERS contract 3):
 * same props, a URL typed in (https:// or a site path such as /media/x.webp), with a preview and
 * the spec's 'Failed to load image' fallback. Swap this file's body for `ImagePicker` later.
 */
import { useState } from "react";
import { Field } from "~/components/field";
import { Input } from "~/components/ui/input";

export function ImageUrlField({
  name,
  label,
  defaultValue,
  required,
  errors,
}: {
  name: string;
  label: string;
  defaultValue?: string | null;
  required?: boolean;
  errors?: string[];
}) {
  const [url, setUrl] = useState(defaultValue ?? "");
  const [failed, setFailed] = useState(false);
  return (
    <Field label={label} required={required} errors={errors} hint="PNG, JPG or WEBP: a web address (https://...) or a site path (/media/...).">
      {(control) => (
        <div className="flex flex-col gap-3">
          <Input
            {...control}
            name={name}
            type="text"
            inputMode="url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setFailed(false);
            }}
            placeholder="https://"
          />
          {url.trim() ? (
            failed ? (
              <p className="flex h-24 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">Failed to load image</p>
            ) : (
              <img src={url.trim()} alt="" className="h-32 w-full max-w-xs rounded-md border object-cover" onError={() => setFailed(true)} />
            )
          ) : null}
        </div>
      )}
    </Field>
  );
}
