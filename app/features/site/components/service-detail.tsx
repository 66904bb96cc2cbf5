/**
 * The body of /services/commercial and /services/humanitarian, from the Services page of the site
 * studio: page hero, the categories with service lists, the points ('why choose' or principles,
 * numbered 01...), and the closing call to action.
 */
import { CheckCircle2 } from "lucide-react";
import { CtaSection } from "~/components/cta-section";
import type { ImageMap } from "~/features/media/resolve.server";
import type { ServiceDetailContent } from "~/features/site-pages/schemas";
import { PageHero } from "./page-hero";
import { SectionHeading } from "./section-heading";
import { PageSection } from "./page-section";
import { useNavHref } from "~/features/site/root-data";
import { localizedPageMeta, type PageWords } from "~/features/seo/meta";
import { type PageInLanguage, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { notFoundMeta } from "./not-found-screen";

/** Each service page's English path and the words of its head. */
const SERVICE_HEADS: Record<"commercial" | "humanitarian", { path: string; title: PageWords; description: PageWords }> = {
  commercial: { path: "/services/commercial", title: m.services_commercial_meta_title, description: m.services_commercial_meta_description },
  humanitarian: { path: "/services/humanitarian", title: m.services_humanitarian_meta_title, description: m.services_humanitarian_meta_description },
};

/**
 * The head of /services/commercial or /services/humanitarian in the address's language (not
 * indexed when a preview), or the "Page Not Found" head where the loader found no page.
 */
export function serviceDetailMeta(
  args: Parameters<typeof notFoundMeta>[0] & { loaderData?: { page: unknown; preview: boolean; pageLanguages: PageInLanguage[] } },
  service: keyof typeof SERVICE_HEADS,
) {
  if (!args.loaderData?.page) return notFoundMeta(args);
  const { preview, pageLanguages } = args.loaderData;
  return localizedPageMeta(args, { ...SERVICE_HEADS[service], noIndex: preview, pageLanguages });
}

/** A service page's body in the page's language (its words are the Services page's, in that language). */
export function ServiceDetail({ page, images }: { page: ServiceDetailContent; images: ImageMap }) {
  const language = usePageLanguage();
  const locale = { locale: language };
  const linkTo = useNavHref();
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} description={page.intro} image={page.image.src || undefined} images={images} />

      <PageSection labelledBy="categories-heading">
        <SectionHeading id="categories-heading" eyebrow={m.nav_services({}, locale)} title={page.categoriesHeading} />
        <div className="mt-14 grid gap-8 lg:grid-cols-3">
          {page.categories.map((category, i) => (
            <article key={`${i}-${category.title}`} className="flex flex-col rounded-2xl border bg-white p-8 shadow-sm">
              <h3 className="text-xl font-bold text-foreground">{category.title}</h3>
              <p className="mt-2 text-slate-600">{category.description}</p>
              <ul className="mt-6 space-y-3 border-t pt-6">
                {category.services.map((service, j) => (
                  <li key={`${j}-${service}`} className="flex gap-2.5 text-sm text-slate-700">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {service}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </PageSection>

      <PageSection labelledBy="points-heading" tone="ink">
        <SectionHeading id="points-heading" eyebrow={page.title} title={page.pointsHeading} inverse />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {page.points.map((point, i) => (
            <li key={`${i}-${point.title}`} className="rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
              <span className="text-sm font-bold text-teal-300" aria-hidden="true">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{point.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{point.description}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <CtaSection
        title={page.cta.title}
        description={page.cta.description}
        primary={{ label: m.home_book({}, locale), href: linkTo("/book-consultation") }}
        secondary={{ label: m.about_cta_projects({}, locale), href: linkTo("/projects") }}
      />
    </>
  );
}
