/**
 * The "Page Not Found" view (HTTP 404 is the route's to answer): the unknown-path route's page,
 * and what a page in a language it is not published in shows (`/fr/about`, `/foo`).
 */
import { ArrowLeft } from "lucide-react";
import { pageMeta } from "~/features/seo/meta";
import { PrimaryLink } from "~/features/site/components/primary-link";

/** The head of the "Page Not Found" view, at the address asked for (not indexed). */
export function notFoundMeta(args: Parameters<typeof pageMeta>[0] & { location: { pathname: string } }) {
  return pageMeta(args, {
    title: "Page Not Found",
    description: "The page you were looking for could not be found.",
    path: args.location.pathname,
    noIndex: true,
  });
}

/** The "Page Not Found" view, in English as the spec writes it. */
export function NotFoundScreen() {
  return (
    <section className="relative isolate overflow-hidden px-4 py-24 sm:px-6 sm:py-32 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(rgba(15,118,110,.07)_1px,transparent_1px),linear-gradient(90deg,rgba(15,118,110,.07)_1px,transparent_1px)] [background-size:40px_40px]"
      />
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-600">
          Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.
        </p>
        <PrimaryLink to="/" className="mt-10">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Return to Home
        </PrimaryLink>
      </div>
    </section>
  );
}
