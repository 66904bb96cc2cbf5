/**
 * The content of each editable page of the public site (`docs/design.md` section 6 "site
 * studio"): one Zod schema per page, used by the editing form and by the server. Safe for the
 * browser. `pageSchema(key, mode)` builds a page's schema for a draft save or a publication
 * (see ./fields.ts); `SITE_PAGES` names the pages, where they show and what previews them.
 */
import { z } from "zod";
import { SITE_PAGE_KEYS, SITE_PAGE_TITLES } from "~/utils/domain";
import { checkbox, figureList, figureRef, group, image, link, list, longText, richText, rows, type SchemaMode, select, text } from "./fields";

/** The pages staff edit, in the order of the Site section. */
export const EDITABLE_PAGE_KEYS = SITE_PAGE_KEYS;
export type SitePageKey = (typeof EDITABLE_PAGE_KEYS)[number];

/** What the Site section says of a page: its name, what it holds, and the public page that shows it. */
export const SITE_PAGES: Record<SitePageKey, { title: string; description: string; publicPath: string }> = {
  home: { title: SITE_PAGE_TITLES.home, description: "Hero slides, headline, partner strip, section texts, and the featured projects and articles.", publicPath: "/" },
  about: { title: SITE_PAGE_TITLES.about, description: "Story, founders and team, expertise, countries and values.", publicPath: "/about" },
  services: {
    title: SITE_PAGE_TITLES.services,
    description: "Both pillars on /services, the process, and the pages /services/commercial and /services/humanitarian.",
    publicPath: "/services",
  },
  testimonials: { title: SITE_PAGE_TITLES.testimonials, description: "Client quotes, who said them, and which show on the home page.", publicPath: "/" },
  figures: { title: SITE_PAGE_TITLES.figures, description: "Years of expertise, client satisfaction, countries... each number changed once for every page.", publicPath: "/" },
  legal: {
    title: SITE_PAGE_TITLES.legal,
    description: "The privacy policy and the terms of service, written in the article editor.",
    publicPath: "/privacy",
  },
  contact: { title: SITE_PAGE_TITLES.contact, description: "The /contact introduction, opening hours, reply promise, address (also in e-mails), map link and social links.", publicPath: "/contact" },
};

