/**
 * The fields of a page's edit form in Admin > Site, drawn from the page's Zod schema:
 * each field's `.meta()` (./fields.ts) says which control it gets. Inputs are named by their path
 * ("team.people.0.bio"), which `readField` reads back on the server. Rows can be added, removed
 * and reordered; images come from the media library with their alt text; everything stacks at
 * 390 px without sideways scrolling.
 */
import { useState } from "react";
import type { z } from "zod";
import { Field } from "~/components/field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { FormSection } from "~/features/cms/components/form-section";
import { OrderedRows } from "~/features/cms/components/ordered-rows";
import { BlockEditor } from "~/features/insights/components/block-editor";
import { ImagePicker } from "~/features/media/components/image-picker";
import type { InsightBlock } from "~/db/schema";
import { cn } from "~/utils/cn";
import { elementOf, fieldMeta, shapeOf } from "../fields";
import type { FieldErrors } from "~/utils/forms";

/**
 * What every field needs: the server's errors by path, and the company figures to choose from.
 * On a translation's screen, `english` is the English page (its text is shown under each text
 * field) and `input` the translation's `lang` and `dir` for the text inputs.
 */
export type PageFieldsContext = {
  errors: FieldErrors;
  figures: { key: string; label: string; value: string }[];
  english?: unknown;
  input?: { lang: string; dir: "ltr" | "rtl" };
};

/** The value at the dotted `name` ("team.people.0.bio") inside `value`. */
function valueAt(value: Value, name: string): Value {
  return name.split(".").reduce<Value>((current, step) => asRecord(current)[step], value);
}

/** The English text of a field on a translation's screen, read-only, under its input. */
function EnglishText({ ctx, name }: { ctx: PageFieldsContext; name: string }) {
  if (ctx.english === undefined) return null;
  const english = valueAt(ctx.english, name);
  const text = Array.isArray(english) ? english.filter((item) => typeof item === "string").join(" / ") : asString(english);
  return (
    <p lang="en-GB" dir="ltr" className="rounded-md border bg-muted/50 px-3 py-2 text-sm whitespace-pre-wrap text-muted-foreground">
      <span className="font-medium">English: </span>
      {text || <em>empty</em>}
    </p>
  );
}

type Value = unknown;
const asRecord = (v: Value) => (v && typeof v === "object" ? (v as Record<string, Value>) : {});
const asString = (v: Value) => (typeof v === "string" ? v : "");

/** An empty value for a new row of `schema`. */
function emptyValue(schema: z.ZodType): Value {
  const meta = fieldMeta(schema);
  if (meta?.widget === "checkbox") return false;
  if (meta?.widget === "image") return { src: "", alt: "" };
  if (meta?.widget === "rows" || meta?.widget === "list" || meta?.widget === "blocks") return [];
  if (meta?.widget === "select") return meta.options?.[0]?.value ?? "";
  const shape = shapeOf(schema);
  if (shape) return Object.fromEntries(Object.entries(shape).map(([k, f]) => [k, emptyValue(f)]));
  return "";
}

/** The fields of an object schema (a page, a group or a row), named below `name`. */
function ShapeFields({ schema, name, value, ctx }: { schema: z.ZodType; name: string; value: Value; ctx: PageFieldsContext }) {
  const shape = shapeOf(schema) ?? {};
  return (
    <>
      {Object.entries(shape).map(([key, field]) => (
        <PageField key={key} schema={field} name={name ? `${name}.${key}` : key} value={asRecord(value)[key]} ctx={ctx} />
      ))}
    </>
  );
}

/**
 * A whole page's form: each top-level field in its own section (groups give their own title).
 * `value` is the draft (or a restored revision) the inputs start from.
 */
export function PageFields({ schema, value, ctx }: { schema: z.ZodType; value: Value; ctx: PageFieldsContext }) {
  const shape = shapeOf(schema) ?? {};
  return (
    <>
      {Object.entries(shape).map(([key, field]) => {
        const meta = fieldMeta(field);
        return meta?.widget === "group" ? (
          <PageField key={key} schema={field} name={key} value={asRecord(value)[key]} ctx={ctx} />
        ) : (
          <FormSection key={key} title={meta?.label ?? key}>
            <PageField schema={field} name={key} value={asRecord(value)[key]} ctx={ctx} />
          </FormSection>
        );
      })}
    </>
  );
}

/**
 * A text input or text area with its limit in view: "12 of 600 characters" under it, turning into
 * a message (and marking the field invalid) once the text is too long. Nothing is cut: the server
 * refuses the save with the same message, so a pasted quote is never shortened silently.
 */
