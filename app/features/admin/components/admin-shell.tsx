/**
 * The protected admin layout:
 * a sidebar 280 px wide, 80 px collapsed, collapsed automatically below 1024 px (and hidden behind
 * a menu button below 640 px); header 'Admin Portal' with 'Welcome back, {name}'; footer with the
 * initial, name, role and Sign Out. Links a role cannot use are not shown.
 */
import {
  BarChart3,
  PanelsTopLeft,
  BookOpen,
  Briefcase,
  CircleUser,
  CalendarClock,
  ExternalLink,
  Images,
  Languages,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  ShieldCheck,
  Users,
  X,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { LOGIN_TOAST_KEY } from "~/features/auth/components/login-form";
import { MANAGER_ROLES, roleAllows, roleLabel, STAFF_ROLES, SUPER_ADMIN_ONLY, type AdminRole } from "~/features/auth/roles";
import { cn } from "~/utils/cn";

type NavItem = {
  to: string;
  label: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  roles: readonly AdminRole[];
  badge?: number;
  badgeLabel?: string;
  /** A red count beside the badge (overdue enquiries); shown alone when the rail is collapsed. */
  alert?: number;
  alertLabel?: string;
};

export type AdminShellProps = {
  admin: { name: string; email: string; role: AdminRole };
  companyName: string;
  counts: { newEnquiries: number; overdueEnquiries: number; pendingBookings: number } | null;
  children: React.ReactNode;
};

const COLLAPSE_KEY = "admin-sidebar-collapsed";

export function AdminShell({ admin, companyName, counts, children }: AdminShellProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [isDesktop, setIsDesktop] = useState(true);
  const location = useLocation();

  useEffect(() => {
    // Set by the login form on submit: the sign-in just succeeded.
    if (window.sessionStorage.getItem(LOGIN_TOAST_KEY)) {
      window.sessionStorage.removeItem(LOGIN_TOAST_KEY);
      toast.success("Login successful", { id: "login-success", description: "Welcome to the admin portal" });
    }
    setCollapsed(window.localStorage.getItem(COLLAPSE_KEY) === "1");
    const query = window.matchMedia("(min-width: 1024px)");
    const update = () => {
      setIsDesktop(query.matches);
      if (query.matches) setMobileOpen(false);
    };
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMobileOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  const toggle = () => {
    if (window.matchMedia("(min-width: 1024px)").matches) {
      const next = !collapsed;
      setCollapsed(next);
      window.localStorage.setItem(COLLAPSE_KEY, next ? "1" : "0");
    } else {
      setMobileOpen((open) => !open);
    }
  };
  const expanded = isDesktop ? !collapsed : mobileOpen;

  const sections: { title: string; items: NavItem[] }[] = [
    {
      title: "Overview",
      items: [
        { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard, roles: STAFF_ROLES },
        { to: "/admin/analytics", label: "Analytics", icon: BarChart3, roles: MANAGER_ROLES },
      ],
    },
    {
      title: "Management",
      items: [
        {
          to: "/admin/enquiries",
          label: "Contact Enquiries",
          icon: Mail,
          roles: MANAGER_ROLES,
          badge: counts?.newEnquiries,
          badgeLabel: "new",
          alert: counts?.overdueEnquiries,
          alertLabel: "overdue",
        },
        {
          to: "/admin/consultations",
          label: "Consultations",
          icon: CalendarClock,
          roles: MANAGER_ROLES,
          badge: counts?.pendingBookings,
          badgeLabel: "pending",
        },
      ],
    },
    {
      title: "Content Management",
      items: [
        { to: "/admin/cms/projects", label: "Our Work (Projects)", icon: Briefcase, roles: STAFF_ROLES },
        { to: "/admin/cms/blog", label: "Blog Posts", icon: BookOpen, roles: STAFF_ROLES },
        { to: "/admin/cms/translations", label: "Translations", icon: Languages, roles: STAFF_ROLES },
        { to: "/admin/media", label: "Media Library", icon: Images, roles: STAFF_ROLES },
        { to: "/admin/site", label: "Site", icon: PanelsTopLeft, roles: STAFF_ROLES },
      ],
    },
    {
      title: "System",
      items: [
        { to: "/admin/users", label: "Users", icon: Users, roles: SUPER_ADMIN_ONLY },
        { to: "/admin/settings", label: "Settings", icon: Settings, roles: SUPER_ADMIN_ONLY },
        { to: "/admin/data-protection", label: "Data protection", icon: ShieldCheck, roles: MANAGER_ROLES },
        { to: "/admin/account", label: "Your account", icon: CircleUser, roles: STAFF_ROLES },
      ],
    },
  ]
    .map((s) => ({ ...s, items: s.items.filter((i) => roleAllows(admin.role, i.roles)) }))
    .filter((s) => s.items.length > 0);

  // Text is visually hidden (still read by screen readers) whenever the rail is collapsed.
  const hideWhenCollapsed = cn(mobileOpen ? "" : "max-lg:sr-only", collapsed ? "lg:sr-only" : "");
  const initial = (admin.name.trim()[0] ?? admin.email[0] ?? "?").toUpperCase();

  return (
    <div className="min-h-dvh bg-muted/60">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>

      {mobileOpen ? (
        <div aria-hidden className="fixed inset-0 z-30 bg-ink/50 lg:hidden" onClick={() => setMobileOpen(false)} />
      ) : null}

      <aside
        id="admin-sidebar"
        aria-label="Admin navigation"
        className={cn(
          "fixed inset-y-0 left-0 z-40 flex flex-col bg-ink text-slate-100 shadow-xl transition-[width] duration-200 lg:shadow-none",
          mobileOpen ? "w-[280px]" : "w-20 max-sm:hidden",
          collapsed ? "lg:w-20" : "lg:w-[280px]",
        )}
      >
        <div className="flex h-16 shrink-0 items-center gap-3 border-b border-white/10 px-5">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-lg font-bold text-white"
          >
            {companyName.trim()[0]?.toUpperCase() ?? "M"}
          </span>
          <span className={cn("line-clamp-2 min-w-0 text-[15px] font-semibold leading-tight", hideWhenCollapsed)}>{companyName}</span>
          {mobileOpen ? (
            <button
              type="button"
              onClick={() => setMobileOpen(false)}
              className="ml-auto rounded-md p-2 text-slate-300 hover:bg-white/10 hover:text-white lg:hidden"
              aria-label="Close navigation"
            >
              <X className="size-5" aria-hidden />
            </button>
          ) : null}
        </div>

        {/* Compact enough that a super admin's eleven links, "Your account" last, fit 1440x900 without scrolling. */}
        <nav className="flex-1 overflow-y-auto px-3 py-3">
          {sections.map((section) => (
            <div key={section.title} className="mb-4 last:mb-0">
              <h2
                className={cn(
                  "mb-2 px-3 text-[11px] font-semibold uppercase tracking-wider text-teal-200/80",
                  hideWhenCollapsed,
                )}
              >
                {section.title}
              </h2>
              <ul className="space-y-0.5">
                {section.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      prefetch="intent"
                      title={expanded ? undefined : item.label}
                      className={({ isActive }) =>
                        cn(
                          "relative flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
                          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300",
                          isActive ? "bg-primary text-white" : "text-slate-200 hover:bg-white/10 hover:text-white",
                          !expanded && "justify-center px-0",
                        )
                      }
                    >
                      <item.icon className="size-5 shrink-0" aria-hidden />
                      <span className={cn("min-w-0 flex-1 truncate", hideWhenCollapsed)}>{item.label}</span>
                      {item.badge && !(item.alert && !expanded) ? (
                        <SidebarCount count={item.badge} label={item.badgeLabel} tone="bg-amber-400 text-ink" collapsed={!expanded} />
                      ) : null}
                      {item.alert ? <SidebarCount count={item.alert} label={item.alertLabel} tone="bg-red-600 text-white" collapsed={!expanded} /> : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <div className="shrink-0 border-t border-white/10 p-3">
          <div className={cn("flex items-center gap-3 px-2 py-2", !expanded && "justify-center px-0")}>
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-200 font-semibold text-ink"
            >
              {initial}
            </span>
            <div className={cn("min-w-0 flex-1", hideWhenCollapsed)}>
              <p className="truncate text-sm font-semibold text-white">{admin.name}</p>
              <p className="truncate text-xs text-teal-100/80">{roleLabel(admin.role)}</p>
            </div>
          </div>
          <Form method="post" action="/admin/logout" reloadDocument>
            <button
              type="submit"
              title={expanded ? undefined : "Sign Out"}
              className={cn(
                "mt-1 flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300",
                !expanded && "justify-center px-0",
              )}
            >
              <LogOut className="size-5 shrink-0" aria-hidden />
              <span className={hideWhenCollapsed}>Sign Out</span>
            </button>
          </Form>
        </div>
      </aside>

      <div className={cn("flex min-h-dvh flex-col transition-[padding] duration-200 sm:pl-20", collapsed ? "lg:pl-20" : "lg:pl-[280px]")}>
        <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={toggle}
            aria-controls="admin-sidebar"
            aria-expanded={expanded}
            aria-label={expanded ? "Collapse navigation" : "Expand navigation"}
            className="-ml-2 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <Menu className="size-5 sm:hidden" aria-hidden />
            {expanded ? (
              <PanelLeftClose className="hidden size-5 sm:block" aria-hidden />
            ) : (
              <PanelLeftOpen className="hidden size-5 sm:block" aria-hidden />
            )}
          </button>
          <div className="min-w-0 flex-1">
            <p className="text-base font-semibold leading-tight">Admin Portal</p>
            <p className="truncate text-sm text-muted-foreground">Welcome back, {admin.name}</p>
          </div>
          <Link
            to="/"
            reloadDocument
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-primary hover:bg-accent"
          >
            <span className="max-sm:sr-only">View site</span>
            <ExternalLink className="size-4" aria-hidden />
          </Link>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** A sidebar link's live count (new enquiries in amber, overdue in red); "99+" past 99. */
function SidebarCount({ count, label, tone, collapsed }: { count: number; label?: string; tone: string; collapsed: boolean }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-bold tabular-nums", tone, collapsed && "absolute -right-0.5 top-0.5 px-1.5 text-[10px]")}>
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
