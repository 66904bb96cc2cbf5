/**
 * Header and footer navigation. Paths are site-relative English addresses; labels are catalogue
 * messages, called with the page's language. A link goes to the page in that language only where
 * the page has a translation (`TRANSLATED_PATHS`), else to the English page.
 */
import { localizedPath, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** A catalogue message without inputs, called with the page's language. */
export type NavLabel = (inputs: Record<string, never>, options: { locale: Language }) => string;
export type NavLink = { label: NavLabel; href: string };
export type NavItem = NavLink & { children?: NavLink[] };

/**
 * The English pages that exist in every offered language (the booking wizard and, below it, the
 * manage page). Every other page is English only for now: its links stay English and it shows no
 * language switcher.
 */
export const TRANSLATED_PATHS = ["/book-consultation"] as const;

/** True when the English `path` (without a language prefix) is a translated page or below one. */
export function isTranslatedPath(path: string): boolean {
  return TRANSLATED_PATHS.some((base) => path === base || path.startsWith(`${base}/`));
}

/**
 * Where a link to the English `href` goes from a page in `language`: to the page in that language
 * where it exists in every language (`TRANSLATED_PATHS`) or exists in it now (`published`: the
 * English paths the root data lists for the request's language, i.e. the site pages published in
 * it and the projects and insights lists while one of their items is); else to the English page.
 */
export function navHref(href: string, language: Language, { published = [] }: { published?: readonly string[] } = {}): string {
  return isTranslatedPath(href) || published.includes(href) ? localizedPath(href, language) : href;
}

/** The two service pages, in the header's Services dropdown and the footer's Services column. */
const servicePages: NavLink[] = [
  { label: m.nav_commercial, href: "/services/commercial" },
  { label: m.nav_humanitarian, href: "/services/humanitarian" },
];

/** Header items in order; Services carries the dropdown of the two service pages. */
export const navItems: NavItem[] = [
  { label: m.nav_home, href: "/" },
  { label: m.nav_about, href: "/about" },
  { label: m.nav_services, href: "/services", children: servicePages },
  { label: m.nav_projects, href: "/projects" },
  { label: m.nav_insights, href: "/insights" },
  { label: m.nav_contact, href: "/contact" },
];

/** The header and mobile-menu call to action. */
export const consultationCta: NavLink = { label: m.nav_book, href: "/book-consultation" };

/**
 * Whether a nav item is active for `pathname` (without its language prefix): Home only on exactly
 * "/", any other item on its own path or a path below it (so /services/commercial marks Services).
 */
export function isNavActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Footer link columns (services, company, work). */
export const footerColumns: { title: NavLabel; links: NavLink[] }[] = [
  {
    title: m.nav_services,
    links: [{ label: m.nav_all_services, href: "/services" }, ...servicePages, { label: m.nav_book, href: "/book-consultation" }],
  },
  {
    title: m.nav_company,
    links: [
      { label: m.nav_about_us, href: "/about" },
      { label: m.nav_projects, href: "/projects" },
      { label: m.nav_insights, href: "/insights" },
      { label: m.nav_contact, href: "/contact" },
    ],
  },
];

/** Legal links in the footer's bottom bar. */
export const legalLinks: NavLink[] = [
  { label: m.nav_privacy, href: "/privacy" },
  { label: m.nav_terms, href: "/terms" },
];
