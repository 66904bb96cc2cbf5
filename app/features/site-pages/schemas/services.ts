/** The services pages: both pillars on /services, the process, and /services/commercial and /services/humanitarian. Safe for the browser. */
import { z } from "zod";
import { figureRef, group, image, list, longText, rows, type SchemaMode, text } from "../fields";
import { headingFields } from "./sections";

/** A background image behind a page's header or beside a pillar (decorative: alt text optional). */
const backdrop = (mode: SchemaMode, label: string) => image(mode, label, { decorative: true, hint: "A wide photograph (16:9) from the media library." });

/** The schema of the services pages for a draft save or a publication (`mode`). */
export function servicesSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  const cta = (label: string) => group(label, { title: text(mode, "Heading", { max: 120 }), description: longText(mode, "Text", { max: 400 }) });
  const pillar = (label: string) =>
    group(label, {
      title: text(mode, "Title", { max: 120 }),
      tagline: text(mode, "Tagline", { max: 160 }),
      description: longText(mode, "Description", { max: 800 }),
      image: backdrop(mode, "Image"),
      stats: rows(mode, "Stats", "stat", { label: text(mode, "Label", { max: 40 }), figure: figureRef(mode, "Figure") }, { min: 1, max: 4 }),
      features: list(mode, "Core services", "service", { max: 12, maxLength: 160, min: 1 }),
      projects: list(mode, "Project types", "project type", { max: 12, maxLength: 120, min: 1 }),
    });
  const detail = (label: string, pointsLabel: string) =>
    group(label, {
      eyebrow: text(mode, "Eyebrow", { max: 60 }),
      title: text(mode, "Title", { max: 120 }),
      intro: longText(mode, "Introduction", { max: 800 }),
      image: backdrop(mode, "Header image"),
      categoriesHeading: text(mode, "Categories heading", { max: 120 }),
      categories: rows(
        mode,
        "Categories",
        "category",
        { ...named, services: list(mode, "Services", "service", { max: 12, maxLength: 160, min: 1 }) },
        { min: 1, max: 6 },
      ),
      pointsHeading: text(mode, `${pointsLabel} heading`, { max: 120 }),
      points: rows(mode, pointsLabel, "point", named, { min: 1, max: 8 }),
      cta: cta("Closing call to action"),
    });
  return z.object({
    hero: group("Services page header", {
      eyebrow: text(mode, "Eyebrow", { max: 60 }),
      title: text(mode, "Headline", { max: 160 }),
      description: longText(mode, "Introduction", { max: 600 }),
      image: backdrop(mode, "Header image"),
    }),
    commercial: pillar("Commercial pillar (/services)"),
    humanitarian: pillar("Humanitarian pillar (/services)"),
    process: group("Process (/services)", { ...headingFields(mode), steps: rows(mode, "Steps", "step", named, { min: 1, max: 6, hint: "Numbered 01, 02... in this order." }) }),
    cta: cta("Closing call to action (/services)"),
    commercialPage: detail("Page /services/commercial", "Why choose us points"),
    humanitarianPage: detail("Page /services/humanitarian", "Principles"),
  });
}
