import { commercialPage } from "~/content/services";
import { pageMeta } from "~/features/seo/meta";
import { ServiceDetail } from "~/features/site/components/service-detail";
import type { Route } from "./+types/services-commercial";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Commercial Engineering",
    description:
      "Structural engineering for residential, commercial and industrial projects: design, calculations, retrofit appraisals and construction support across the UK.",
    path: "/services/commercial",
  });

export default function ServicesCommercial() {
  return <ServiceDetail page={commercialPage} eyebrow="Commercial services" />;
}