/** Values a figure may be computed from instead of typed in. */
export const FIGURE_SOURCES = ["manual", "projects-published", "insights-published"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A company figure named in a text, `{countries}`: replaced by the figure's value when shown. */
const FIGURE_TOKEN = /\{([a-z0-9]+(?:-[a-z0-9]+)*)\}/g;

/** The figure keys `text` names as `{key}`. */
export function figureTokens(text: string): string[] {
  return [...text.matchAll(FIGURE_TOKEN)].map((m) => m[1]!);
}

/** `text` with each `{key}` replaced by the value of that figure in `values` (left as is when unknown). */
export function fillFigures(text: string, values: Readonly<Record<string, { value: string }>>): string {
  return text.replace(FIGURE_TOKEN, (token, key: string) => values[key]?.value ?? token);
}

function figuresSchema(mode: SchemaMode) {
  return z
    .object({
      figures: rows(
        mode,
        "Figures",
        "figure",
        {
          key: text(mode, "Key", { max: 60, hint: "Lower-case words joined by hyphens; pages refer to the figure by it." }).refine(
            (v) => v === "" || KEY_PATTERN.test(v),
            "Key: use lower-case letters, digits and hyphens (e.g. years-of-expertise).",
          ),
          label: text(mode, "Label", { max: 80 }),
          value: text(mode, "Value", { max: 20, required: false, hint: "As shown, e.g. 95% or 20+. Not used when computed." }),
          source: select("Computed from", [
            { value: "manual", label: "Typed in (the value above)" },
            { value: "projects-published", label: "Projects published (count)" },
            { value: "insights-published", label: "Articles published (count)" },
          ] as const),
        },
        { min: 1, max: 40 },
      ),
    })
    .superRefine((page, ctx) => {
      const seen = new Set<string>();
      page.figures.forEach((figure, i) => {
        if (figure.key && seen.has(figure.key)) ctx.addIssue({ code: "custom", path: ["figures", i, "key"], message: `Key "${figure.key}" is used twice.` });
        seen.add(figure.key);
        if (mode === "publish" && figure.source === "manual" && !figure.value) {
          ctx.addIssue({ code: "custom", path: ["figures", i, "value"], message: "Value is required to publish (or choose a computed source)." });
        }
      });
    });
}

function testimonialsSchema(mode: SchemaMode) {
  return z.object({
    testimonials: rows(
      mode,
      "Testimonials",
      "testimonial",
      {
        text: longText(mode, "Quote", { max: 600 }),
        name: text(mode, "Name", { max: 120 }),
        role: text(mode, "Role", { max: 120, required: false }),
        organisation: text(mode, "Organisation", { max: 120, required: false }),
        photo: image(mode, "Photo", { required: false }),
        showOnHome: checkbox("Show on the home page", "The home page shows up to nine, in this order."),
      },
      { min: 1, max: 60 },
    ),
  });
}

/** The /contact introduction as first written (stored contact pages from before it was editable show it). */
export const CONTACT_INTRO_DEFAULT =
  "Whether you are planning a commercial development or building resilience in a disaster-prone region, our engineers are ready to help. Tell us what you need and we'll respond within 24 hours.";
/** The sentence beside the enquiry form's Send button, as first written. */
export const CONTACT_REPLY_DEFAULT = "We reply within 24 hours, Monday to Friday.";

function contactSchema(mode: SchemaMode) {
  return z.object({
    intro: longText(mode, "Introduction (/contact)", { max: 400, defaultValue: CONTACT_INTRO_DEFAULT, hint: "Under the heading of /contact." }),
    openingHours: rows(mode, "Opening hours", "line", { days: text(mode, "Days", { max: 60 }), hours: text(mode, "Hours", { max: 60 }) }, { min: 1, max: 10 }),
    replyNote: text(mode, "When we reply (beside the Send button)", {
      max: 160,
      defaultValue: CONTACT_REPLY_DEFAULT,
      hint: "Keep it in step with the opening hours above: it is shown beside the enquiry form's Send button.",
    }),
    addressLines: list(mode, "Address", "address line", { max: 6, maxLength: 120, min: 1, hint: "One line each, in postal order." }),
    mapUrl: link(mode, "Map link", { hint: "Optional: a https:// link to the office on a map." }),
    socialLinks: rows(mode, "Social links", "link", { label: text(mode, "Network", { max: 40 }), url: link(mode, "Address", { required: true }) }, {
      max: 8,
      hint: "Shown in the footer beside LinkedIn (whose address is in Settings, with the e-mail and phone).",
    }),
  });
}

function aboutSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  return z.object({
    story: group("Story (page header)", {
      title: text(mode, "Headline", { max: 160 }),
      intro: longText(mode, "Story", { max: 600 }),
      figures: figureList(mode, "Figures shown", { max: 4, hint: "Chosen from Company figures, shown in this order." }),
    }),
    team: group("Founders and team", {
      title: text(mode, "Heading", { max: 160 }),
      description: longText(mode, "Introduction", { max: 400 }),
      people: rows(
        mode,
        "People",
        "person",
        {
          name: text(mode, "Name", { max: 120 }),
          role: text(mode, "Role", { max: 160 }),
          photo: image(mode, "Photo", { hint: "A portrait, about 4:5." }),
          bio: longText(mode, "Biography", { max: 1_500 }),
          highlights: rows(mode, "Highlights", "highlight", { figure: figureRef(mode, "Figure"), label: text(mode, "Label", { max: 80 }) }, { max: 4 }),
          expertise: list(mode, "Expertise", "area", { max: 12, maxLength: 160 }),
          experience: rows(
            mode,
            "Experience",
            "entry",
            {
              year: text(mode, "Years", { max: 40 }),
              title: text(mode, "Title", { max: 160 }),
              description: longText(mode, "Summary", { max: 400 }),
              details: longText(mode, "Details (shown when opened)", { max: 1_500, required: false }),
              media: rows(
                mode,
                "Image or video",
                "media item",
                {
                  type: select("Type", [
                    { value: "image", label: "Image" },
                    { value: "video", label: "Video" },
                  ] as const),
                  file: image(mode, "File", { hint: "For a video, the .mp4 address; its alt text describes it." }),
                  poster: link(mode, "Video poster image", { hint: "Optional: the still shown before a video plays." }),
                },
                { max: 3 },
              ),
            },
            { max: 12 },
          ),
        },
        { min: 1, max: 12 },
      ),
    }),
    expertise: group("Areas of expertise", {
      title: text(mode, "Heading", { max: 160 }),
      description: longText(mode, "Introduction", { max: 400 }),
      areas: rows(mode, "Areas", "area", named, { min: 1, max: 12 }),
    }),
    countries: group("Countries panel", {
      heading: text(mode, "Heading", {
        max: 120,
        hint: "Write {countries} to show the Countries company figure. The editor warns when the heading's number differs from that figure or from the list's length.",
      }),
      intro: longText(mode, "Text", { max: 400, required: false }),
      list: list(mode, "Countries", "country", { max: 200, maxLength: 80, min: 1 }),
    }),
    values: group("Values", {
      title: text(mode, "Heading", { max: 160 }),
      items: rows(mode, "Values", "value", named, { min: 1, max: 8 }),
    }),
  });
}

