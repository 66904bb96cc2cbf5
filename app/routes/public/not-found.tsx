import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { PrimaryLink } from "~/features/site/components/primary-link";
import { languageOfPath, ogLocale, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/not-found";

/** Any unknown path: responds with HTTP 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  // Under a language's prefix (`/fr/...`) the page speaks that language; anywhere else English.
  const { language } = languageOfPath(args.location.pathname);
  const locale = { locale: language };
  return pageMeta(args, {
    title: m.not_found_title({}, locale),
    description: m.not_found_description({}, locale),
    path: args.location.pathname,
    noIndex: true,
    ogLocale: ogLocale(language),
  });
};

/** The 404 page, in the language of the address asked for; its link goes to the English home page. */
export default function NotFound() {
  const locale = { locale: usePageLanguage() };
  return (
    <section className="relative isolate overflow-hidden px-4 py-24 sm:px-6 sm:py-32 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(rgba(15,118,110,.07)_1px,transparent_1px),linear-gradient(90deg,rgba(15,118,110,.07)_1px,transparent_1px)] [background-size:40px_40px]"
      />
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{m.not_found_title({}, locale)}</h1>
        <p className="mt-4 text-lg text-slate-600">{m.not_found_body({}, locale)}</p>
        <PrimaryLink to="/" className="mt-10">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {m.not_found_home({}, locale)}
        </PrimaryLink>
      </div>
    </section>
  );
}
