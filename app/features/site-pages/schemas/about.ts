/** The About page: story, founders and team, expertise, countries and values. Safe for the browser. */
import { z } from "zod";
import { figureList, figureRef, group, image, link, list, longText, rows, type SchemaMode, select, text } from "../fields";

/** The schema of the About page for a draft save or a publication (`mode`). */
export function aboutSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  return z.object({
    story: group("Story (page header)", {
      title: text(mode, "Headline", { max: 160 }),
      intro: longText(mode, "Story", { max: 600 }),
      figures: figureList(mode, "Figures shown", { max: 4, hint: "Chosen from Company figures, shown in this order." }),
    }),
    team: group("Founders and team", {
      title: text(mode, "Heading", { max: 160 }),
      description: longText(mode, "Introduction", { max: 400 }),
      people: rows(
        mode,
        "People",
        "person",
        {
          name: text(mode, "Name", { max: 120 }),
          role: text(mode, "Role", { max: 160 }),
          photo: image(mode, "Photo", { hint: "A portrait, about 4:5." }),
          bio: longText(mode, "Biography", { max: 1_500 }),
          highlights: rows(mode, "Highlights", "highlight", { figure: figureRef(mode, "Figure"), label: text(mode, "Label", { max: 80 }) }, { max: 4 }),
          expertise: list(mode, "Expertise", "area", { max: 12, maxLength: 160 }),
          experience: rows(
            mode,
            "Experience",
            "entry",
            {
              year: text(mode, "Years", { max: 40 }),
              title: text(mode, "Title", { max: 160 }),
              description: longText(mode, "Summary", { max: 400 }),
              details: longText(mode, "Details (shown when opened)", { max: 1_500, required: false }),
              media: rows(
                mode,
                "Image or video",
                "media item",
                {
                  type: select("Type", [
                    { value: "image", label: "Image" },
                    { value: "video", label: "Video" },
                  ] as const),
                  file: image(mode, "File", { hint: "For a video, the .mp4 address; its alt text describes it." }),
                  poster: link(mode, "Video poster image", { hint: "Optional: the still shown before a video plays." }),
                },
                { max: 3 },
              ),
            },
            { max: 12 },
          ),
        },
        { min: 1, max: 12 },
      ),
    }),
    expertise: group("Areas of expertise", {
      title: text(mode, "Heading", { max: 160 }),
      description: longText(mode, "Introduction", { max: 400 }),
      areas: rows(mode, "Areas", "area", named, { min: 1, max: 12 }),
    }),
    countries: group("Countries panel", {
      heading: text(mode, "Heading", {
        max: 120,
        hint: "Write {countries} to show the Countries company figure. The editor warns when the heading's number differs from that figure or from the list's length.",
      }),
      intro: longText(mode, "Text", { max: 400, required: false }),
      list: list(mode, "Countries", "country", { max: 200, maxLength: 80, min: 1 }),
    }),
    values: group("Values", {
      title: text(mode, "Heading", { max: 160 }),
      items: rows(mode, "Values", "value", named, { min: 1, max: 8 }),
    }),
  });
}
