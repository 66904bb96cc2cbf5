/** Field groups several pages share: a section's heading. Safe for the browser. */
import { longText, type SchemaMode, text } from "../fields";

/** A section's eyebrow, heading and optional lead paragraph. */
export function headingFields(mode: SchemaMode) {
  return {
    eyebrow: text(mode, "Eyebrow", { max: 60, hint: "The small line above the heading." }),
    title: text(mode, "Heading", { max: 160 }),
    description: longText(mode, "Introduction", { max: 400, required: false }),
  };
}
