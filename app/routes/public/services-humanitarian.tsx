import { data } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { ServiceDetail } from "~/features/site/components/service-detail";
import { loadServicePage, sitePageLanguages } from "~/features/site-pages/pages.server";
import { DEFAULT_LANGUAGE, languageOfPath, localizedPath, ogLocale, pageAlternates, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/services-humanitarian";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.page) return notFoundMeta(args);
  const { language } = languageOfPath(args.location.pathname);
  const locale = { locale: language };
  return pageMeta(args, {
    title: m.services_humanitarian_meta_title({}, locale),
    description: m.services_humanitarian_meta_description({}, locale),
    path: localizedPath("/services/humanitarian", language),
    noIndex: args.loaderData.preview,
    ...(language === DEFAULT_LANGUAGE ? {} : { ogLocale: ogLocale(language) }),
    alternates: pageAlternates(args.loaderData.pageLanguages),
  });
};

/**
 * The published Services page's /services/humanitarian part (`?preview=` shows a draft), and at
 * /fr/services/humanitarian ... its translation where the Services page is published in that offered
 * language (ADR 33), else the "Page Not Found" view with HTTP 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  const notFound = { page: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404 });
  const { headers, found, ...page } = await loadServicePage(request, context, "humanitarianPage", language);
  if (!found) return data(notFound, { status: 404, headers });
  const pageLanguages = page.preview ? [] : await sitePageLanguages("services", "/services/humanitarian", (await getSiteSettings()).offeredLanguages);
  return data({ ...page, pageLanguages }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ServicesHumanitarian({ loaderData }: Route.ComponentProps) {
  return loaderData.page ? <ServiceDetail page={loaderData.page} images={loaderData.images} /> : <NotFoundScreen />;
}
