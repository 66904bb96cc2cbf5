import { NotFoundScreen } from "~/features/site/components/not-found-screen";
import { ServiceDetail, serviceDetailMeta } from "~/features/site/components/service-detail";
import { loadServiceDetail } from "~/features/site-pages/service-page.server";
import { dataHeaders } from "~/utils/headers";
import type { Route } from "./+types/services-commercial";

export const meta: Route.MetaFunction = (args) => serviceDetailMeta(args, "commercial");

/**
 * The published Services page's /services/commercial part (`?preview=` shows a draft), and at
 * /fr/services/commercial ... its translation where the Services page is published in that offered
 * language (ADR 33), else the "Page Not Found" view with HTTP 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadServiceDetail(request, context, params.lang, "commercial");
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export const headers = dataHeaders;

export default function ServicesCommercial({ loaderData }: Route.ComponentProps) {
  return loaderData.page ? <ServiceDetail page={loaderData.page} images={loaderData.images} /> : <NotFoundScreen />;
}
