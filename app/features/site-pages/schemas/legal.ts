/** The privacy policy and the terms of service. Safe for the browser. */
import { z } from "zod";
import { group, longText, richText, type SchemaMode, text } from "../fields";

const SECTIONS_HINT = "Each heading (level 2) starts a numbered section, listed under 'On this page'.";

/** The schema of the privacy and terms page for a draft save or a publication (`mode`). */
export function legalSchema(mode: SchemaMode) {
  const updated = text(mode, "Last updated", {
    max: 40,
    hint: "As shown under the title, e.g. 1 September 2025. Set to the day it goes live when the text changes on Publish or Schedule, unless you change it here.",
  });
  const intro = longText(mode, "Introduction", { max: 600 });
  return z.object({
    privacy: group("Privacy policy (/privacy)", {
      updated,
      intro,
      body: richText(mode, "Policy", { hint: `${SECTIONS_HINT} The sections on cookies, visit statistics and how long data is kept follow it, written from Settings.` }),
      closing: richText(mode, "After the sections from Settings", { required: false, hint: `${SECTIONS_HINT} Shown after the retention periods, e.g. your rights and complaints.` }),
    }),
    terms: group("Terms of service (/terms)", { updated, intro, body: richText(mode, "Terms", { hint: SECTIONS_HINT }) }),
  });
}