/** A section's eyebrow, heading and optional lead paragraph. */
function headingFields(mode: SchemaMode) {
  return {
    eyebrow: text(mode, "Eyebrow", { max: 60, hint: "The small line above the heading." }),
    title: text(mode, "Heading", { max: 160 }),
    description: longText(mode, "Introduction", { max: 400, required: false }),
  };
}

/** Which projects or articles a home section shows: the latest, or chosen ones by slug. */
const FEATURE_CHOICES = [
  { value: "latest", label: "The latest published (up to 3)" },
  { value: "chosen", label: "The ones chosen below, in order" },
] as const;

function featured(mode: SchemaMode, label: string, what: string) {
  return group(label, {
    eyebrow: text(mode, "Eyebrow", { max: 60 }),
    title: text(mode, "Heading", { max: 160 }),
    show: select(`${what} shown`, FEATURE_CHOICES),
    slugs: list(mode, `Chosen ${what.toLowerCase()}`, "slug", {
      max: 3,
      maxLength: 120,
      hint: `The address part after /${what === "Projects" ? "projects" : "insights"}/ of up to 3 published ${what.toLowerCase()}. Unpublished ones are not shown.`,
    }),
  });
}

function homeSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  return z
    .object({
      hero: group("Hero", {
        slides: rows(
          mode,
          "Slides",
          "slide",
          { image: image(mode, "Image", { hint: "A wide photograph (16:9), shown behind the headline; its focal point (set in the media library) stays in view." }) },
          { min: 1, max: 5, hint: "Shown in this order, each for 6 seconds." },
        ),
        badge: text(mode, "Badge", { max: 80 }),
        headline: text(mode, "Headline", { max: 120 }),
        intro: longText(mode, "Introduction", { max: 400, hint: "A figure's key in braces, e.g. {countries}, shows that company figure." }),
        figures: figureList(mode, "Figures shown", { max: 3, hint: "Chosen from Company figures, shown in this order." }),
      }),
      partners: group("Partner strip", {
        heading: text(mode, "Heading", { max: 120 }),
        partners: rows(
          mode,
          "Partners",
          "partner",
          { logo: image(mode, "Logo", { hint: "About 280 by 60 pixels; the alt text is the partner's name." }), name: text(mode, "Name", { max: 80 }), url: link(mode, "Link") },
          { min: 1, max: 20, hint: "Scrolls in a loop, in this order." },
        ),
      }),
      services: group("Services section", {
        ...headingFields(mode),
        cards: rows(
          mode,
          "Cards",
          "card",
          {
            title: text(mode, "Title", { max: 120 }),
            description: longText(mode, "Description", { max: 400 }),
            href: link(mode, "Link", { required: true, hint: "The service page, e.g. /services/commercial." }),
            points: rows(mode, "Points", "point", { title: text(mode, "Title", { max: 80 }), text: longText(mode, "Text", { max: 300 }) }, { min: 1, max: 4 }),
          },
          { min: 1, max: 4 },
        ),
      }),
      about: group("About section", {
        eyebrow: text(mode, "Eyebrow", { max: 60 }),
        title: text(mode, "Heading", { max: 160 }),
        paragraphs: list(mode, "Paragraphs", "paragraph", { max: 4, maxLength: 800, min: 1 }),
        image: image(mode, "Image", { hint: "About 4:3." }),
        figure: figureRef(mode, "Figure on the image"),
      }),
      approach: group("Approach section", {
        eyebrow: text(mode, "Eyebrow", { max: 60 }),
        title: text(mode, "Heading", { max: 160 }),
        intro: longText(mode, "Introduction", { max: 400 }),
        pillars: rows(mode, "Pillars", "pillar", named, { min: 1, max: 4 }),
      }),
      projects: featured(mode, "Latest projects", "Projects"),
      insights: featured(mode, "Latest insights", "Articles"),
      team: group("Team section", {
        ...headingFields(mode),
        figures: figureList(mode, "Figures shown", { max: 2, hint: "Chosen from Company figures; shown beside the founders (who are edited on About)." }),
      }),
      testimonials: group("Testimonials section", headingFields(mode), "The quotes themselves are edited in Testimonials."),
      cta: group("Closing call to action", { description: longText(mode, "Text", { max: 400 }) }),
    })
    .superRefine((page, ctx) => {
      if (mode !== "publish") return;
      for (const section of ["projects", "insights"] as const) {
        if (page[section].show === "chosen" && page[section].slugs.length === 0) {
          ctx.addIssue({ code: "custom", path: [section, "slugs"], message: "Add at least one slug to publish, or show the latest." });
        }
      }
    });
}

