/**
 * Service content (`shared/spec/public-site.md` sections 2 and 9): the two service pillars on
 * /services, the four-step process, and the detail pages
 * /services/commercial and /services/humanitarian.
 */
export type ServicePillar = {
  key: "commercial" | "humanitarian";
  title: string;
  tagline: string;
  description: string;
  href: string;
  /** Core services. */
  features: string[];
  /** Project types. */
  projects: string[];
  /** Keys of the company figures shown as its stats (Admin > Site > Company figures, issue 16). */
  stats: { projects: string; countries: string; years: string };
  /** Placeholder image base path (`${image}-640.webp`, `${image}-1280.webp`, 16:9). */
  image: string;
};

export const servicePillars: ServicePillar[] = [
  {
    key: "commercial",
    title: "Commercial Engineering",
    tagline: "Structural excellence for buildings that perform",
    description:
      "Structural design, appraisal and project support for developers, contractors and architects. We design efficient, buildable structures that meet UK Building Regulations and Eurocodes, cut embodied carbon and keep programmes on track.",
    href: "/services/commercial",
    features: [
      "Structural design and calculations",
      "Feasibility studies and option appraisals",
      "Sustainability and embodied-carbon reviews",
      "Temporary works and construction support",
      "Building surveys and retrofit appraisals",
      "Project management and client representation",
    ],
    projects: ["Residential developments", "Offices and mixed-use", "Retail and hospitality", "Industrial and logistics", "Education and healthcare"],
    stats: { projects: "projects-delivered", countries: "commercial-countries", years: "founder-years" },
    image: "/media/hero/hero-2",
  },
  {
    key: "humanitarian",
    title: "Humanitarian Engineering",
    tagline: "Resilient infrastructure where it matters most",
    description:
      "Engineering for communities facing disaster and climate risk. We assess damaged buildings, design resilient schools, clinics and homes, and build local capacity so that communities recover stronger and stay safer.",
    href: "/services/humanitarian",
    features: [
      "Post-disaster structural assessment",
      "Multi-hazard risk assessment and mitigation",
      "Resilient shelter and housing design",
      "Schools, clinics and community buildings",
      "Water, sanitation and drainage infrastructure",
      "Training for local builders and engineers",
    ],
    projects: ["Post-disaster reconstruction", "Disaster risk reduction", "Public buildings", "Water and sanitation", "Capacity building programmes"],
    stats: { projects: "humanitarian-projects", countries: "field-countries", years: "years-of-expertise" },
    image: "/media/hero/hero-3",
  },
];

/** The four-step process on /services, numbered 01 to 04. */
export const processSteps = [
  {
    number: "01",
    title: "Initial Consultation",
    description: "A free call to understand your site, brief, budget and timescale, and to agree what you need from us.",
  },
  {
    number: "02",
    title: "Design & Planning",
    description: "Options, calculations and drawings developed with your design team, checked in-house and ready for approval.",
  },
  {
    number: "03",
    title: "Implementation",
    description: "Construction-stage support: contractor queries, site inspections and design changes handled quickly.",
  },
  {
    number: "04",
    title: "Support & Maintenance",
    description: "Completion documentation, maintenance guidance and follow-up assessments for the life of the asset.",
  },
] as const;

export type ServiceCategory = { title: string; description: string; services: string[] };
export type ServicePoint = { title: string; description: string };

export type ServiceDetailPage = {
  title: string;
  intro: string;
  categoriesHeading: string;
  categories: ServiceCategory[];
  pointsHeading: string;
  points: ServicePoint[];
  image: string;
};

/** /services/commercial: three categories and four 'why choose' points. */
export const commercialPage: ServiceDetailPage = {
  title: "Commercial Engineering",
  intro:
    "From a single-storey extension to a multi-storey mixed-use scheme, we provide structural engineering that is safe, economical and ready to build. We work for developers, contractors, architects and owners across the UK and overseas.",
  categoriesHeading: "What we design",
  categories: [
    {
      title: "Residential",
      description: "New homes, conversions and extensions, from single houses to apartment blocks.",
      services: [
        "New-build houses and apartment blocks",
        "Loft conversions, basements and extensions",
        "Party Wall and structural surveys",
        "Timber, masonry, steel and concrete frames",
        "Building Regulations calculations",
      ],
    },
    {
      title: "Commercial Projects",
      description: "Offices, retail, hospitality and mixed-use buildings that are efficient and adaptable.",
      services: [
        "Office, retail and hotel structures",
        "Mixed-use and podium schemes",
        "Change of use and refurbishment",
        "Transfer structures and long spans",
        "Embodied-carbon assessment",
      ],
    },
    {
      title: "Industrial Solutions",
      description: "Warehouses, plant and infrastructure designed for heavy loads and long service lives.",
      services: [
        "Portal frames and logistics buildings",
        "Mezzanines, racking and plant supports",
        "Ground-bearing slabs and foundations",
        "Retaining walls and civil works",
        "Condition surveys and strengthening",
      ],
    },
  ],
  pointsHeading: "Why choose us",
  points: [
    { title: "Chartered expertise", description: "Every design is led and checked by a Chartered Structural Engineer." },
    { title: "Buildable, economical design", description: "We design for the contractor as well as the drawing, saving time and material on site." },
    { title: "Lower-carbon structures", description: "We measure embodied carbon and reduce it through material choice and efficient spans." },
    { title: "Responsive support", description: "Site queries answered within one working day, so programmes keep moving." },
  ],
  image: "/media/hero/hero-2",
};

/** /services/humanitarian: three categories and four principles. */
export const humanitarianPage: ServiceDetailPage = {
  title: "Humanitarian Engineering",
  intro:
    "We help governments, NGOs and communities recover from disasters and reduce the risk of the next one. Our engineers combine field experience with rigorous design, and we build local skills so that every project outlasts our involvement.",
  categoriesHeading: "How we help",
  categories: [
    {
      title: "Post-Disaster Recovery",
      description: "Fast, reliable engineering in the weeks and months after an earthquake, flood or storm.",
      services: [
        "Rapid damage and safety assessments",
        "Safe re-occupancy and demolition advice",
        "Transitional and permanent shelter design",
        "Repair and retrofit of damaged buildings",
        "Reconstruction programme support",
      ],
    },
    {
      title: "Risk Assessment & Mitigation",
      description: "Understanding hazards before they strike, and reducing them at a price that can be funded.",
      services: [
        "Seismic, flood and wind hazard assessment",
        "Portfolio vulnerability screening",
        "Retrofit prioritisation and costing",
        "Climate adaptation studies",
        "Emergency preparedness planning",
      ],
    },
    {
      title: "Community Infrastructure",
      description: "Public buildings and services designed with, and for, the communities that use them.",
      services: [
        "Schools, clinics and community centres",
        "Water supply, sanitation and drainage",
        "Footbridges and access routes",
        "Local-material and low-cost construction",
        "Builder training and site supervision",
      ],
    },
  ],
  pointsHeading: "Our principles",
  points: [
    { title: "Community first", description: "We design with the people who will build, use and maintain the infrastructure." },
    { title: "Build back safer", description: "Every reconstruction reduces the risk from the next hazard, not just the last one." },
    { title: "Local capacity", description: "We train local builders and engineers so that skills remain after we leave." },
    { title: "Accountable delivery", description: "Clear reporting to donors and governments, and honest advice when plans need to change." },
  ],
  image: "/media/hero/hero-3",
};
