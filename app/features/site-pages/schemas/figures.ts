/** The company figures page: each figure's key, label, value and where it is computed from (a translation holds the labels only). Safe for the browser. */
import { z } from "zod";
import { rows, type SchemaMode, select, text } from "../fields";

/** Values a figure may be computed from instead of typed in. */
export const FIGURE_SOURCES = ["manual", "projects-published", "insights-published"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The schema of the company figures page for a draft save or a publication (`mode`). */
export function figuresSchema(mode: SchemaMode) {
  return z
    .object({
      figures: rows(
        mode,
        "Figures",
        "figure",
        {
          key: text(mode, "Key", { max: 60, hint: "Lower-case words joined by hyphens; pages refer to the figure by it.", notWords: true }).refine(
            (v) => v === "" || KEY_PATTERN.test(v),
            "Key: use lower-case letters, digits and hyphens (e.g. years-of-expertise).",
          ),
          label: text(mode, "Label", { max: 80 }),
          value: text(mode, "Value", { max: 20, required: false, hint: "As shown, e.g. 95% or 20+. Not used when computed.", notWords: true }),
          source: select("Computed from", [
            { value: "manual", label: "Typed in (the value above)" },
            { value: "projects-published", label: "Projects published (count)" },
            { value: "insights-published", label: "Articles published (count)" },
          ] as const),
        },
        { min: 1, max: 40 },
      ),
    })
    .superRefine((page, ctx) => {
      const seen = new Set<string>();
      page.figures.forEach((figure, i) => {
        if (figure.key && seen.has(figure.key)) ctx.addIssue({ code: "custom", path: ["figures", i, "key"], message: `Key "${figure.key}" is used twice.` });
        seen.add(figure.key);
        if (mode === "publish" && figure.source === "manual" && !figure.value) {
          ctx.addIssue({ code: "custom", path: ["figures", i, "value"], message: "Value is required to publish (or choose a computed source)." });
        }
      });
    });
}
