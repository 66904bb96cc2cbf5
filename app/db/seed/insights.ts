/**
 * Demo insights: six articles, five published and
 * one draft, using every body block type (paragraph, heading 2 and 3, quote with and without an
 * author, list). Pictures are media-library images (./media.ts) made by
 * scripts/generate-content-media.ts, which reads `DEMO_INSIGHT_MEDIA` and `DEMO_AUTHOR_AVATARS` below.
 */
import type { Transaction } from "~/db/client.server";
import { insights, type InsightBlock } from "~/db/schema";
import { demoMediaUrl } from "./media";

type NewInsight = typeof insights.$inferInsert;

/** Hero scene of each article. Read by the media script. */
export const DEMO_INSIGHT_MEDIA = {
  "embodied-carbon-in-structural-frames": "structure",
  "designing-schools-for-earthquakes": "community",
  "retrofit-first-reusing-existing-structures": "skyline",
  "cyclone-resilient-shelters-lessons-from-mozambique": "community",
  "digital-twins-for-bridge-maintenance": "bridge",
  "building-safety-act-what-changes-for-clients": "blueprint",
} as const;

/** Author portraits (seed of the portrait scene). Read by the media script. */
export const DEMO_AUTHOR_AVATARS = { "james-whitfield": 2, "amara-okafor": 5, "priya-raman": 3 } as const;

const hero = (slug: keyof typeof DEMO_INSIGHT_MEDIA) => demoMediaUrl(slug);
const avatar = (name: keyof typeof DEMO_AUTHOR_AVATARS) => demoMediaUrl(`author-${name}`);

const JAMES = {
  authorName: "James Whitfield",
  authorRole: "Co-founder and Director of Structural Engineering",
  authorBio:
    "James is a chartered structural engineer (CEng MIStructE) with 15+ years designing high-rise, retrofit and long-span structures across the UK. He leads Meridian's commercial practice and sits on the IStructE's climate emergency task group.",
  authorImage: avatar("james-whitfield"),
};
const AMARA = {
  authorName: "Dr Amara Okafor",
  authorRole: "Co-founder and Director of Humanitarian Engineering",
  authorBio:
    "Amara has spent 12+ years on disaster recovery and risk reduction programmes in Nepal, Mozambique, Türkiye and the Caribbean. She holds a PhD in earthquake engineering from Imperial College London and advises NGOs on safer shelter.",
  authorImage: avatar("amara-okafor"),
};
const PRIYA = {
  authorName: "Priya Raman",
  authorRole: "Associate Director, Digital Engineering",
  authorBio: "Priya leads Meridian's digital engineering group, applying parametric design, monitoring and digital twins to bridges and tall buildings.",
  authorImage: avatar("priya-raman"),
};

const p = (content: string): InsightBlock => ({ type: "paragraph", content });
const h2 = (content: string): InsightBlock => ({ type: "heading", level: 2, content });
const h3 = (content: string): InsightBlock => ({ type: "heading", level: 3, content });
const quote = (content: string, author?: string): InsightBlock => (author ? { type: "quote", content, author } : { type: "quote", content });
const list = (...items: string[]): InsightBlock => ({ type: "list", items });

const at = (iso: string) => new Date(iso);

