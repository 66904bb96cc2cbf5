import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { companyDefaults } from "~/content/company";
import { useRootData } from "~/root";

/** The public site's shell: fixed header, the page in <main id="main">, footer. */
export default function PublicLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader companyName={root?.site.companyName ?? companyDefaults.companyName} />
      <main id="main" tabIndex={-1} className="flex-1 pt-18 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
