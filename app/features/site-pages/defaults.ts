/**
 * The content of the editable pages on a new install (issue 16): the spec's words and figures
 * (`shared/spec/public-site.md` sections 2, 3 and 9), moved here unchanged from the former
 * `app/content` modules. Written as the published version of each page on the first start;
 * afterwards staff change them in Admin > Site. Public pages also fall back to these while a
 * page has no published row (a database seeded before issue 16).
 *
 * The About countries heading claims 17 countries and lists 16 (the spec's own slip): kept as the
 * spec states it; the About editor warns staff about it.
 */
import type { InlineContent, InlineRun, InsightBlock } from "~/db/schema";
import { CONTACT_INTRO_DEFAULT, CONTACT_REPLY_DEFAULT, type PageContent, type SitePageKey } from "./schemas";

/** Company figures, by key: pages refer to them, so each number is stated once. */
const figures: PageContent["figures"] = {
  figures: [
    {
      key: "years-of-expertise",
      label: "Years of expertise",
      value: "10+",
      source: "manual",
    },
    {
      key: "client-satisfaction",
      label: "Client satisfaction",
      value: "95%",
      source: "manual",
    },
    {
      key: "countries",
      label: "Countries",
      value: "20+",
      source: "manual",
    },
    {
      key: "founder-years",
      label: "Years in structural engineering (lead founder)",
      value: "15+",
      source: "manual",
    },
    {
      key: "cofounder-years",
      label: "Years in humanitarian engineering (co-founder)",
      value: "12+",
      source: "manual",
    },
    {
      key: "projects-delivered",
      label: "Projects delivered",
      value: "30+",
      source: "manual",
    },
    {
      key: "first-year-revenue",
      label: "Revenue in the first trading year",
      value: "£70,000+",
      source: "manual",
    },
    {
      key: "on-time-delivery",
      label: "On-time delivery, approximately",
      value: "85%",
      source: "manual",
    },
    {
      key: "field-countries",
      label: "Countries of field work",
      value: "12",
      source: "manual",
    },
    {
      key: "commercial-countries",
      label: "Countries of commercial work",
      value: "8",
      source: "manual",
    },
    {
      key: "humanitarian-projects",
      label: "Humanitarian projects",
      value: "20+",
      source: "manual",
    },
  ],
};

