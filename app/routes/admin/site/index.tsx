import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { AdminPageHeader } from "~/components/admin-page-header";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows, STAFF_ROLES } from "~/features/auth/roles";
import { StateBadge } from "~/features/cms/components/state-badge";
import { pageMeta } from "~/features/seo/meta";
import { getEditablePage } from "~/features/site-pages/pages.server";
import { EDITABLE_PAGE_KEYS, SITE_PAGES } from "~/features/site-pages/schemas";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Site", path: "/admin/site", noIndex: true });

/** Admin > Site: the editable pages with their publication state (every staff role), and the consultation types, redirects and WordPress import (admins). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request, STAFF_ROLES);
  const pages = await Promise.all(EDITABLE_PAGE_KEYS.map(async (key) => ({ key, ...SITE_PAGES[key], page: await getEditablePage(key) })));
  return { canManageTypes: roleAllows(session.admin.role, MANAGER_ROLES), pages: pages.map(({ key, title, description, page }) => ({ key, title, description, state: page.state, unpublishedChanges: page.unpublishedChanges })) };
}

export default function SitePages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader title="Site" description="The words and pictures of the public site. Changes are drafts until you publish them." />
      <ul className="grid gap-3 sm:grid-cols-2">
        {loaderData.pages.map((page) => (
          <li key={page.key}>
            <Link to={`/admin/site/${page.key}`} className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-sm hover:border-primary">
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {page.title} <StateBadge state={page.state} />
                  {page.unpublishedChanges ? <span className="text-xs font-normal text-amber-800">Unpublished changes</span> : null}
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{page.description}</span>
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
        {loaderData.canManageTypes ? (
          <li>
            <Link to="/admin/site/consultation-types" className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-sm hover:border-primary">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">Consultation types</span>
                <span className="mt-1 block text-sm text-muted-foreground">What visitors choose in the booking wizard: names, durations, order, active or not.</span>
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ) : null}
        {loaderData.canManageTypes ? (
          <li>
            <Link to="/admin/site/redirects" className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-sm hover:border-primary">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">Redirects</span>
                <span className="mt-1 block text-sm text-muted-foreground">Old addresses sent on to their new pages, and the addresses visitors did not find.</span>
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ) : null}
        {loaderData.canManageTypes ? (
          <li>
            <Link to="/admin/site/wordpress" className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 shadow-sm hover:border-primary">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">Import from WordPress</span>
                <span className="mt-1 block text-sm text-muted-foreground">Posts, pages and pictures of a WordPress site, with redirects from its old addresses. A dry run first.</span>
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ) : null}
      </ul>
    </>
  );
}
