/**
 * The "Page Not Found" view (HTTP 404 is the route's to answer): the unknown-path route's page,
 * and what a page in a language it is not published in shows (`/fr/about`, `/foo`). It speaks the
 * language of the address asked for (`/fr/...` French, `/ar/...` Arabic, right to left); anywhere
 * else English, as the spec writes it.
 */
import { ArrowLeft } from "lucide-react";
import { pageMeta } from "~/features/seo/meta";
import { PrimaryLink } from "~/features/site/components/primary-link";
import { useNavHref } from "~/features/site/root-data";
import { languageOfPath, ogLocale, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** The head of the "Page Not Found" view, at the address asked for (not indexed), in its language. */
export function notFoundMeta(args: Parameters<typeof pageMeta>[0] & { location: { pathname: string } }) {
  const { language } = languageOfPath(args.location.pathname);
  const locale = { locale: language };
  return pageMeta(args, {
    title: m.not_found_title({}, locale),
    description: m.not_found_description({}, locale),
    path: args.location.pathname,
    noIndex: true,
    ogLocale: ogLocale(language),
  });
}

/** The "Page Not Found" view in the page's language; its link goes to the home page in that language where it is published, else in English. */
export function NotFoundScreen() {
  const locale = { locale: usePageLanguage() };
  const href = useNavHref();
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
        <PrimaryLink to={href("/")} className="mt-10">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {m.not_found_home({}, locale)}
        </PrimaryLink>
      </div>
    </section>
  );
}
