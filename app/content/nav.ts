/**
 * Header and footer navigation. Paths are site-relative.
 */
export type NavLink = { label: string; href: string };
export type NavItem = NavLink & { children?: NavLink[] };

/** The two service pages, in the header's Services dropdown and the footer's Services column. */
const servicePages: NavLink[] = [
  { label: "Commercial Engineering", href: "/services/commercial" },
  { label: "Humanitarian Engineering", href: "/services/humanitarian" },
];

/** Header items in order; Services carries the dropdown of the two service pages. */
export const navItems: NavItem[] = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Services", href: "/services", children: servicePages },
  { label: "Projects", href: "/projects" },
  { label: "Insights", href: "/insights" },
  { label: "Contact", href: "/contact" },
];

/** The header and mobile-menu call to action. */
export const consultationCta: NavLink = { label: "Book Free Consultation", href: "/book-consultation" };

/**
 * Whether a nav item is active for `pathname`: Home only on exactly "/", any other item on its
 * own path or a path below it (so /services/commercial marks Services).
 */
export function isNavActive(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Footer link columns (services, company, work). */
export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "Services",
    links: [
      { label: "All Services", href: "/services" },
      ...servicePages,
      { label: "Book Free Consultation", href: "/book-consultation" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About Us", href: "/about" },
      { label: "Projects", href: "/projects" },
      { label: "Insights", href: "/insights" },
      { label: "Contact", href: "/contact" },
    ],
  },
];

/** Legal links in the footer's bottom bar. */
export const legalLinks: NavLink[] = [
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
];
