/**
 * The fixed site header:
 * logo, nav items with `aria-current="page"` on the active one (Home only on exactly "/"),
 * a Services dropdown that opens on hover and by keyboard, the Book Free Consultation button,
 * and below the `lg` breakpoint a menu with an expandable Services group.
 *
 * Rendered by the server only (no React state): the enhancement module (`app/enhance/header.ts`)
 * drives the scrolled style (`data-scrolled`, more than 20 px), the dropdown, the mobile menu and
 * its groups through the `data-*` hooks and ARIA attributes below. Every link is a
 * plain anchor, so each page is its own document and any navigation closes the menus
 * (ADR "Content pages without React").
 *
 * Labels are in the page's language (`usePageLanguage`); links go to the page in that language where
 * it has a translation (`navHref`), else to the English page; on a translated page the header also
 * carries the language switcher.
 *
 * Without JavaScript: the menu button is a link to `#site-menu`, which CSS `:target`
 * shows with every group open, and a Close menu link (to a fragment that names nothing) hides it
 * again; the group and dropdown toggles stay hidden and the Services link reaches its pages. The
 * module swaps the links for the real button (`hidden` toggled, never nodes replaced, so React's
 * hydration on the hydrated pages finds the same markup) and collapses the groups.
 */
import { ChevronDown, Globe, Menu, X } from "lucide-react";
import { useId } from "react";
import { useLocation, useMatches } from "react-router";
import { consultationCta, isNavActive, isTranslatedPath, navHref, navItems, type NavItem } from "~/content/nav";
import { cn } from "~/utils/cn";
import { languageInfo, languageOfPath, LANGUAGES, localizedPath, type Language, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/**
 * The header's backgrounds. Both stay at least 90 % white, so the teal-800 logo line and active
 * links keep WCAG AA contrast (at least 6:1) even over a near-black hero, in either state, in the
 * transition between them and without JavaScript (where the header never turns "scrolled").
 * The scrolled state (or an open mobile menu) adds the stronger blur, a border and a shadow.
 */
const headerStyle =
  "border-transparent bg-white/90 backdrop-blur-sm " +
  "data-[scrolled=true]:border-slate-200/80 data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-md data-[scrolled=true]:shadow-slate-900/5 data-[scrolled=true]:backdrop-blur-xl " +
  "data-[menu=open]:border-slate-200/80 data-[menu=open]:bg-white/95 data-[menu=open]:shadow-md data-[menu=open]:shadow-slate-900/5 data-[menu=open]:backdrop-blur-xl";

/** The menu button's look, shared by the no-JavaScript Open and Close menu links. */
const menuLinkClass = "inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-accent lg:hidden";

/** The company mark: a stylised truss in a teal square, plus the name. */
export function Logo({ companyName, inverse = false }: { companyName: string; inverse?: boolean }) {
  const [first, ...rest] = companyName.split(" ");
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={inverse ? "#ffffff" : "#0f766e"} />
        <path
          d="M6 23h20M6 23l5-12 5 12 5-12 5 12M11 11h10"
          fill="none"
          stroke={inverse ? "#0f766e" : "#ffffff"}
          strokeWidth="2.2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className="flex flex-col leading-none">
        <span className={cn("text-lg font-bold tracking-tight", inverse ? "text-white" : "text-foreground")}>{first}</span>{" "}
        {rest.length ? (
          <span className={cn("text-[0.7rem] font-semibold uppercase tracking-[0.2em]", inverse ? "text-teal-200" : "text-teal-800")}>
            {rest.join(" ")}
          </span>
        ) : null}
      </span>
    </span>
  );
}

