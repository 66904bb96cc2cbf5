/**
 * The site footer: company blurb, link columns
 * (services, about, projects, insights), contact details (e-mail, phone, the contact page's
 * address lines in the page's language where that page is published in it, LinkedIn), /privacy and /terms, the current year, and a "Cookie settings" button when analytics
 * is configured and the page allows it (the enhancement module reopens the banner). Identity comes
 * from the root loader (`useRootData()`). Links are plain anchors: every page is its own document
 * (ADR "Content pages without React"). Words are in the page's language; links go to the page in
 * that language where it has a translation (`navHref`), and a translated page shows the language
 * switcher in the bottom bar.
 */
import { Mail, MapPin, Phone } from "lucide-react";
import { useLocation, useMatches } from "react-router";
import { LanguageSwitcher, Logo } from "~/components/site-header";
import { companyDefaults } from "~/content/company";
import { footerColumns, legalLinks, navHref } from "~/content/nav";
import { useRootData } from "~/features/site/root-data";
import { languageOfPath } from "~/utils/i18n";
import { allowsAnalytics } from "~/utils/page-mode";
import { m } from "~/utils/paraglide/messages";

function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.34V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
    </svg>
  );
}

/** The footer; the year is the root loader's current year (server time), so SSR and client agree. */
export function SiteFooter() {
  const root = useRootData();
  const site = root?.site ?? { ...companyDefaults, analyticsId: "" };
  const year = root?.year ?? new Date().getFullYear();
  const matches = useMatches();
  const cookieSettings = Boolean(site.analyticsId) && allowsAnalytics(matches);
  const addressLines = root?.contact.addressLines ?? site.location.split(",").map((line) => line.trim());
  const socialLinks = root?.contact.socialLinks ?? [];
  const { language } = languageOfPath(useLocation().pathname);
  const locale = { locale: language };
  const newTab = <span className="sr-only">{m.footer_new_tab({}, locale)}</span>;

  return (
    <footer className="bg-ink text-slate-300" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        {m.footer_heading({}, locale)}
      </h2>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-12 px-4 py-16 sm:px-6 md:grid-cols-4 lg:grid-cols-12 lg:px-8">
        <div className="col-span-2 md:col-span-4 lg:col-span-4">
          <a href={navHref("/", language, { published: root?.publishedPaths })} className="inline-block rounded-md" aria-label={m.chrome_home_label({ company: site.companyName }, locale)}>
            <Logo companyName={site.companyName} inverse />
          </a>
          <p className="mt-5 max-w-sm text-sm leading-relaxed text-slate-300">{m.footer_blurb({}, locale)}</p>
          <a
            href={site.linkedinUrl}
            className="mt-6 inline-flex items-center gap-2 rounded-md text-sm font-medium text-white hover:text-teal-300"
            rel="noopener noreferrer"
            target="_blank"
          >
            <LinkedInIcon />
            LinkedIn{newTab}
          </a>
          {socialLinks.length ? (
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} className="font-medium text-white hover:text-teal-300" rel="noopener noreferrer" target="_blank">
                    {link.label}
                    {newTab}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        {footerColumns.map((column) => (
          <div key={column.links[0]!.href} className="lg:col-span-2">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-white">{column.title({}, locale)}</h3>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={navHref(link.href, language, { published: root?.publishedPaths })} className="text-sm text-slate-300 hover:text-teal-300">
                    {link.label({}, locale)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}

        <div className="col-span-2 lg:col-span-4">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">{m.nav_contact({}, locale)}</h3>
          <ul className="mt-4 space-y-4 text-sm">
            <li>
              <a href={`mailto:${site.email}`} className="flex items-center gap-3 hover:text-teal-300">
                <Mail className="size-5 shrink-0 text-teal-400" aria-hidden="true" />
                <bdi dir="ltr">{site.email}</bdi>
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone.replace(/\s+/g, "")}`} className="flex items-center gap-3 hover:text-teal-300">
                <Phone className="size-5 shrink-0 text-teal-400" aria-hidden="true" />
                <bdi dir="ltr">{site.phone}</bdi>
              </a>
            </li>
            <li className="flex items-start gap-3">
              <MapPin className="size-5 shrink-0 text-teal-400" aria-hidden="true" />
              <address className="not-italic">
                {addressLines.map((line, i) => (
                  <span key={`${i}-${line}`}>
                    {/* Isolated, so a line written left to right keeps its comma at its end on a right-to-left page; the comma is the language's ("،" in Arabic). */}
                    <bdi>
                      {line}
                      {i < addressLines.length - 1 ? m.address_comma({}, locale) : null}
                    </bdi>
                    {i < addressLines.length - 1 ? <br /> : null}
                  </span>
                ))}
              </address>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>{m.footer_rights({ year: String(year), company: site.companyName }, locale)}</p>
          <LanguageSwitcher offered={root?.languages ?? []} tone="dark" />
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <a href={navHref(link.href, language, { published: root?.publishedPaths })} className="hover:text-teal-300">
                  {link.label({}, locale)}
                </a>
              </li>
            ))}
            {cookieSettings ? (
              <li>
                {/* Reopens the banner, which needs JavaScript: app/enhance/consent.ts shows it. */}
                <button type="button" hidden data-cookie-settings="" className="hover:text-teal-300">
                  {m.footer_cookie_settings({}, locale)}
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </footer>
  );
}
