import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { PrimaryLink } from "~/features/site/components/primary-link";
import type { Route } from "./+types/not-found";

/** Any unknown path: responds with HTTP 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page Not Found",
    description: "The page you were looking for could not be found.",
    path: args.location.pathname,
    noIndex: true,
  });

export default function NotFound() {
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