function CountedText({ control, name, max, multiline, defaultValue, input }: {
  control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true };
  name: string;
  max: number;
  multiline: boolean;
  defaultValue: string;
  input?: PageFieldsContext["input"];
}) {
  const [length, setLength] = useState(defaultValue.trim().length);
  const countId = `${control.id}-count`;
  const over = length - max;
  const props = {
    ...control,
    ...input,
    name,
    defaultValue,
    "aria-describedby": [control["aria-describedby"], countId].filter(Boolean).join(" "),
    "aria-invalid": over > 0 ? true : control["aria-invalid"],
    onInput: (event: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(event.currentTarget.value.trim().length),
  };
  return (
    <>
      {multiline ? <Textarea {...props} rows={4} /> : <Input {...props} type="text" />}
      <p id={countId} className={cn("text-xs tabular-nums", over > 0 ? "font-medium text-destructive" : "text-muted-foreground")}>
        {over > 0 ? `${length} of ${max} characters: remove ${over} to save.` : `${length} of ${max} characters`}
      </p>
    </>
  );
}

/** A company figure chosen by its label (the key is what is stored); an unknown key stays selectable, marked. */
function FigureSelect({ label, hint, name, value, errors, figures }: { label: string; hint?: string; name: string; value: string; errors?: string[]; figures: PageFieldsContext["figures"] }) {
  const known = figures.some((f) => f.key === value);
  return (
    <Field label={label} hint={hint} errors={errors} required>
      {(control) => (
        <NativeSelect {...control} name={name} defaultValue={value}>
          {!known ? <option value={value}>{value ? `${value} (not in Company figures)` : "Choose a figure..."}</option> : null}
          {figures.map((f) => (
            <option key={f.key} value={f.key}>
              {f.value ? `${f.label} (${f.value})` : f.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** One field (and, for groups and rows, everything inside it). */
export function PageField({ schema, name, value, ctx }: { schema: z.ZodType; name: string; value: Value; ctx: PageFieldsContext }) {
  const meta = fieldMeta(schema);
  const errors = ctx.errors[name];
  if (!meta) return <ShapeFields schema={schema} name={name} value={value} ctx={ctx} />;
  switch (meta.widget) {
    case "group":
      return (
        <FormSection title={meta.label}>
          {meta.hint ? <p className="text-sm text-muted-foreground">{meta.hint}</p> : null}
          <ShapeFields schema={schema} name={name} value={value} ctx={ctx} />
        </FormSection>
      );
    case "text":
    case "textarea":
      return (
        <Field label={meta.label} hint={meta.hint} errors={errors} required={meta.required}>
          {(control) => (
            <>
              <CountedText control={control} name={name} max={meta.maxLength ?? 200} multiline={meta.widget === "textarea"} defaultValue={value === undefined ? (meta.defaultValue ?? "") : asString(value)} input={ctx.input} />
              <EnglishText ctx={ctx} name={name} />
            </>
          )}
        </Field>
      );
    case "url":
      return (
        <Field label={meta.label} hint={meta.hint} errors={errors} required={meta.required}>
          {(control) => <Input {...control} name={name} type="text" inputMode="url" defaultValue={asString(value)} />}
        </Field>
      );
    case "checkbox":
      return (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name={name} defaultChecked={value === true} className="mt-0.5 size-4 accent-primary" />
          <span>
            <span className="font-medium">{meta.label}</span>
            {meta.hint ? <span className="block text-xs text-muted-foreground">{meta.hint}</span> : null}
          </span>
        </label>
      );
    case "figure":
      return <FigureSelect label={meta.label} hint={meta.hint} name={name} value={asString(value)} errors={errors} figures={ctx.figures} />;
    case "select": {
      const options = meta.options ?? [];
      const current = asString(value);
      const known = options.some((o) => o.value === current);
      return (
        <Field label={meta.label} hint={meta.hint} errors={errors} required={meta.required}>
          {(control) => (
            <NativeSelect {...control} name={name} defaultValue={current}>
              {!known ? <option value={current}>{current ? `${current} (unknown)` : "Choose..."}</option> : null}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      );
    }
    case "image": {
      const image = asRecord(value);
      return (
        <div className="flex min-w-0 flex-col gap-3">
          <ImagePicker name={`${name}.src`} label={meta.label} defaultValue={asString(image.src)} required={meta.required} />
          {ctx.errors[`${name}.src`] ? <p className="text-sm text-destructive">{ctx.errors[`${name}.src`]!.join(" ")}</p> : null}
          <Field label={`${meta.label}: alt text`} hint={meta.decorative ? "Optional: this image is a background behind text and is hidden from screen readers." : "Describe the image for people who cannot see it. Required when an image is set."} errors={ctx.errors[`${name}.alt`] ?? errors}>
            {(control) => (
              <>
                <CountedText control={control} name={`${name}.alt`} max={300} multiline={false} defaultValue={asString(image.alt)} input={ctx.input} />
                <EnglishText ctx={ctx} name={`${name}.alt`} />
              </>
            )}
          </Field>
        </div>
      );
    }
    case "blocks":
      return <BlockEditor name={name} label={meta.label} defaultValue={(Array.isArray(value) ? value : []) as InsightBlock[]} errors={errors} allowImages={false} />;
    case "list":
    case "rows": {
      const element = elementOf(schema);
      if (!element) return null;
      const items = Array.isArray(value) ? value : [];
      return (
        <div className="min-w-0">
          <OrderedRows
            legend={meta.label}
            rowLabel={meta.itemLabel ?? "entry"}
            defaultRows={items}
            emptyRow={() => emptyValue(element)}
            maxRows={meta.maxItems}
            stacked={meta.widget === "rows"}
            errors={errors}
            renderRow={(row, i) =>
              meta.widget === "list" && meta.figureItems ? (
                <FigureSelect label={`Figure ${i + 1}`} name={`${name}.${i}`} value={asString(row)} errors={ctx.errors[`${name}.${i}`]} figures={ctx.figures} />
              ) : meta.widget === "list" ? (
                <Field label={`${meta.itemLabel ?? "Entry"} ${i + 1}`} errors={ctx.errors[`${name}.${i}`]}>
                  {(control) => <Input {...control} {...ctx.input} name={`${name}.${i}`} defaultValue={asString(row)} />}
                </Field>
              ) : (
                <ShapeFields schema={element} name={`${name}.${i}`} value={row} ctx={ctx} />
              )
            }
          />
          {meta.hint ? <p className="mt-1 text-xs text-muted-foreground">{meta.hint}</p> : null}
          {meta.widget === "list" && !meta.figureItems && !meta.notWords ? <EnglishText ctx={ctx} name={name} /> : null}
        </div>
      );
    }
  }
}
