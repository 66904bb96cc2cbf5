import { data } from "react-router";
import { pageMeta } from "~/features/seo/meta";
import { ServiceDetail } from "~/features/site/components/service-detail";
import { loadServicePage } from "~/features/site-pages/pages.server";
import type { Route } from "./+types/services-humanitarian";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Humanitarian Engineering",
    description:
      "Post-disaster recovery, risk assessment and mitigation, and community infrastructure for governments, NGOs and communities worldwide.",
    path: "/services/humanitarian",
    noIndex: args.loaderData?.preview,
  });

/** The published Services page's /services/humanitarian part (`?preview=` shows a draft). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { headers, ...page } = await loadServicePage(request, context, "humanitarianPage");
  return data(page, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ServicesHumanitarian({ loaderData }: Route.ComponentProps) {
  return <ServiceDetail page={loaderData.page} images={loaderData.images} />;
}