/** Nine client testimonials for the home page's three scrolling columns (home section 8). */
const testimonials: PageContent["testimonials"] = {
  testimonials: [
    {
      text: "Their structural scheme saved us a full storey of transfer beams. Clear drawings, quick answers to the contractor, and no surprises on site.",
      name: "James Holloway",
      role: "Development Director",
      organisation: "Northbank Homes",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "After the floods they had engineers in the district within a week. The safe-to-occupy assessments let 400 families go home sooner.",
      name: "Amina Diallo",
      role: "Programme Manager",
      organisation: "international relief NGO",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "They treated our small warehouse extension with the same care as a landmark project. Building control approved the calculations first time.",
      name: "Priya Raman",
      role: "Operations Director",
      organisation: "Raman Logistics",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Practical engineers who listen. The school designs work with the materials and skills we actually have, and they trained our builders too.",
      name: "Joseph Banda",
      role: "District Education Engineer",
      organisation: "Malawi",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "A genuinely collaborative consultant. They challenged our brief in the right places and found embodied-carbon savings we had not considered.",
      name: "Eleanor Price",
      role: "Associate Architect",
      organisation: "Price & Lowe Architects",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Their risk assessment gave our board a clear picture of seismic exposure across twelve facilities and a phased plan we could fund.",
      name: "Dr. Farid Haidari",
      role: "Infrastructure Lead",
      organisation: "regional health authority",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "Fast, thorough and easy to work with. The retrofit appraisal turned a tired office block into a viable residential conversion.",
      name: "Michael Turner",
      role: "Asset Manager",
      organisation: "Crestline Property",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "They combine field experience with proper engineering. Our shelter programme was better, cheaper and safer for their involvement.",
      name: "Grace Wanjiru",
      role: "Shelter Cluster Coordinator",
      organisation: "",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
    {
      text: "From the first free consultation to completion, communication was excellent. We will use them again on our next phase.",
      name: "Oliver Bennett",
      role: "Managing Director",
      organisation: "Bennett Construction",
      photo: {
        src: "",
        alt: "",
      },
      showOnHome: true,
    },
  ],
};

/** Opening hours and address of /contact, social links of the footer. */
const contact: PageContent["contact"] = {
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

/** /about: story, the two founders (images are generated placeholders, 4:5), expertise, countries, values. */
const about: PageContent["about"] = {
  story: {
    title: "Engineering that protects people and the places they depend on",
    intro:
      "We are a London-based consultancy with two connected practices: structural engineering for commercial clients, and disaster-resilient infrastructure for communities around the world.",
    figures: ["client-satisfaction", "years-of-expertise"],
  },
  team: {
    title: "Meet the people behind the practice",
    description: "Select an experience entry to read more about it.",
    people: [
      {
        name: "Daniel Mensah",
        role: "Founder & Principal Structural Engineer, CEng MIStructE",
        photo: {
          src: "/media/team/daniel-mensah-800.webp",
          alt: "Portrait of Daniel Mensah",
        },
        bio: "Daniel has spent more than fifteen years designing and checking structures across the UK, West Africa and the Gulf, from timber-frame housing to twenty-storey concrete frames. He founded the practice to give developers the rigour of a large consultancy with the attention of a small one, and still leads every structural design review himself.",
        highlights: [
          {
            figure: "founder-years",
            label: "Years in structural engineering",
          },
          {
            figure: "projects-delivered",
            label: "Projects delivered",
          },
          {
            figure: "first-year-revenue",
            label: "Revenue in the first trading year",
          },
        ],
        expertise: [
          "Reinforced concrete and steel frame design (Eurocodes)",
          "Foundation and geotechnical interface design",
          "Temporary works and construction sequencing",
          "Retrofit and change-of-use appraisals",
          "BIM coordination (Revit, Tekla)",
        ],
        experience: [
          {
            year: "2021 – present",
            title: "Founder & Principal Engineer",
            description: "Set up the practice in London and built a client base of developers, housing associations and NGOs.",
            details:
              "Leads structural design and checking on every commission, sets the firm's quality procedures and mentors junior engineers. Over 30 projects completed across residential, commercial and humanitarian work, with more than £70,000 of revenue in the first trading year and repeat instructions from most early clients.",
            media: [
              {
                type: "image",
                file: {
                  src: "/media/hero/hero-2-640.webp",
                  alt: "Steel frame of a mid-rise commercial building under construction at dusk",
                },
                poster: "",
              },
            ],
          },
          {
            year: "2015 – 2021",
            title: "Associate Structural Engineer, multidisciplinary consultancy",
            description: "Led the structural package on mixed-use schemes of up to twenty storeys in London and Manchester.",
            details:
              "Responsible for scheme and detailed design of post-tensioned slabs, transfer structures and piled foundations; coordinated with architects and MEP engineers through RIBA Stages 2 to 5; represented the firm at design team meetings and on site inspections.",
            media: [],
          },
          {
            year: "2009 – 2015",
            title: "Graduate to Senior Engineer",
            description: "Residential and education projects, then overseas infrastructure work in Ghana and Qatar.",
            details:
              "Gained chartership with the Institution of Structural Engineers in 2013. Designed school buildings, a 40 m pedestrian bridge and low-rise housing, and spent eighteen months on site supervising reinforced concrete works.",
            media: [
              {
                type: "video",
                file: {
                  src: "/media/approach/approach.mp4",
                  alt: "Short animation of a structural model being assembled",
                },
                poster: "/media/approach/approach-poster.webp",
              },
            ],
          },
        ],
      },
      {
        name: "Sarah Whitfield",
        role: "Co-founder & Director of Humanitarian Engineering",
        photo: {
          src: "/media/team/sarah-whitfield-800.webp",
          alt: "Portrait of Sarah Whitfield",
        },
        bio: "Sarah has twelve years of field and programme experience in shelter, water and public-building reconstruction after earthquakes, floods and cyclones. She brings humanitarian standards and community engagement into every project, and makes sure our designs can be built with local labour and local materials.",
        highlights: [
          {
            figure: "cofounder-years",
            label: "Years in humanitarian engineering",
          },
          {
            figure: "on-time-delivery",
            label: "On-time delivery, approximately",
          },
          {
            figure: "field-countries",
            label: "Countries of field work",
          },
        ],
        expertise: [
          "Post-disaster damage assessment and safe re-occupancy",
          "Multi-hazard risk assessment (seismic, flood, wind)",
          "Shelter, WASH and school infrastructure",
          "Community-led design and local capacity building",
          "Sphere standards and donor reporting",
        ],
        experience: [
          {
            year: "2021 – present",
            title: "Co-founder & Director of Humanitarian Engineering",
            description: "Leads the humanitarian practice: assessments, resilient reconstruction and training for NGOs and governments.",
            details:
              "Runs rapid structural assessments after disasters, designs resilient schools and clinics, and delivers training for local builders. Around 85% of programme milestones delivered on time despite working in difficult and changing conditions.",
            media: [
              {
                type: "image",
                file: {
                  src: "/media/hero/hero-3-640.webp",
                  alt: "Rebuilt low-rise homes and a water tower in a hillside community",
                },
                poster: "",
              },
            ],
          },
          {
            year: "2016 – 2021",
            title: "Shelter & Infrastructure Advisor, international NGO",
            description: "Technical lead for reconstruction programmes in Nepal, Mozambique and the Philippines.",
            details:
              "Developed earthquake- and cyclone-resistant house designs, wrote builder training material in local languages, and managed engineering teams of up to 25 people across several districts.",
            media: [],
          },
          {
            year: "2012 – 2016",
            title: "Civil Engineer, water and sanitation",
            description: "Designed gravity-fed water systems and flood defences for rural communities in East Africa.",
            details:
              "Surveyed and designed water supply schemes serving over 20,000 people, and worked with local government on maintenance plans so the systems stay in service.",
            media: [],
          },
        ],
      },
    ],
  },
  expertise: {
    title: "Areas of expertise",
    description: "A compact team with deep experience in both commercial and humanitarian engineering.",
    areas: [
      {
        title: "Structural Design",
        description: "Concrete, steel, timber and masonry structures to Eurocodes and UK Building Regulations.",
      },
      {
        title: "Disaster Resilience",
        description: "Seismic, flood and wind engineering for buildings that stay standing and in use.",
      },
      {
        title: "Sustainable Infrastructure",
        description: "Lower embodied carbon, reuse of existing structures and climate adaptation.",
      },
      {
        title: "Project Delivery",
        description: "Feasibility to completion: programmes, site support and client representation.",
      },
      {
        title: "Risk Assessment",
        description: "Hazard and vulnerability studies that turn uncertainty into a funded plan.",
      },
      {
        title: "Capacity Building",
        description: "Training for local builders, engineers and authorities.",
      },
    ],
  },
  countries: {
    heading: "Our work spans 17 countries",
    intro: "From London to the Himalaya and the Caribbean, our engineers have designed, assessed and built alongside local partners.",
    list: [
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
  },
  values: {
    title: "What we stand for",
    items: [
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
    ],
  },
};

/** The home page (spec home sections 1 to 9): everything but the buttons and the spec's fixed headings. */
const home: PageContent["home"] = {
  hero: {
    slides: [
      { image: { src: "/media/hero/hero-1-1280.webp", alt: "A city skyline of new buildings" } },
      { image: { src: "/media/hero/hero-2-1280.webp", alt: "A structural steel frame under construction" } },
      { image: { src: "/media/hero/hero-3-1280.webp", alt: "Rebuilt homes in a hillside community" } },
    ],
    badge: "Welcome to Meridian Engineering",
    headline: "Building a resilient, sustainable future",
    intro:
      "Structural engineering for ambitious commercial projects and disaster-resilient infrastructure for communities, delivered from London to projects in {countries} countries.",
    figures: ["countries", "client-satisfaction", "years-of-expertise"],
  },
  partners: {
    heading: "Trusted by leading organizations worldwide",
    partners: [
      { name: "Northbank Homes", logo: { src: "/media/partners/northbank.svg", alt: "Northbank Homes" }, url: "" },
      { name: "Aldgate Developments", logo: { src: "/media/partners/aldgate.svg", alt: "Aldgate Developments" }, url: "" },
      { name: "Relief Works International", logo: { src: "/media/partners/reliefworks.svg", alt: "Relief Works International" }, url: "" },
      { name: "Crestline Property", logo: { src: "/media/partners/crestline.svg", alt: "Crestline Property" }, url: "" },
      { name: "Bennett Construction", logo: { src: "/media/partners/bennett.svg", alt: "Bennett Construction" }, url: "" },
      { name: "Shelter Alliance", logo: { src: "/media/partners/shelter-alliance.svg", alt: "Shelter Alliance" }, url: "" },
      { name: "Harbour Infrastructure", logo: { src: "/media/partners/harbour.svg", alt: "Harbour Infrastructure" }, url: "" },
    ],
  },
  services: {
    eyebrow: "What we do",
    title: "Two disciplines, one standard of engineering",
    description:
      "Whether we are designing a new office frame in London or a cyclone-resistant school in Mozambique, the same rigour, care and chartered oversight apply.",
    cards: [
      {
        title: "Commercial Engineering",
        description: "Structural design and project delivery for developers, contractors and architects across the UK and abroad.",
        href: "/services/commercial",
        points: [
          { title: "Structural Excellence", text: "Efficient, buildable frames and foundations designed to Eurocodes." },
          { title: "Sustainability Solutions", text: "Lower-carbon materials, reuse of existing structure and lean design." },
          { title: "Project Management Excellence", text: "Clear programmes, responsive site support and no surprises." },
        ],
      },
      {
        title: "Humanitarian Engineering",
        description: "Disaster-resilient infrastructure for governments, NGOs and the communities they serve.",
        href: "/services/humanitarian",
        points: [
          { title: "Post-Disaster", text: "Rapid damage assessment, safe re-occupancy and resilient reconstruction." },
          { title: "Risk & Mitigation", text: "Seismic, flood and wind risk assessed and reduced before disaster strikes." },
          { title: "Community Infrastructure", text: "Schools, clinics, water and shelter designed with local builders." },
        ],
      },
    ],
  },
  about: {
    eyebrow: "About us",
    title: "Engineers for the built environment and the communities it serves",
    paragraphs: [
      "Meridian Engineering is a London-based consultancy founded by a chartered structural engineer and a humanitarian infrastructure specialist. For about a decade our team has designed homes, offices and industrial buildings in the UK, and resilient schools, clinics and shelters for communities recovering from earthquakes, floods and storms.",
      "We are small by design: every project is led by a founder, and every design is checked before it leaves the office.",
    ],
    image: { src: "/media/hero/hero-3-1280.webp", alt: "Rebuilt homes and a new water tower in a hillside community" },
    figure: "years-of-expertise",
  },
  approach: {
    eyebrow: "Our approach",
    title: "Precision with Purpose",
    intro:
      "Good engineering is invisible: structures that simply work, for decades, whatever the weather or the ground throws at them. Three ideas guide how we get there.",
    pillars: [
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
    ],
  },
  projects: { eyebrow: "Our work", title: "Latest projects", show: "latest", slugs: [] },
  insights: { eyebrow: "Insights", title: "Latest insights", show: "latest", slugs: [] },
  team: {
    eyebrow: "Our team",
    title: "Led by engineers who have done the work",
    description: "Our founders lead every project personally, from the first consultation to the final inspection.",
    figures: ["client-satisfaction", "years-of-expertise"],
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What our clients say",
    description: "Developers, architects, NGOs and public authorities on working with us.",
  },
  cta: {
    description: "Tell us about your project in a free, no-obligation call with one of our founders. We will tell you honestly how we can help.",
  },
};

/** The services pages (spec /services, /services/commercial, /services/humanitarian). */
const services: PageContent["services"] = {
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

/** Block-editor shorthands for the legal documents: a heading, a paragraph, a list, marked runs. */
const h2 = (content: string): InsightBlock => ({ type: "heading", level: 2, content });
const para = (...runs: (string | InlineRun)[]): InsightBlock => ({ type: "paragraph", content: inline(runs) });
const bullets = (...items: (string | (string | InlineRun)[])[]): InsightBlock => ({ type: "list", items: items.map((item) => (typeof item === "string" ? item : inline(item))) });
const inline = (runs: (string | InlineRun)[]): InlineContent => (runs.length === 1 && typeof runs[0] === "string" ? runs[0] : runs.map((r) => (typeof r === "string" ? { text: r } : r)));
const bold = (text: string): InlineRun => ({ text, bold: true });
const italic = (text: string): InlineRun => ({ text, italic: true });
const EMAIL: InlineRun = { text: "hello@meridian-engineering.co.uk", href: "mailto:hello@meridian-engineering.co.uk" };

/**
 * Privacy policy and terms of service (formerly written in the pages' code), as documents of the
 * article block editor. The privacy policy's sections on cookies, visit statistics and retention
 * periods are not here: the page writes them from the settings, between `body` and `closing`.
 */
const legal: PageContent["legal"] = {
  privacy: {
    updated: "1 September 2025",
    intro: "This policy explains what personal data we collect when you use this website or contact us, why we collect it, and your rights.",
    body: [
      h2("Who we are"),
      para(
        'Meridian Engineering Ltd ("we", "us", "our") is an engineering consultancy based in London, United Kingdom. We are the controller of the personal data described in this policy for the purposes of the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.',
      ),
      para("If you have any questions about this policy or how we handle your data, contact us at ", EMAIL, " or on +44 20 7946 0321."),
      h2("The data we collect"),
      para("We only collect the personal data we need:"),
      bullets(
        [bold("Enquiries:"), " your name, e-mail address, company (optional), the type of enquiry and your message, when you use our contact form."],
        [
          bold("Consultation bookings:"),
          " your name, e-mail address, phone number (if given), company, project details and the time you choose, when you book a free consultation.",
        ],
        [bold("Correspondence:"), " anything you send us by e-mail or telephone, and our replies."],
        [bold("Technical data:"), " your IP address and basic request information kept in our server logs for security, and the visit statistics described below."],
      ),
      h2("How we use your data and our lawful bases"),
      bullets(
        [
          "To answer your enquiry and arrange and hold consultations: ",
          italic("legitimate interests"),
          " in responding to people who contact us, or ",
          italic("steps prior to entering into a contract"),
          " at your request.",
        ],
        ["To deliver engineering services to clients and keep project records: ", italic("performance of a contract"), " and ", italic("legal obligation"), " (for example professional and tax record-keeping)."],
        ["To keep the website secure and prevent abuse, such as limiting repeated form submissions: ", italic("legitimate interests"), "."],
        ['To count visits and see which pages lead to enquiries, without cookies (see "Visit statistics"): ', italic("legitimate interests"), "."],
      ),
      h2("Who we share data with"),
      para("We never sell your data. We share it only with service providers who process it on our behalf under contract:"),
      bullets(
        "our website hosting and database providers;",
        "our e-mail provider, to send and receive messages and booking confirmations;",
        "professional advisers, insurers and authorities where the law requires it.",
      ),
      para("Where a provider processes data outside the UK, we rely on UK adequacy regulations or the International Data Transfer Agreement to protect it."),
    ],
    closing: [
      h2("Your rights"),
      para("Under the UK GDPR you have the right to:"),
      bullets(
        "access the personal data we hold about you;",
        "have inaccurate data corrected;",
        "have your data erased, or its use restricted, in certain circumstances;",
        "object to processing based on legitimate interests;",
        "withdraw consent at any time, without affecting processing before withdrawal;",
        "data portability, where processing is based on consent or contract.",
      ),
      para("To exercise any of these rights, e-mail ", EMAIL, ". We will respond within one month. There is no charge in most cases."),
      h2("Security"),
      para(
        "We protect your data with encrypted connections (HTTPS), access controls limited to staff who need it, and regular updates to our systems. No method of transmission over the internet is completely secure, but we take reasonable steps to protect your information.",
      ),
      h2("Complaints"),
      para(
        "If you are unhappy with how we have handled your data, please contact us first at ",
        EMAIL,
        ". You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator, at ",
        { text: "ico.org.uk", href: "https://ico.org.uk/make-a-complaint/" },
        " or on 0303 123 1113.",
      ),
      h2("Changes to this policy"),
      para("We may update this policy from time to time. The date at the top shows when it last changed."),
    ],
  },
  terms: {
    updated: "1 September 2025",
    intro: "Please read these terms carefully before using this website or booking a consultation.",
    body: [
      h2("About these terms"),
      para(
        "This website is operated by Meridian Engineering Ltd, an engineering consultancy based in London, United Kingdom. By using the website you accept these terms. If you do not agree with them, please do not use the site.",
      ),
      h2("Information on this website"),
      para(
        "The content of this website, including project descriptions and articles, is general information about our work. It is not engineering advice for any particular site or structure and must not be relied on as such.",
      ),
      para(
        "Engineering advice is given only under a written appointment that sets out the scope of our services, fees and liability. We try to keep the website accurate and up to date but do not guarantee that it is complete or free of errors.",
      ),
      h2("Free consultations and enquiries"),
      para(
        "Free consultations are an initial, no-obligation conversation about your project. Any views we express in them are preliminary and are not a design, report or certificate. No contract for services is formed until we both sign a letter of appointment.",
      ),
      para("If you need to cancel or move a booked consultation, please use the link in your confirmation e-mail or contact us at ", EMAIL, "."),
      h2("Acceptable use"),
      bullets(
        "Do not use the site in any way that is unlawful or fraudulent, or that harms the site or other users.",
        "Do not submit false information, spam, or content that is offensive or infringes anyone's rights.",
        "Do not attempt to gain unauthorised access to the site, its server or any connected database.",
      ),
      h2("Intellectual property"),
      para(
        "All content on this website, including text, images, drawings and logos, belongs to us or our licensors and is protected by copyright. You may view and print pages for your own reference. Any other use needs our written permission.",
      ),
      h2("Links to other websites"),
      para(
        "Links to third-party websites are provided for convenience only. We have no control over their content and accept no responsibility for them or for any loss arising from your use of them.",
      ),
      h2("Our liability"),
      para(
        "Nothing in these terms excludes or limits our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited under the law of England and Wales.",
      ),
      para(
        "Otherwise, we are not liable for any loss or damage arising from use of, or reliance on, this website, including loss of profit, business or data. If you are a consumer, this does not affect your statutory rights.",
      ),
      h2("Privacy and cookies"),
      // The article editor takes absolute links only (ADR 12), so the site's own page is named, not linked.
      para("How we use personal data and cookies is explained in our Privacy Policy."),
      h2("Governing law"),
      para(
        "These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction, except that if you are a consumer living in Scotland or Northern Ireland you may also bring proceedings there.",
      ),
      h2("Contact us"),
      para("Questions about these terms: e-mail ", EMAIL, ", call +44 20 7946 0321, or write to us in London, United Kingdom."),
    ],
  },
};

/** The seed content of every editable page. */
export const SITE_PAGE_SEED: { [K in SitePageKey]: PageContent[K] } = {
  home,
  about,
  services,
  testimonials,
  figures,
  contact,
  legal,
};