function DesktopDropdown({ item, pathname, language, published }: { item: NavItem; pathname: string; language: Language; published: readonly string[] }) {
  const menuId = useId();
  const active = isNavActive(item.href, pathname);
  const label = item.label({}, { locale: language });
  return (
    <li className="relative" data-dropdown="">
      <div className="flex items-center">
        <a
          href={navHref(item.href, language, { published })}
          className={cn(
            "whitespace-nowrap rounded-md py-2 ps-3 pe-1 text-sm font-medium transition-colors hover:text-teal-800",
            active ? "text-teal-800" : "text-slate-700",
          )}
          aria-current={active ? "page" : undefined}
        >
          {label}
        </a>
        <button
          type="button"
          className="group/toggle rounded-md p-1.5 text-slate-600 hover:text-teal-800"
          aria-expanded={false}
          aria-controls={menuId}
          aria-label={m.chrome_group_menu({ label }, { locale: language })}
          data-dropdown-toggle=""
        >
          <ChevronDown className="size-4 transition-transform group-aria-expanded/toggle:rotate-180" aria-hidden="true" />
        </button>
      </div>
      <div id={menuId} hidden className="absolute start-0 top-full z-50 w-72 pt-2">
        <ul className="rounded-xl border bg-white p-2 shadow-xl shadow-slate-900/10">
          {item.children?.map((child) => {
            const childActive = pathname === child.href;
            return (
              <li key={child.href}>
                <a
                  href={navHref(child.href, language, { published })}
                  className={cn(
                    "block rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground",
                    childActive ? "bg-accent text-accent-foreground" : "text-slate-700",
                  )}
                  aria-current={childActive ? "page" : undefined}
                >
                  {child.label({}, { locale: language })}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}

/**
 * The addresses of the page being shown in each language it exists in, when its route says so
 * (a loader's `pageLanguages`, ADR 33: a project or an article, each at its translated address);
 * undefined on every other page.
 */
function usePageLanguages(): PageInLanguage[] | undefined {
  for (const match of useMatches()) {
    const data = match.loaderData as { pageLanguages?: unknown } | undefined;
    if (data && typeof data === "object" && Array.isArray(data.pageLanguages)) return data.pageLanguages as PageInLanguage[];
  }
  return undefined;
}

/**
 * The language switcher of the header and the footer: links to the page being shown in each
 * offered language, the current one marked. Shown only on a page that exists in other languages
 * (`isTranslatedPath`, or a route's own `pageLanguages` for content translated item by item); elsewhere
 * it renders nothing, so English-only pages are unchanged. Plain links: a language is its own
 * document (`<html lang dir>`), and no JavaScript is needed. `offered` is the list of language
 * codes from the settings; `tone` its look on a light or dark band.
 */
export function LanguageSwitcher({
  offered,
  tone = "light",
  compact = false,
  className,
}: {
  offered: readonly string[];
  tone?: "light" | "dark";
  /** A disclosure naming the current language (the desktop header), opened natively without JavaScript. */
  compact?: boolean;
  className?: string;
}) {
  const { pathname, search } = useLocation();
  const { language, path } = languageOfPath(pathname);
  const pageLanguages = usePageLanguages();
  const pages: PageInLanguage[] = pageLanguages
    ? LANGUAGES.flatMap((code) => pageLanguages.filter((p) => p.language === code))
    : isTranslatedPath(path)
      ? LANGUAGES.filter((code) => offered.includes(code)).map((code) => ({ language: code, path: `${localizedPath(path, code)}${search}` }))
      : [];
  if (pages.length < 2) return null;
  const label = m.switcher_label({}, { locale: language });
  const links = (
    <ul className={compact ? "absolute end-0 top-full z-50 mt-2 w-44 rounded-xl border bg-white p-2 shadow-xl shadow-slate-900/10" : "flex flex-wrap items-center gap-1"}>
      {pages.map(({ language: code, path: href }) => {
        const info = languageInfo(code);
        const current = code === language;
        return (
          <li key={code}>
            <a
              href={href}
              hrefLang={info.htmlLang}
              lang={info.htmlLang}
              dir={info.dir}
              aria-current={current ? "true" : undefined}
              className={cn(
                "min-h-9 items-center whitespace-nowrap rounded-md px-2.5 text-sm font-medium",
                compact ? "flex w-full" : "inline-flex",
                tone === "light"
                  ? current
                    ? "bg-accent text-accent-foreground"
                    : "text-slate-700 hover:bg-muted hover:text-teal-800"
                  : current
                    ? "bg-white/10 text-white"
                    : "text-slate-300 hover:text-teal-300",
              )}
            >
              {info.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav aria-label={label} className={className}>
      {compact ? (
        <details className="group/languages relative">
          <summary className="flex h-10 cursor-pointer list-none items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-muted hover:text-teal-800 [&::-webkit-details-marker]:hidden">
            <Globe className="size-4" aria-hidden="true" />
            <span className="sr-only">{label}: </span>
            {languageInfo(language).name}
            <ChevronDown className="size-4 transition-transform group-open/languages:rotate-180" aria-hidden="true" />
          </summary>
          {links}
        </details>
      ) : (
        links
      )}
    </nav>
  );
}

/** The id of the mobile menu panel: the target of the menu link without JavaScript (one header per page). */
export const MOBILE_MENU_ID = "site-menu";

/**
 * The site header; `companyName` comes from the root loader's site identity, `languages` (the
 * offered language codes) feed the switcher.
 */
export function SiteHeader({ companyName, languages = [], published = [] }: { companyName: string; languages?: readonly string[]; published?: readonly string[] }) {
  const { language, path: pathname } = languageOfPath(useLocation().pathname);
  const locale = { locale: language };
  const menuId = MOBILE_MENU_ID;

  return (
    <header
      data-site-header=""
      data-scrolled="false"
      className={cn("fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,backdrop-filter] duration-300", headerStyle)}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:start-4 focus:top-3 focus:z-50"
      >
        {m.chrome_skip_link({}, locale)}
      </a>
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={navHref("/", language, { published })} className="rounded-md" aria-label={m.chrome_home_label({ company: companyName }, locale)}>
          <Logo companyName={companyName} />
        </a>

        <nav aria-label={m.chrome_main_nav({}, locale)} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) =>
              item.children ? (
                <DesktopDropdown key={item.href} item={item} pathname={pathname} language={language} published={published} />
              ) : (
                <li key={item.href}>
                  <a
                    href={navHref(item.href, language, { published })}
                    className={cn(
                      "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-teal-800",
                      isNavActive(item.href, pathname) ? "text-teal-800" : "text-slate-700",
                    )}
                    aria-current={isNavActive(item.href, pathname) ? "page" : undefined}
                  >
                    {item.label({}, locale)}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitcher offered={languages} compact className="hidden lg:block" />
          <a
            href={navHref(consultationCta.href, language, { published })}
            className="hidden h-10 items-center whitespace-nowrap rounded-md bg-primary px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-teal-800 sm:inline-flex"
          >
            {consultationCta.label({}, locale)}
          </a>
          <button
            type="button"
            hidden
            className="group/toggle inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-accent lg:hidden"
            aria-expanded={false}
            aria-controls={menuId}
            aria-label={m.chrome_open_menu({}, locale)}
            data-label-open={m.chrome_open_menu({}, locale)}
            data-label-close={m.chrome_close_menu({}, locale)}
            data-menu-toggle=""
          >
            <Menu className="size-6 group-aria-expanded/toggle:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-aria-expanded/toggle:block" aria-hidden="true" />
          </button>
          <a
            href={`#${menuId}`}
            aria-label={m.chrome_open_menu({}, locale)}
            data-menu-link=""
            className={cn(menuLinkClass, "[header:has(#site-menu:target)_&]:hidden")}
          >
            <Menu className="size-6" aria-hidden="true" />
          </a>
          <a
            href="#menu-closed"
            aria-label={m.chrome_close_menu({}, locale)}
            data-menu-link=""
            className={cn(menuLinkClass, "hidden max-lg:[header:has(#site-menu:target)_&]:inline-flex")}
          >
            <X className="size-6" aria-hidden="true" />
          </a>
        </div>
      </div>

      <div
        id={menuId}
        data-menu-panel=""
        className="hidden max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t bg-white target:block data-enhanced:block lg:hidden"
      >
        <nav aria-label={m.chrome_mobile_nav({}, locale)} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => {
              const active = isNavActive(item.href, pathname);
              const label = item.label({}, locale);
              const linkClass = cn(
                "block flex-1 rounded-lg px-3 py-3 text-base font-medium",
                active ? "bg-accent text-accent-foreground" : "text-slate-800 hover:bg-muted",
              );
              if (!item.children) {
                return (
                  <li key={item.href}>
                    <a href={navHref(item.href, language, { published })} className={linkClass} aria-current={active ? "page" : undefined}>
                      {label}
                    </a>
                  </li>
                );
              }
              const groupId = `${menuId}${item.href.replaceAll("/", "-")}`;
              return (
                <li key={item.href}>
                  <div className="flex items-center gap-1">
                    <a href={navHref(item.href, language, { published })} className={linkClass} aria-current={active ? "page" : undefined}>
                      {label}
                    </a>
                    <button
                      type="button"
                      hidden
                      className="group/toggle inline-flex size-12 items-center justify-center rounded-lg text-slate-700 hover:bg-muted"
                      aria-expanded={true}
                      aria-controls={groupId}
                      aria-label={m.chrome_group_show({ label }, locale)}
                      data-group-toggle=""
                    >
                      <ChevronDown className="size-5 transition-transform group-aria-expanded/toggle:rotate-180" aria-hidden="true" />
                    </button>
                  </div>
                  <ul id={groupId} className="ms-3 mt-1 flex flex-col gap-1 border-s-2 border-primary/30 ps-3">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <a
                          href={navHref(child.href, language, { published })}
                          className={cn(
                            "block rounded-lg px-3 py-2.5 text-[0.95rem]",
                            pathname === child.href ? "font-semibold text-primary" : "text-slate-700 hover:bg-muted",
                          )}
                          aria-current={pathname === child.href ? "page" : undefined}
                        >
                          {child.label({}, locale)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <a
            href={navHref(consultationCta.href, language, { published })}
            className="mt-4 flex h-12 items-center justify-center rounded-md bg-primary text-base font-semibold text-white hover:bg-teal-800"
          >
            {consultationCta.label({}, locale)}
          </a>
          <LanguageSwitcher offered={languages} className="mt-4 border-t pt-4" />
        </nav>
      </div>
    </header>
  );
}
