/**
 * The two founders (`shared/spec/public-site.md` section 3 "Fixed content", /about and home
 * section 7). Images are generated placeholders (scripts/generate-site-media.ts) at 400 and 800 px
 * wide, 4:5. Experience entries open independently on /about; `media` items are optional.
 */
import { founderClaims } from "./figures";

export type ExperienceMedia = { type: "image" | "video"; src: string; alt: string; poster?: string };

export type ExperienceEntry = {
  year: string;
  title: string;
  description: string;
  /** Shown when the entry is expanded. */
  details: string;
  media?: ExperienceMedia[];
};

export type Founder = {
  slug: string;
  name: string;
  role: string;
  /** Image path without width suffix: `${image}-400.webp`, `${image}-800.webp` (4:5). */
  image: string;
  bio: string;
  highlights: { value: string; label: string }[];
  expertise: string[];
  experience: ExperienceEntry[];
};

export const founders: Founder[] = [
  {
    slug: "daniel-mensah",
    name: "Daniel Mensah",
    role: "Founder & Principal Structural Engineer, CEng MIStructE",
    image: "/media/team/daniel-mensah",
    bio: "Daniel has spent more than fifteen years designing and checking structures across the UK, West Africa and the Gulf, from timber-frame housing to twenty-storey concrete frames. He founded the practice to give developers the rigour of a large consultancy with the attention of a small one, and still leads every structural design review himself.",
    highlights: [
      { value: founderClaims.leadYears, label: "Years in structural engineering" },
      { value: founderClaims.projects, label: "Projects delivered" },
      { value: founderClaims.revenue, label: "Revenue in the first trading year" },
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
          { type: "image", src: "/media/hero/hero-2-640.webp", alt: "Steel frame of a mid-rise commercial building under construction at dusk" },
        ],
      },
      {
        year: "2015 – 2021",
        title: "Associate Structural Engineer, multidisciplinary consultancy",
        description: "Led the structural package on mixed-use schemes of up to twenty storeys in London and Manchester.",
        details:
          "Responsible for scheme and detailed design of post-tensioned slabs, transfer structures and piled foundations; coordinated with architects and MEP engineers through RIBA Stages 2 to 5; represented the firm at design team meetings and on site inspections.",
      },
      {
        year: "2009 – 2015",
        title: "Graduate to Senior Engineer",
        description: "Residential and education projects, then overseas infrastructure work in Ghana and Qatar.",
        details:
          "Gained chartership with the Institution of Structural Engineers in 2013. Designed school buildings, a 40 m pedestrian bridge and low-rise housing, and spent eighteen months on site supervising reinforced concrete works.",
        media: [
          { type: "video", src: "/media/approach/approach.mp4", poster: "/media/approach/approach-poster.webp", alt: "Short animation of a structural model being assembled" },
        ],
      },
    ],
  },
  {
    slug: "sarah-whitfield",
    name: "Sarah Whitfield",
    role: "Co-founder & Director of Humanitarian Engineering",
    image: "/media/team/sarah-whitfield",
    bio: "Sarah has twelve years of field and programme experience in shelter, water and public-building reconstruction after earthquakes, floods and cyclones. She brings humanitarian standards and community engagement into every project, and makes sure our designs can be built with local labour and local materials.",
    highlights: [
      { value: founderClaims.coFounderYears, label: "Years in humanitarian engineering" },
      { value: founderClaims.onTimeDelivery, label: "On-time delivery, approximately" },
      { value: "12", label: "Countries of field work" },
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
          { type: "image", src: "/media/hero/hero-3-640.webp", alt: "Rebuilt low-rise homes and a water tower in a hillside community" },
        ],
      },
      {
        year: "2016 – 2021",
        title: "Shelter & Infrastructure Advisor, international NGO",
        description: "Technical lead for reconstruction programmes in Nepal, Mozambique and the Philippines.",
        details:
          "Developed earthquake- and cyclone-resistant house designs, wrote builder training material in local languages, and managed engineering teams of up to 25 people across several districts.",
      },
      {
        year: "2012 – 2016",
        title: "Civil Engineer, water and sanitation",
        description: "Designed gravity-fed water systems and flood defences for rural communities in East Africa.",
        details:
          "Surveyed and designed water supply schemes serving over 20,000 people, and worked with local government on maintenance plans so the systems stay in service.",
      },
    ],
  },
];
