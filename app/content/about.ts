/**
 * /about content (`shared/spec/public-site.md` section 2 "/about" and section 9): areas of
 * expertise, the countries panel (claims 17 countries but lists 16 names; keep both as stated),
 * and the four values. Also the home page's about block and approach pillars.
 */
export const expertiseAreas = [
  { title: "Structural Design", description: "Concrete, steel, timber and masonry structures to Eurocodes and UK Building Regulations." },
  { title: "Disaster Resilience", description: "Seismic, flood and wind engineering for buildings that stay standing and in use." },
  { title: "Sustainable Infrastructure", description: "Lower embodied carbon, reuse of existing structures and climate adaptation." },
  { title: "Project Delivery", description: "Feasibility to completion: programmes, site support and client representation." },
  { title: "Risk Assessment", description: "Hazard and vulnerability studies that turn uncertainty into a funded plan." },
  { title: "Capacity Building", description: "Training for local builders, engineers and authorities." },
] as const;

/** The countries panel: the heading claims 17, the list has 16 names (spec, keep as stated). */
export const countriesPanel = {
  heading: "Our work spans 17 countries",
  countries: [
    "United Kingdom",
    "Ireland",
    "Nigeria",
    "Ghana",
    "Kenya",
    "Uganda",
    "Malawi",
    "Mozambique",
    "Ethiopia",
    "Nepal",
    "Bangladesh",
    "Pakistan",
    "Philippines",
    "Indonesia",
    "Haiti",
    "Turkey",
  ],
} as const;

export const values = [
  {
    title: "Engineering Excellence",
    description: "Rigorous analysis, independent checking and chartered oversight on every project, large or small.",
  },
  {
    title: "Humanitarian Impact",
    description: "We measure success by the safety and wellbeing of the people who live and work in what we design.",
  },
  {
    title: "Collaborative Approach",
    description: "We work as one team with clients, architects, contractors and communities, and share what we know.",
  },
  {
    title: "Innovation & Sustainability",
    description: "New methods and low-carbon materials where they add value, proven practice where they do not.",
  },
] as const;

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
