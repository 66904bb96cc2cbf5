/** The contact and footer page: the /contact introduction, opening hours, reply promise, address and links. Safe for the browser. */
import { z } from "zod";
import { link, list, longText, rows, type SchemaMode, text } from "../fields";

/** The /contact introduction as first written (stored contact pages from before it was editable show it). */
export const CONTACT_INTRO_DEFAULT =
  "Whether you are planning a commercial development or building resilience in a disaster-prone region, our engineers are ready to help. Tell us what you need and we'll respond within 24 hours.";
/** The sentence beside the enquiry form's Send button, as first written. */
export const CONTACT_REPLY_DEFAULT = "We reply within 24 hours, Monday to Friday.";

/** The schema of the contact and footer page for a draft save or a publication (`mode`). */
export function contactSchema(mode: SchemaMode) {
  return z.object({
    intro: longText(mode, "Introduction (/contact)", { max: 400, defaultValue: CONTACT_INTRO_DEFAULT, hint: "Under the heading of /contact." }),
    openingHours: rows(mode, "Opening hours", "line", { days: text(mode, "Days", { max: 60 }), hours: text(mode, "Hours", { max: 60 }) }, { min: 1, max: 10 }),
    replyNote: text(mode, "When we reply (beside the Send button)", {
      max: 160,
      defaultValue: CONTACT_REPLY_DEFAULT,
      hint: "Keep it in step with the opening hours above: it is shown beside the enquiry form's Send button.",
    }),
    addressLines: list(mode, "Address", "address line", { max: 6, maxLength: 120, min: 1, hint: "One line each, in postal order." }),
    mapUrl: link(mode, "Map link", { hint: "Optional: a https:// link to the office on a map." }),
    socialLinks: rows(mode, "Social links", "link", { label: text(mode, "Network", { max: 40 }), url: link(mode, "Address", { required: true }) }, {
      max: 8,
      hint: "Shown in the footer beside LinkedIn (whose address is in Settings, with the e-mail and phone).",
    }),
  });
}