/** The demo rows. */
export const demoInsights: NewInsight[] = [
  {
    slug: "embodied-carbon-in-structural-frames",
    title: "Cutting embodied carbon in structural frames: where the big wins are",
    subtitle: "The frame is often half of a building's upfront carbon. Here is how we halve it without adding cost.",
    excerpt: "The structure is usually the largest single source of upfront carbon in a new building. Five decisions made early in design make most of the difference.",
    summary:
      "Structure typically accounts for 35-55% of a new building's upfront embodied carbon. The biggest reductions come from decisions taken at concept stage (grid, spans, material choice and reuse) rather than from specification tweaks at tender. On recent projects we have cut frame carbon by 30-50% at neutral cost.",
    category: "Sustainability",
    heroImage: hero("embodied-carbon-in-structural-frames"),
    ...JAMES,
    readingTime: "7 mins read",
    tags: ["Embodied carbon", "Net zero", "Concrete", "Steel"],
    featured: true,
    status: "published",
    publishedDate: at("2025-05-14T09:00:00Z"),
    content: [
      p("Operational energy gets the headlines, but for a new building designed to today's standards, the carbon emitted before anyone moves in can be as large as 60 years of operation. The structure is usually the largest single part of that figure."),
      h2("Start with the grid, not the material"),
      p("A 7.5 m grid instead of 9 m can cut slab depth by 50 mm and reduce frame carbon by more than 10%, before any choice of material is made. Spans are set in the first weeks of design, so that is when the engineer needs to be in the room."),
      h3("Questions worth asking at concept stage"),
      list(
        "Can the existing structure, or part of it, be kept?",
        "Is the column grid driven by a real requirement, or by habit?",
        "Are the imposed loads what the building needs, or a blanket allowance?",
        "Could a lighter frame reduce the foundations as well?",
      ),
      h2("Material choices that matter"),
      p("Cement replacement, recycled steel sections and engineered timber all have a place. The right answer depends on spans, fire strategy and the supply chain, and we compare them with the same whole-life carbon assessment method (RICS, 2nd edition) on every project."),
      quote("The lowest-carbon building is the one you don't have to build. The next lowest is the one you design lean from the first sketch.", "James Whitfield"),
      p("On Thames Wharf, early coordination of post-tensioned slabs saved 1,900 tonnes of concrete. None of it required an exotic material, only decisions made at the right time."),
    ],
  },
  {
    slug: "designing-schools-for-earthquakes",
    title: "Designing schools that stand up to earthquakes",
    subtitle: "What a decade of work in Nepal taught us about safe schools in low-resource settings",
    excerpt: "Safe schools are not only a matter of design codes. They depend on local masons, local materials and buildings that communities can maintain.",
    summary:
      "After the 2015 Gorkha earthquake, more than 7,000 schools were damaged. Our retrofit programme showed that simple, repeatable details built by trained local masons outperform sophisticated designs that cannot be built or maintained on site.",
    category: "Humanitarian",
    heroImage: hero("designing-schools-for-earthquakes"),
    ...AMARA,
    readingTime: "6 mins read",
    tags: ["Seismic", "Schools", "Nepal", "Capacity building"],
    featured: false,
    status: "published",
    publishedDate: at("2025-04-02T08:30:00Z"),
    content: [
      p("In April 2015 the Gorkha earthquake damaged or destroyed more than 7,000 schools in Nepal. It struck on a Saturday, when classrooms were empty. Had it struck on a weekday, the loss of life among children would have been catastrophic."),
      h2("Why schools fail"),
      p("Most rural schools were built in stone masonry with mud mortar, heavy roofs and no horizontal ties. Walls separate at the corners, roofs push walls outwards, and gable ends collapse."),
      h3("Common failure modes we recorded"),
      list("Corner separation of unreinforced walls", "Out-of-plane collapse of long walls and gables", "Roof timbers sliding off wall heads", "Slope failure beneath the building"),
      h2("What works"),
      p("Splint and bandage reinforcement, timber or concrete ring beams and lightweight roofs are not new ideas. What makes them work is a standard kit of details that local masons can learn in days and repeat across many schools."),
      quote("We did not need a better design code. We needed builders in every village who knew how to tie a wall to a roof."),
      p("Forty-six masons trained on our programme have since retrofitted more than 120 homes, long after our engineers left."),
    ],
  },
  {
    slug: "retrofit-first-reusing-existing-structures",
    title: "Retrofit first: the case for reusing existing structures",
    subtitle: "Why demolition should be the last option, and how engineers can prove an old frame has more to give",
    excerpt: "Old buildings often carry more load than their drawings suggest. Testing, scanning and careful analysis can unlock reuse that saves carbon, cost and time.",
    summary:
      "Reuse avoids the carbon of a new frame and foundations, typically 40-60% of a building's upfront emissions. Investigation (testing, scanning, load tests) turns unknowns into capacity.",
    category: "Technical Guide",
    heroImage: hero("retrofit-first-reusing-existing-structures"),
    ...JAMES,
    readingTime: "5 mins read",
    tags: ["Retrofit", "Heritage", "Circular economy"],
    featured: false,
    status: "published",
    publishedDate: at("2025-02-19T10:00:00Z"),
    content: [
      p("The greenest structure is often already standing. Yet many perfectly sound frames are demolished because their capacity is unknown, not because it is inadequate."),
      h2("Turning unknowns into capacity"),
      list("Laser scanning to build an accurate as-built model", "Material testing of concrete cores, steel coupons and masonry", "In-situ load testing where calculation alone is too conservative"),
      quote("A load test costs a few thousand pounds. Demolishing a sound frame costs the carbon of building it twice.", "James Whitfield"),
      p("At Ancoats Mill, load testing two bays showed enough reserve to add four storeys in timber, saving an estimated 4,200 tonnes of CO2e against demolition and rebuild."),
    ],
  },
  {
    slug: "cyclone-resilient-shelters-lessons-from-mozambique",
    title: "Cyclone-resilient shelters: lessons from Mozambique",
    subtitle: "Designing buildings that are useful every day and life-saving when the storm comes",
    excerpt: "A shelter used only during cyclones falls into disrepair. Multi-purpose buildings stay maintained and trusted by the communities they protect.",
    summary:
      "Twenty multi-purpose shelters in Beira came through Cyclone Freddy undamaged. The lessons: design for everyday use, involve communities early, and detail every load path from roof to foundation.",
    category: "Case Study",
    heroImage: hero("cyclone-resilient-shelters-lessons-from-mozambique"),
    ...AMARA,
    readingTime: "8 mins read",
    tags: ["Cyclone", "Shelter", "Mozambique", "Community infrastructure"],
    featured: true,
    status: "published",
    publishedDate: at("2024-11-07T09:00:00Z"),
    content: [
      p("When Cyclone Idai made landfall near Beira in 2019, most buildings lost their roofs within hours. Evacuation centres were few, and many of those failed too."),
      h2("Designing for every day"),
      p("Shelters that stand empty for years are not maintained. We designed buildings that work as schools and clinics, so the community looks after them and trusts them when a warning comes."),
      h3("The load path, from roof to ground"),
      p("Wind damage almost always starts at a connection. Every rafter is strapped to a ring beam, every ring beam tied to columns, and every column anchored into raised foundations above flood level."),
      list("Hip roofs with a pitch of 25 to 30 degrees", "Hurricane straps at every rafter", "Storm shutters rated for debris impact", "Floors 1.8 m above ground"),
      quote("The shelter held. The children came back to the same classroom the week after the storm.", "Head teacher, Beira"),
    ],
  },
  {
    slug: "digital-twins-for-bridge-maintenance",
    title: "Digital twins for bridge maintenance: beyond the buzzword",
    subtitle: "What monitoring data can and cannot tell an asset owner",
    excerpt: "Sensors are cheap; insight is not. A practical guide for asset owners considering structural health monitoring.",
    summary:
      "A digital twin is only useful if it answers a question the owner already has. Start from the decision, then choose the sensors.",
    category: "Innovation",
    heroImage: hero("digital-twins-for-bridge-maintenance"),
    ...PRIYA,
    readingTime: null,
    tags: ["Bridges", "Monitoring", "Digital twin"],
    featured: false,
    status: "published",
    publishedDate: at("2024-09-12T09:00:00Z"),
    content: [
      p("Every asset owner has been offered a digital twin. Few have been told what decision it will help them make."),
      h2("Start with the question"),
      list("Is this bearing still working?", "Has the deck stiffness changed since the last inspection?", "Can we lift a weight restriction safely?"),
      p("Each question needs different data, at a different rate, for a different length of time. A strain gauge programme that answers one of them well is worth more than a hundred sensors streaming to a dashboard nobody reads."),
      quote("Collect the data you need to make a decision, not the data you can collect."),
    ],
  },
  {
    slug: "building-safety-act-what-changes-for-clients",
    title: "The Building Safety Act: what changes for clients (draft)",
    subtitle: "Draft: awaiting legal review",
    excerpt: "Draft article, not for publication.",
    category: "Industry Analysis",
    heroImage: hero("building-safety-act-what-changes-for-clients"),
    ...JAMES,
    readingTime: "4 mins read",
    tags: ["Regulation"],
    featured: false,
    status: "draft",
    publishedDate: null,
    content: [p("Draft content.")],
  },
];

/** Inserts the demo insights. */
export async function seedInsights(tx: Transaction): Promise<void> {
  await tx.insert(insights).values(demoInsights);
}
