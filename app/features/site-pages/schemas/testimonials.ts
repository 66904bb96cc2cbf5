/** The testimonials page: client quotes, who said them, and which show on the home page. Safe for the browser. */
import { z } from "zod";
import { checkbox, image, longText, rows, type SchemaMode, text } from "../fields";

/** The schema of the testimonials page for a draft save or a publication (`mode`). */
export function testimonialsSchema(mode: SchemaMode) {
  return z.object({
    testimonials: rows(
      mode,
      "Testimonials",
      "testimonial",
      {
        text: longText(mode, "Quote", { max: 600 }),
        name: text(mode, "Name", { max: 120 }),
        role: text(mode, "Role", { max: 120, required: false }),
        organisation: text(mode, "Organisation", { max: 120, required: false }),
        photo: image(mode, "Photo", { required: false }),
        showOnHome: checkbox("Show on the home page", "The home page shows up to nine, in this order."),
      },
      { min: 1, max: 60 },
    ),
  });
}
