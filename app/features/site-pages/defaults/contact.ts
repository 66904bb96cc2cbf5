import { CONTACT_INTRO_DEFAULT, CONTACT_REPLY_DEFAULT, type PageContent } from "../schemas";

/** Opening hours and address of /contact, social links of the footer. */
export const contact: PageContent["contact"] = {
  intro: CONTACT_INTRO_DEFAULT,
  replyNote: CONTACT_REPLY_DEFAULT,
  openingHours: [
    {
      days: "Monday to Friday",
      hours: "9:00 to 17:30",
    },
  ],
  addressLines: ["London", "United Kingdom"],
  mapUrl: "",
  socialLinks: [],
};
