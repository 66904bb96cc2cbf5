/**
 * From a submitted page form to the value its Zod schema checks; its issues become field errors
 * keyed by full path through `parseSubmission` (app/utils/forms.ts, `keys: "path"`). Fields are
 * named by their path ("team.people.0.photo.src"), the names the form (components/page-fields.tsx)
 * gives them. Safe for the browser.
 */
import type { z } from "zod";
import { elementOf, fieldMeta, shapeOf } from "./fields";

/** The most rows read for one rows or list field, whatever indices a form posts. */
const MAX_INDEX = 250;

function rowCount(form: FormData, prefix: string): number {
  let count = 0;
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(\\d{1,4})(?:\\.|$)`);
  for (const key of form.keys()) {
    const m = pattern.exec(key);
    if (m) count = Math.max(count, Math.min(Number(m[1]) + 1, MAX_INDEX));
  }
  return count;
}

const textAt = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The value of the field `schema` named `name` in `form`, shaped as the schema expects. */
export function readField(schema: z.ZodType, form: FormData, name: string): unknown {
  const meta = fieldMeta(schema);
  switch (meta?.widget) {
    case "checkbox":
      return form.get(name) === "on";
    case "image":
      return { src: textAt(form, `${name}.src`), alt: textAt(form, `${name}.alt`) };
    case "blocks": {
      try {
        return JSON.parse(textAt(form, name) || "[]");
      } catch {
        return null;
      }
    }
    case "list":
    case "rows": {
      const element = elementOf(schema);
      if (!element) return [];
      return Array.from({ length: rowCount(form, name) }, (_, i) => readField(element, form, `${name}.${i}`));
    }
    case "group":
    case undefined: {
      const shape = shapeOf(schema);
      if (!shape) return textAt(form, name);
      return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, readField(field, form, name ? `${name}.${key}` : key)]));
    }
    default:
      return textAt(form, name);
  }
}
