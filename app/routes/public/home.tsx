/**
 * `/` (and `/fr`, `/ar` ... where the Home page is published in that offered language; ADR 33):
 * the home page. `loadHomePage` reads the Home page as published (`?preview=` shows a draft, or a
 * translation's working copy with a link signed for it) and what it lists; `HomeScreen` draws it.
 * Any other single segment (`/foo`), a language not offered, or a language the page is not
 * published in is the "Page Not Found" view with HTTP 404.
 */
import { data } from "react-router";
import { HomeScreen } from "~/features/home/components/home-screen";
import { loadHomePage } from "~/features/home/home.server";
import { localizedPageMeta } from "~/features/seo/meta";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { sitePageLanguages } from "~/features/site-pages/pages.server";
import { DEFAULT_LANGUAGE, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.page) return notFoundMeta(args);
  const countries = args.loaderData.page.countries.value || "20+";
  return localizedPageMeta(args, {
    description: (_, { locale }) =>
      locale === DEFAULT_LANGUAGE
        ? `London-based structural and humanitarian engineering consultancy. Resilient, sustainable buildings and infrastructure for developers, governments and NGOs in ${countries} countries.`
        : m.home_meta_description({ countries }, { locale }),
    path: "/",
    noIndex: args.loaderData.preview,
    keywords: ["structural engineering", "humanitarian engineering", "disaster resilience", "London engineering consultancy"],
    pageLanguages: args.loaderData.pageLanguages,
  });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  const notFound = { page: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404 });
  const { page, found, headers } = await loadHomePage(request, context, language);
  if (!found) return data(notFound, { status: 404, headers });
  const pageLanguages = page.preview ? [] : await sitePageLanguages("home", "/", (await getSiteSettings()).offeredLanguages);
  return data({ page, preview: page.preview, pageLanguages }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.page ? <HomeScreen data={loaderData.page} /> : <NotFoundScreen />;
}
