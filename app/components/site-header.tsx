/**
 * The fixed site header (`shared/spec/public-site.md` section 2, "Header and navigation"):
 * logo, nav items with `aria-current="page"` on the active one (Home only on exactly "/"),
 * a Services dropdown that opens on hover and by keyboard, the Book Free Consultation button,
 * and below the `lg` breakpoint a menu with an expandable Services group.
 *
 * State (spec section 4): header normal or scrolled (more than 20 px); mobile menu open or closed;
 * one named dropdown group open or none. Menu and group state are keyed to the path they were
 * opened on, so every route change closes the menu and clears the submenu without an effect.
 */
import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { consultationCta, isNavActive, navItems, type NavItem } from "~/content/nav";
import { cn } from "~/utils/cn";

/** Scroll distance in pixels after which the header takes its stronger blur style (spec section 9). */
export const HEADER_SCROLL_THRESHOLD = 20;

/**
 * The header's backgrounds. Both stay at least 90 % white, so the teal-800 logo line and active
 * links keep WCAG AA contrast (at least 6:1) even over a near-black hero, in either state, in the
 * transition between them and without JavaScript (where the header never turns "scrolled").
 * The scrolled state adds the stronger blur, a border and a shadow.
 */
const headerStyles = {
  normal: "border-transparent bg-white/90 backdrop-blur-sm",
  scrolled: "border-slate-200/80 bg-white/95 shadow-md shadow-slate-900/5 backdrop-blur-xl",
} as const;

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

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

function DesktopDropdown({ item, pathname }: { item: NavItem; pathname: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const active = isNavActive(item.href, pathname);
  // Close when the route changes (the link inside was followed).
  const [openedOn, setOpenedOn] = useState(pathname);
  const isOpen = open && openedOn === pathname;
  const show = () => {
    setOpenedOn(pathname);
    setOpen(true);
  };

  return (
    <li
      ref={rootRef}
      className="relative"
      onMouseEnter={show}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && isOpen) {
          setOpen(false);
          rootRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
        }
      }}
    >
      <div className="flex items-center">
        <Link
          to={item.href}
          className={cn(
            "rounded-md py-2 pl-3 pr-1 text-sm font-medium transition-colors hover:text-teal-800",
            active ? "text-teal-800" : "text-slate-700",
          )}
          aria-current={active ? "page" : undefined}
        >
          {item.label}
        </Link>
        <button
          type="button"
          className="rounded-md p-1.5 text-slate-600 hover:text-teal-800"
          aria-expanded={isOpen}
          aria-controls={menuId}
          aria-label={`${item.label} menu`}
          onClick={() => (isOpen ? setOpen(false) : show())}
        >
          <ChevronDown className={cn("size-4 transition-transform", isOpen && "rotate-180")} aria-hidden="true" />
        </button>
      </div>
      <div
        id={menuId}
        hidden={!isOpen}
        className="absolute left-0 top-full z-50 w-72 pt-2"
      >
        <ul className="rounded-xl border bg-white p-2 shadow-xl shadow-slate-900/10">
          {item.children?.map((child) => {
            const childActive = pathname === child.href;
            return (
              <li key={child.href}>
                <Link
                  to={child.href}
                  className={cn(
                    "block rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground",
                    childActive ? "bg-accent text-accent-foreground" : "text-slate-700",
                  )}
                  aria-current={childActive ? "page" : undefined}
                >
                  {child.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}

/** The site header; `companyName` comes from the root loader's site identity. */
export function SiteHeader({ companyName }: { companyName: string }) {
  const { pathname } = useLocation();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD);
  // The menu is open only on the path it was opened on: any navigation closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const [groupOpen, setGroupOpen] = useState<{ path: string; name: string } | null>(null);
  const menuOpen = menuOpenedOn === pathname;
  const openGroup = groupOpen?.path === pathname ? groupOpen.name : null;
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpenedOn(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,box-shadow,backdrop-filter] duration-300",
        scrolled || menuOpen ? headerStyles.scrolled : headerStyles.normal,
      )}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md" aria-label={`${companyName} home`}>
          <Logo companyName={companyName} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) =>
              item.children ? (
                <DesktopDropdown key={item.href} item={item} pathname={pathname} />
              ) : (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    className={cn(
                      "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-teal-800",
                      isNavActive(item.href, pathname) ? "text-teal-800" : "text-slate-700",
                    )}
                    aria-current={isNavActive(item.href, pathname) ? "page" : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <Link
            to={consultationCta.href}
            className="hidden h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-teal-800 sm:inline-flex"
          >
            {consultationCta.label}
          </Link>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-accent lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpenedOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t bg-white lg:hidden">
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <ul className="flex flex-col gap-1">
            {navItems.map((item) => {
              const active = isNavActive(item.href, pathname);
              const linkClass = cn(
                "block flex-1 rounded-lg px-3 py-3 text-base font-medium",
                active ? "bg-accent text-accent-foreground" : "text-slate-800 hover:bg-muted",
              );
              if (!item.children) {
                return (
                  <li key={item.href}>
                    <Link to={item.href} className={linkClass} aria-current={active ? "page" : undefined}>
                      {item.label}
                    </Link>
                  </li>
                );
              }
              const expanded = openGroup === item.label;
              const groupId = `${menuId}-${item.label.toLowerCase()}`;
              return (
                <li key={item.href}>
                  <div className="flex items-center gap-1">
                    <Link to={item.href} className={linkClass} aria-current={active ? "page" : undefined}>
                      {item.label}
                    </Link>
                    <button
                      type="button"
                      className="inline-flex size-12 items-center justify-center rounded-lg text-slate-700 hover:bg-muted"
                      aria-expanded={expanded}
                      aria-controls={groupId}
                      aria-label={`Show ${item.label} pages`}
                      onClick={() => setGroupOpen(expanded ? null : { path: pathname, name: item.label })}
                    >
                      <ChevronDown className={cn("size-5 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
                    </button>
                  </div>
                  <ul id={groupId} hidden={!expanded} className="ml-3 mt-1 flex flex-col gap-1 border-l-2 border-primary/30 pl-3">
                    {item.children.map((child) => (
                      <li key={child.href}>
                        <Link
                          to={child.href}
                          className={cn(
                            "block rounded-lg px-3 py-2.5 text-[0.95rem]",
                            pathname === child.href ? "font-semibold text-primary" : "text-slate-700 hover:bg-muted",
                          )}
                          aria-current={pathname === child.href ? "page" : undefined}
                        >
                          {child.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <Link
            to={consultationCta.href}
            className="mt-4 flex h-12 items-center justify-center rounded-md bg-primary text-base font-semibold text-white hover:bg-teal-800"
          >
            {consultationCta.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
