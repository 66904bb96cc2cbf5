import { Outlet, useMatches } from "react-router";
import { PreviewBanner } from "~/features/cms/components/preview-banner";
import { SiteFooter } from "~/features/site/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { companyDefaults } from "~/content/company";
import { useRootData } from "~/features/site/root-data";

/** Whether a route's loader data says it shows a draft through a signed preview link (`preview: true`). */
const isPreview = (loaderData: unknown) => typeof loaderData === "object" && loaderData !== null && (loaderData as { preview?: unknown }).preview === true;

/**
 * The public site's shell: fixed header, the page in <main id="main">, footer (spec section 2),
 * and the "Preview - not published" banner on any page whose loader reports a preview (projects,
 * articles and every site-studio page), so a draft is never mistaken for the live site.
 */
export default function PublicLayout() {
  const root = useRootData();
  const preview = useMatches().some((match) => isPreview(match.loaderData));
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader companyName={root?.site.companyName ?? companyDefaults.companyName} languages={root?.languages} published={root?.publishedPaths} />
      <main id="main" tabIndex={-1} className="flex-1 pt-18 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {preview ? <PreviewBanner /> : null}
    </div>
  );
}
