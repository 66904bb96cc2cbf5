import type { PageContent } from "../schemas";

/** /about: story, the two founders (images are generated placeholders, 4:5), expertise, countries, values. */
export const about: PageContent["about"] = {
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
