import { data } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { ServiceDetail } from "~/features/site/components/service-detail";
import { loadServicePage } from "~/features/site-pages/pages.server";
import type { Route } from "./+types/services-commercial";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Commercial Engineering",
    description:
      "Structural engineering for residential, commercial and industrial projects: design, calculations, retrofit appraisals and construction support across the UK.",
    path: "/services/commercial",
    noIndex: args.loaderData?.preview,
  });

/** The published Services page's /services/commercial part (`?preview=` shows a draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers, ...page } = await loadServicePage(request, context, "commercialPage");
  return data(page, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ServicesCommercial({ loaderData }: Route.ComponentProps) {
  return <ServiceDetail page={loaderData.page} images={loaderData.images} />;
}
