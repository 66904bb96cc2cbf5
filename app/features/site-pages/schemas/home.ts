/** The home page: hero slides, headline, partner strip, section texts, and the featured projects and articles. Safe for the browser. */
import { z } from "zod";
import { figureList, figureRef, group, image, link, list, longText, rows, type SchemaMode, select, text } from "../fields";
import { headingFields } from "./sections";

/** Which projects or articles a home section shows: the latest, or chosen ones by slug. */
const FEATURE_CHOICES = [
  { value: "latest", label: "The latest published (up to 3)" },
  { value: "chosen", label: "The ones chosen below, in order" },
] as const;

function featured(mode: SchemaMode, label: string, what: string) {
  return group(label, {
    eyebrow: text(mode, "Eyebrow", { max: 60 }),
    title: text(mode, "Heading", { max: 160 }),
    show: select(`${what} shown`, FEATURE_CHOICES),
    slugs: list(mode, `Chosen ${what.toLowerCase()}`, "slug", {
      max: 3,
      maxLength: 120,
      notWords: true,
      hint: `The address part after /${what === "Projects" ? "projects" : "insights"}/ of up to 3 published ${what.toLowerCase()}. Unpublished ones are not shown.`,
    }),
  });
}

/** The schema of the home page for a draft save or a publication (`mode`). */
export function homeSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  return z
    .object({
      hero: group("Hero", {
        slides: rows(
          mode,
          "Slides",
          "slide",
          { image: image(mode, "Image", { hint: "A wide photograph (16:9), shown behind the headline; its focal point (set in the media library) stays in view." }) },
          { min: 1, max: 5, hint: "Shown in this order, each for 6 seconds." },
        ),
        badge: text(mode, "Badge", { max: 80 }),
        headline: text(mode, "Headline", { max: 120 }),
        intro: longText(mode, "Introduction", { max: 400, hint: "A figure's key in braces, e.g. {countries}, shows that company figure." }),
        figures: figureList(mode, "Figures shown", { max: 3, hint: "Chosen from Company figures, shown in this order." }),
      }),
      partners: group("Partner strip", {
        heading: text(mode, "Heading", { max: 120 }),
        partners: rows(
          mode,
          "Partners",
          "partner",
          { logo: image(mode, "Logo", { hint: "About 280 by 60 pixels; the alt text is the partner's name." }), name: text(mode, "Name", { max: 80 }), url: link(mode, "Link") },
          { min: 1, max: 20, hint: "Scrolls in a loop, in this order." },
        ),
      }),
      services: group("Services section", {
        ...headingFields(mode),
        cards: rows(
          mode,
          "Cards",
          "card",
          {
            title: text(mode, "Title", { max: 120 }),
            description: longText(mode, "Description", { max: 400 }),
            href: link(mode, "Link", { required: true, hint: "The service page, e.g. /services/commercial." }),
            points: rows(mode, "Points", "point", { title: text(mode, "Title", { max: 80 }), text: longText(mode, "Text", { max: 300 }) }, { min: 1, max: 4 }),
          },
          { min: 1, max: 4 },
        ),
      }),
      about: group("About section", {
        eyebrow: text(mode, "Eyebrow", { max: 60 }),
        title: text(mode, "Heading", { max: 160 }),
        paragraphs: list(mode, "Paragraphs", "paragraph", { max: 4, maxLength: 800, min: 1 }),
        image: image(mode, "Image", { hint: "About 4:3." }),
        figure: figureRef(mode, "Figure on the image"),
      }),
      approach: group("Approach section", {
        eyebrow: text(mode, "Eyebrow", { max: 60 }),
        title: text(mode, "Heading", { max: 160 }),
        intro: longText(mode, "Introduction", { max: 400 }),
        pillars: rows(mode, "Pillars", "pillar", named, { min: 1, max: 4 }),
      }),
      projects: featured(mode, "Latest projects", "Projects"),
      insights: featured(mode, "Latest insights", "Articles"),
      team: group("Team section", {
        ...headingFields(mode),
        figures: figureList(mode, "Figures shown", { max: 2, hint: "Chosen from Company figures; shown beside the founders (who are edited on About)." }),
      }),
      testimonials: group("Testimonials section", headingFields(mode), "The quotes themselves are edited in Testimonials."),
      cta: group("Closing call to action", { description: longText(mode, "Text", { max: 400 }) }),
    })
    .superRefine((page, ctx) => {
      if (mode !== "publish") return;
      for (const section of ["projects", "insights"] as const) {
        if (page[section].show === "chosen" && page[section].slugs.length === 0) {
          ctx.addIssue({ code: "custom", path: [section, "slugs"], message: "Add at least one slug to publish, or show the latest." });
        }
      }
    });
}
