/**
 * The home page's approach pillars and partner strip (`shared/spec/public-site.md` home
 * sections 1 and 4). The About page's own content is edited in Admin > Site (issue 16; seed in
 * `app/db/seed/site-pages.ts`).
 */
/** Home section 4: 'Precision with Purpose' pillars. */
export const approachPillars = [
  {
    title: "Intelligent Engineering",
    description: "Analysis and digital modelling used to find the simplest structure that does the job safely.",
  },
  {
    title: "Sustainable Infrastructure",
    description: "Designs that use less material, less carbon and last longer, with reuse considered first.",
  },
  {
    title: "Risk-Resilient Thinking",
    description: "Every design is tested against the hazards it may face: earthquakes, floods, storms and a changing climate.",
  },
] as const;

/** Placeholder partner logos for the home hero strip (public/media/partners/*.svg). */
export const partners = [
  { name: "Northbank Homes", logo: "/media/partners/northbank.svg" },
  { name: "Aldgate Developments", logo: "/media/partners/aldgate.svg" },
  { name: "Relief Works International", logo: "/media/partners/reliefworks.svg" },
  { name: "Crestline Property", logo: "/media/partners/crestline.svg" },
  { name: "Bennett Construction", logo: "/media/partners/bennett.svg" },
  { name: "Shelter Alliance", logo: "/media/partners/shelter-alliance.svg" },
  { name: "Harbour Infrastructure", logo: "/media/partners/harbour.svg" },
] as const;
