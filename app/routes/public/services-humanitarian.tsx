import { humanitarianPage } from "~/content/services";
import { pageMeta } from "~/features/seo/meta";
import { ServiceDetail } from "~/features/site/components/service-detail";
import type { Route } from "./+types/services-humanitarian";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Humanitarian Engineering",
    description:
      "Post-disaster recovery, risk assessment and mitigation, and community infrastructure for governments, NGOs and communities worldwide.",
    path: "/services/humanitarian",
  });

export default function ServicesHumanitarian() {
  return <ServiceDetail page={humanitarianPage} eyebrow="Humanitarian services" />;
}
