import type { PageContent } from "../schemas";

/** The services pages (spec /services, /services/commercial, /services/humanitarian). */
export const services: PageContent["services"] = {
  hero: {
    eyebrow: "Our services",
    title: "Engineering services for buildings and communities",
    description:
      "Two specialist practices share one team, one quality system and one goal: safe, efficient and resilient structures that serve people for generations.",
    image: {
      src: "/media/hero/hero-2-1280.webp",
      alt: "",
    },
  },
  commercial: {
    title: "Commercial Engineering",
    tagline: "Structural excellence for buildings that perform",
    description:
      "Structural design, appraisal and project support for developers, contractors and architects. We design efficient, buildable structures that meet UK Building Regulations and Eurocodes, cut embodied carbon and keep programmes on track.",
    image: {
      src: "/media/hero/hero-2-1280.webp",
      alt: "",
    },
    stats: [
      {
        label: "Projects",
        figure: "projects-delivered",
      },
      {
        label: "Countries",
        figure: "commercial-countries",
      },
      {
        label: "Years",
        figure: "founder-years",
      },
    ],
    features: [
      "Structural design and calculations",
      "Feasibility studies and option appraisals",
      "Sustainability and embodied-carbon reviews",
      "Temporary works and construction support",
      "Building surveys and retrofit appraisals",
      "Project management and client representation",
    ],
    projects: ["Residential developments", "Offices and mixed-use", "Retail and hospitality", "Industrial and logistics", "Education and healthcare"],
  },
  humanitarian: {
    title: "Humanitarian Engineering",
    tagline: "Resilient infrastructure where it matters most",
    description:
      "Engineering for communities facing disaster and climate risk. We assess damaged buildings, design resilient schools, clinics and homes, and build local capacity so that communities recover stronger and stay safer.",
    image: {
      src: "/media/hero/hero-3-1280.webp",
      alt: "",
    },
    stats: [
      {
        label: "Projects",
        figure: "humanitarian-projects",
      },
      {
        label: "Countries",
        figure: "field-countries",
      },
      {
        label: "Years",
        figure: "years-of-expertise",
      },
    ],
    features: [
      "Post-disaster structural assessment",
      "Multi-hazard risk assessment and mitigation",
      "Resilient shelter and housing design",
      "Schools, clinics and community buildings",
      "Water, sanitation and drainage infrastructure",
      "Training for local builders and engineers",
    ],
    projects: ["Post-disaster reconstruction", "Disaster risk reduction", "Public buildings", "Water and sanitation", "Capacity building programmes"],
  },
  process: {
    eyebrow: "How we work",
    title: "Our process",
    description: "A clear path from first conversation to long-term support, whatever the size of the project.",
    steps: [
      {
        title: "Initial Consultation",
        description: "A free call to understand your site, brief, budget and timescale, and to agree what you need from us.",
      },
      {
        title: "Design & Planning",
        description: "Options, calculations and drawings developed with your design team, checked in-house and ready for approval.",
      },
      {
        title: "Implementation",
        description: "Construction-stage support: contractor queries, site inspections and design changes handled quickly.",
      },
      {
        title: "Support & Maintenance",
        description: "Completion documentation, maintenance guidance and follow-up assessments for the life of the asset.",
      },
    ],
  },
  cta: {
    title: "Ready to start your project?",
    description: "Book a free consultation to discuss your brief, or see the kind of work we do.",
  },
  commercialPage: {
    eyebrow: "Commercial services",
    title: "Commercial Engineering",
    intro:
      "From a single-storey extension to a multi-storey mixed-use scheme, we provide structural engineering that is safe, economical and ready to build. We work for developers, contractors, architects and owners across the UK and overseas.",
    image: {
      src: "/media/hero/hero-2-1280.webp",
      alt: "",
    },
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
      {
        title: "Chartered expertise",
        description: "Every design is led and checked by a Chartered Structural Engineer.",
      },
      {
        title: "Buildable, economical design",
        description: "We design for the contractor as well as the drawing, saving time and material on site.",
      },
      {
        title: "Lower-carbon structures",
        description: "We measure embodied carbon and reduce it through material choice and efficient spans.",
      },
      {
        title: "Responsive support",
        description: "Site queries answered within one working day, so programmes keep moving.",
      },
    ],
    cta: {
      title: "Discuss your project with us",
      description: "Book a free, no-obligation consultation with a chartered engineer, or look through our recent work.",
    },
  },
  humanitarianPage: {
    eyebrow: "Humanitarian services",
    title: "Humanitarian Engineering",
    intro:
      "We help governments, NGOs and communities recover from disasters and reduce the risk of the next one. Our engineers combine field experience with rigorous design, and we build local skills so that every project outlasts our involvement.",
    image: {
      src: "/media/hero/hero-3-1280.webp",
      alt: "",
    },
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
      {
        title: "Community first",
        description: "We design with the people who will build, use and maintain the infrastructure.",
      },
      {
        title: "Build back safer",
        description: "Every reconstruction reduces the risk from the next hazard, not just the last one.",
      },
      {
        title: "Local capacity",
        description: "We train local builders and engineers so that skills remain after we leave.",
      },
      {
        title: "Accountable delivery",
        description: "Clear reporting to donors and governments, and honest advice when plans need to change.",
      },
    ],
    cta: {
      title: "Discuss your project with us",
      description: "Book a free, no-obligation consultation with a chartered engineer, or look through our recent work.",
    },
  },
};
