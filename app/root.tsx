import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
} from "react-router";
import enhanceUrl from "virtual:enhance-url";
import { CookieBanner } from "~/features/site/components/cookie-banner";
import { Toaster } from "~/components/ui/sonner";
import { useRootData } from "~/features/site/root-data";
import { loadRootData } from "~/features/site/root-data.server";
import { languageInfo, usePageLanguage } from "~/utils/i18n";
import { useNonce } from "~/utils/nonce";
import { allowsAnalytics, isPortalPage, needsHydration } from "~/utils/page-mode";
import type { Route } from "./+types/root";
import portalStylesheet from "./app.css?url";
import publicStylesheet from "./public.css?url";

/**
 * Site-wide data every page needs (`loadRootData`): company identity, analytics and verification
 * settings, the public URL, footer contact details and the visitor's cookie-consent choice.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return loadRootData(request);
}

/**
 * Scrolls instantly to the top when a client navigation changes the path; the browser's own
 * restoration is off. Not when the page hydrates: the document has just loaded where the browser
 * put it, and someone may have scrolled to a row and be pressing it (scrolling then moved another
 * control under the pointer).
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}

/**
 * The page's one stylesheet: the portal's (`app.css`, every class) under /admin, else the public
 * site's (`public.css`, the classes public pages use), so visitors do not download the portal's
 * styles. `precedence` makes React emit it at the top of <head> (after the charset/viewport and any
 * fetchpriority="high" image preload, before the ~20-30 hoisted modulepreload links, which
 * entry.server marks low priority), so on a slow mobile connection the browser fetches it first
 * and the first paint does not queue behind the scripts (Lighthouse LCP). A client navigation
 * between the two keeps both; each is complete for its pages and the later one decides.
 */
function Stylesheet({ portal }: { portal: boolean }) {
  return <link rel="stylesheet" href={portal ? portalStylesheet : publicStylesheet} precedence="default" />;
}

/**
 * The document. Only routes whose `handle` asks for hydration (the staff portal) get React
 * Router's <Scripts /> (ADR "The public site without React"); every page gets the small
 * enhancement module from 'self' (header menus, consent banner and the public pages' behaviours).
 * The consent banner, and so analytics, is left out where a route forbids it (token pages, /admin).
 * `<html lang dir>` is the page's language, from its path (`/ar/...` is Arabic, right to left).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const matches = useMatches();
  const hydrate = needsHydration(matches);
  const analyticsId = allowsAnalytics(matches) ? data?.site.analyticsId : undefined;
  const language = languageInfo(usePageLanguage());
  return (
    <html lang={language.htmlLang} dir={language.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        {data?.site.siteVerification ? (
          <meta name="google-site-verification" content={data.site.siteVerification} />
        ) : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Stylesheet portal={isPortalPage(matches)} />
        <Meta />
        <Links />
        <script type="module" src={enhanceUrl} data-enhance="" />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
        {analyticsId ? <CookieBanner measurementId={analyticsId} choice={data?.consent ?? null} /> : null}
        {hydrate ? (
          <>
            <ScrollToTop />
            <Toaster />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The spec's fallback for a route that throws: 'Unexpected Application Error!' and the reason. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail = "Something went wrong.";
  let status: number | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = error.statusText || (typeof error.data === "string" ? error.data : detail);
  } else if (error instanceof Error && !import.meta.env.PROD) {
    detail = error.message;
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-bold text-foreground">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">
        {status ? `${status} ` : ""}
        {detail}
      </p>
      <a href="/" className="font-semibold text-primary underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
