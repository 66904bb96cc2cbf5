import type { PageContent } from "../schemas";

/** The home page: everything but the buttons and the spec's fixed headings. */
export const home: PageContent["home"] = {
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