/** A background image behind a page's header or beside a pillar (decorative: alt text optional). */
const backdrop = (mode: SchemaMode, label: string) => image(mode, label, { decorative: true, hint: "A wide photograph (16:9) from the media library." });

function servicesSchema(mode: SchemaMode) {
  const named = { title: text(mode, "Title", { max: 120 }), description: longText(mode, "Description", { max: 400 }) };
  const cta = (label: string) => group(label, { title: text(mode, "Heading", { max: 120 }), description: longText(mode, "Text", { max: 400 }) });
  const pillar = (label: string) =>
    group(label, {
      title: text(mode, "Title", { max: 120 }),
      tagline: text(mode, "Tagline", { max: 160 }),
      description: longText(mode, "Description", { max: 800 }),
      image: backdrop(mode, "Image"),
      stats: rows(mode, "Stats", "stat", { label: text(mode, "Label", { max: 40 }), figure: figureRef(mode, "Figure") }, { min: 1, max: 4 }),
      features: list(mode, "Core services", "service", { max: 12, maxLength: 160, min: 1 }),
      projects: list(mode, "Project types", "project type", { max: 12, maxLength: 120, min: 1 }),
    });
  const detail = (label: string, pointsLabel: string) =>
    group(label, {
      eyebrow: text(mode, "Eyebrow", { max: 60 }),
      title: text(mode, "Title", { max: 120 }),
      intro: longText(mode, "Introduction", { max: 800 }),
      image: backdrop(mode, "Header image"),
      categoriesHeading: text(mode, "Categories heading", { max: 120 }),
      categories: rows(
        mode,
        "Categories",
        "category",
        { ...named, services: list(mode, "Services", "service", { max: 12, maxLength: 160, min: 1 }) },
        { min: 1, max: 6 },
      ),
      pointsHeading: text(mode, `${pointsLabel} heading`, { max: 120 }),
      points: rows(mode, pointsLabel, "point", named, { min: 1, max: 8 }),
      cta: cta("Closing call to action"),
    });
  return z.object({
    hero: group("Services page header", {
      eyebrow: text(mode, "Eyebrow", { max: 60 }),
      title: text(mode, "Headline", { max: 160 }),
      description: longText(mode, "Introduction", { max: 600 }),
      image: backdrop(mode, "Header image"),
    }),
    commercial: pillar("Commercial pillar (/services)"),
    humanitarian: pillar("Humanitarian pillar (/services)"),
    process: group("Process (/services)", { ...headingFields(mode), steps: rows(mode, "Steps", "step", named, { min: 1, max: 6, hint: "Numbered 01, 02... in this order." }) }),
    cta: cta("Closing call to action (/services)"),
    commercialPage: detail("Page /services/commercial", "Why choose us points"),
    humanitarianPage: detail("Page /services/humanitarian", "Principles"),
  });
}

const SECTIONS_HINT = "Each heading (level 2) starts a numbered section, listed under 'On this page'.";

function legalSchema(mode: SchemaMode) {
  const updated = text(mode, "Last updated", {
    max: 40,
    hint: "As shown under the title, e.g. 1 September 2025. Set to the day it goes live when the text changes on Publish or Schedule, unless you change it here.",
  });
  const intro = longText(mode, "Introduction", { max: 600 });
  return z.object({
    privacy: group("Privacy policy (/privacy)", {
      updated,
      intro,
      body: richText(mode, "Policy", { hint: `${SECTIONS_HINT} The sections on cookies, visit statistics and how long data is kept follow it, written from Settings.` }),
      closing: richText(mode, "After the sections from Settings", { required: false, hint: `${SECTIONS_HINT} Shown after the retention periods, e.g. your rights and complaints.` }),
    }),
    terms: group("Terms of service (/terms)", { updated, intro, body: richText(mode, "Terms", { hint: SECTIONS_HINT }) }),
  });
}

const BUILDERS = { home: homeSchema, about: aboutSchema, services: servicesSchema, testimonials: testimonialsSchema, figures: figuresSchema, contact: contactSchema, legal: legalSchema } satisfies Record<
  SitePageKey,
  (mode: SchemaMode) => z.ZodType
>;

