/**
 * The content of each editable page of the public site (`docs/design.md` section 6 "site
 * studio"): one Zod schema per page, used by the editing form and by the server. Safe for the
 * browser. `pageSchema(key, mode)` builds a page's schema for a draft save or a publication
 * (see ../fields.ts); `SITE_PAGES` names the pages, where they show and what previews them. Each
 * page's schema is in its own module here.
 */
import type { z } from "zod";
import { SITE_PAGE_KEYS, SITE_PAGE_TITLES } from "~/utils/domain";
import type { SchemaMode } from "../fields";
import { aboutSchema } from "./about";
import { contactSchema } from "./contact";
import { figuresSchema } from "./figures";
import { homeSchema } from "./home";
import { legalSchema } from "./legal";
import { servicesSchema } from "./services";
import { testimonialsSchema } from "./testimonials";

export { CONTACT_INTRO_DEFAULT, CONTACT_REPLY_DEFAULT } from "./contact";
export { FIGURE_SOURCES, type FigureSource } from "./figures";

/** The pages staff edit, in the order of the Site section. */
export const EDITABLE_PAGE_KEYS = SITE_PAGE_KEYS;
export type SitePageKey = (typeof EDITABLE_PAGE_KEYS)[number];

/** What the Site section says of a page: its name, what it holds, and the public page that shows it. */
export const SITE_PAGES: Record<SitePageKey, { title: string; description: string; publicPath: string }> = {
  home: { title: SITE_PAGE_TITLES.home, description: "Hero slides, headline, partner strip, section texts, and the featured projects and articles.", publicPath: "/" },
  about: { title: SITE_PAGE_TITLES.about, description: "Story, founders and team, expertise, countries and values.", publicPath: "/about" },
  services: { title: SITE_PAGE_TITLES.services, description: "Both pillars on /services, the process, and the pages /services/commercial and /services/humanitarian.", publicPath: "/services" },
  testimonials: { title: SITE_PAGE_TITLES.testimonials, description: "Client quotes, who said them, and which show on the home page.", publicPath: "/" },
  figures: { title: SITE_PAGE_TITLES.figures, description: "Years of expertise, client satisfaction, countries... each number changed once for every page.", publicPath: "/" },
  legal: { title: SITE_PAGE_TITLES.legal, description: "The privacy policy and the terms of service, written in the article editor.", publicPath: "/privacy" },
  contact: { title: SITE_PAGE_TITLES.contact, description: "The /contact introduction, opening hours, reply promise, address (also in e-mails), map link and social links.", publicPath: "/contact" },
};

/** A company figure named in a text, `{countries}`: replaced by the figure's value when shown. */
const FIGURE_TOKEN = /\{([a-z0-9]+(?:-[a-z0-9]+)*)\}/g;

/** The figure keys `text` names as `{key}`. */
export function figureTokens(text: string): string[] {
  return [...text.matchAll(FIGURE_TOKEN)].map((m) => m[1]!);
}

/**
 * `text` with each `{key}` replaced by the value of that figure in `values` (left as is when
 * unknown). In right-to-left text (`dir` "rtl") each value is isolated left to right (U+2066 LEFT-TO-RIGHT
 * ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE, invisible), so "10+" is not drawn "+10".
 */
export function fillFigures(text: string, values: Readonly<Record<string, { value: string }>>, dir: "ltr" | "rtl" = "ltr"): string {
  return text.replace(FIGURE_TOKEN, (token, key: string) => {
    const value = values[key]?.value;
    if (value === undefined) return token;
    return dir === "rtl" ? `\u2066${value}\u2069` : value;
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