/** The content of each page, as published (and as a complete draft). */
export type PageContent = { [K in SitePageKey]: z.output<ReturnType<(typeof BUILDERS)[K]>> };
export type FiguresContent = PageContent["figures"];
export type TestimonialsContent = PageContent["testimonials"];
export type ContactContent = PageContent["contact"];
export type AboutContent = PageContent["about"];
export type HomeContent = PageContent["home"];
export type LegalContent = PageContent["legal"];
export type ServicesContent = PageContent["services"];
/** One of the two service pages, /services/commercial or /services/humanitarian. */
export type ServiceDetailContent = ServicesContent["commercialPage"];

const cache = new Map<string, z.ZodType>();

/** The schema of a page for a draft save or a publication (built once per key and mode). */
export function pageSchema<K extends SitePageKey>(key: K, mode: SchemaMode): z.ZodType<PageContent[K]> {
  const id = `${key}:${mode}`;
  let schema = cache.get(id);
  if (!schema) cache.set(id, (schema = BUILDERS[key](mode)));
  return schema as z.ZodType<PageContent[K]>;
}

/** Whether `value` names an editable page. */
export function isSitePageKey(value: unknown): value is SitePageKey {
  return typeof value === "string" && (EDITABLE_PAGE_KEYS as readonly string[]).includes(value);
}

/** The typed values of the figures page by key (`{ countries: { value: "20+" } }`), for `pageWarnings`. */
export function figureValues(content: FiguresContent): Record<string, { value: string }> {
  return Object.fromEntries(content.figures.map((f) => [f.key, { value: f.value }]));
}

/** The key of the company figure the About countries heading should agree with. */
export const COUNTRIES_FIGURE = "countries";

/**
 * Warnings an editor shows but that do not stop a save, on About: the number the
 * countries heading shows (with `{key}` figures filled in from `figures`) differs from the length
 * of the list ("17 countries" listing 16), or a number typed in the heading differs from the
 * Countries company figure ("17" while the figure says "20+"). `figures` maps keys to shown values.
 */
export function pageWarnings(key: SitePageKey, content: unknown, figures: Readonly<Record<string, { value: string }>> = {}): string[] {
  if (key !== "about") return [];
  const countries = (content as Partial<AboutContent>)?.countries;
  if (!countries) return [];
  const warnings: string[] = [];
  const heading = countries.heading ?? "";
  const number = (text: string) => /\b(\d{1,4})\b/.exec(text)?.[1];
  const claimed = number(fillFigures(heading, figures));
  const listed = (countries.list ?? []).length;
  if (claimed && Number(claimed) !== listed) {
    warnings.push(`The countries heading says ${claimed} but the list names ${listed} ${listed === 1 ? "country" : "countries"}. Correct the heading or the list.`);
  }
  const typed = number(heading.replace(FIGURE_TOKEN, ""));
  const figure = figures[COUNTRIES_FIGURE]?.value;
  if (typed && figure && number(figure) && Number(number(figure)) !== Number(typed)) {
    warnings.push(`The countries heading says ${typed} but the Countries figure is ${figure}. Write {${COUNTRIES_FIGURE}} in the heading to show the figure, or correct one of them.`);
  }
  return warnings;
}

/**
 * Figure keys a page refers to that the figures list lacks, as field errors keyed by path
 * ("team.people.0.highlights.1.figure"); checked when the page is published.
 */
export function unknownFigureRefs(key: SitePageKey, content: unknown, figureKeys: ReadonlySet<string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (path: string, ref: string) => {
    if (ref && !figureKeys.has(ref)) errors[path] = [`No company figure has the key "${ref}".`];
  };
  if (key === "home") {
    const home = content as HomeContent;
    home.hero.figures.forEach((ref, i) => check(`hero.figures.${i}`, ref));
    figureTokens(home.hero.intro).forEach((ref) => check("hero.intro", ref));
    check("about.figure", home.about.figure);
    home.team.figures.forEach((ref, i) => check(`team.figures.${i}`, ref));
  }
  if (key === "services") {
    const services = content as ServicesContent;
    for (const pillar of ["commercial", "humanitarian"] as const) services[pillar].stats.forEach((stat, i) => check(`${pillar}.stats.${i}.figure`, stat.figure));
  }
  if (key === "about") {
    const about = content as AboutContent;
    about.story.figures.forEach((ref, i) => check(`story.figures.${i}`, ref));
    figureTokens(about.countries.heading).forEach((ref) => check("countries.heading", ref));
    about.team.people.forEach((person, p) => person.highlights.forEach((h, i) => check(`team.people.${p}.highlights.${i}.figure`, h.figure)));
  }
  return errors;
}
