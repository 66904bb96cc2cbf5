import { ArrowRight, CheckCircle2 } from "lucide-react";
import { data, Link } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { BESIDE_TEXT_IMAGES, BESIDE_TEXT_PICTURE } from "~/features/site/components/media";
import { localizedPageMeta } from "~/features/seo/meta";
import { PageHero } from "~/features/site/components/page-hero";
import { SiteImage } from "~/features/site/components/site-image";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { figure, loadSitePages, sitePageLanguages } from "~/features/site-pages/pages.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { useNavHref } from "~/features/site/root-data";
import { DEFAULT_LANGUAGE, localizedPath, usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { SectionHeading } from "~/features/site/components/section-heading";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/services";
import { PageSection } from "~/features/site/components/page-section";
import { FigureList } from "~/components/figure-list";

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.hero) return notFoundMeta(args);
  const { preview, pageLanguages } = args.loaderData;
  return localizedPageMeta(args, { title: m.services_meta_title, description: m.services_meta_description, path: "/services", noIndex: preview, pageLanguages });
};

/** Where each pillar's "Explore" link goes (spec /services: "a link to its page"). */
const PILLAR_PAGES = [
  { key: "commercial", href: "/services/commercial" },
  { key: "humanitarian", href: "/services/humanitarian" },
] as const;

/**
 * The published Services page (`?preview=` shows a draft): header, both pillars with
 * their stats (company figures, stated once), the process and the call to action. At
 * /fr/services ... its translation where it is published in that offered language (ADR 33; the
 * pillars then link to the service pages in it), else the "Page Not Found" view with HTTP 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  const notFound = { hero: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404 });
  const { pages, figures, preview, translated, headers } = await loadSitePages(request, ["services"], new Date(), language);
  if (language !== DEFAULT_LANGUAGE && !translated.has("services")) return data(notFound, { status: 404, headers });
  const { services } = pages;
  const pillars = PILLAR_PAGES.map(({ key, href }) => ({
    key,
    href: localizedPath(href, language),
    ...services[key],
    stats: services[key].stats.map((stat) => ({ label: stat.label, value: figure(figures, stat.figure).value })),
  }));
  const images = await loadOrDegrade(
    context,
    () => resolveImages([services.hero.image.src, ...pillars.map((p) => p.image.src)]),
    {} as ImageMap,
    "services: failed to resolve images",
  );
  const pageLanguages = preview ? [] : await sitePageLanguages("services", "/services", (await getSiteSettings()).offeredLanguages);
  return data({ hero: services.hero, pillars, process: services.process, cta: services.cta, images, preview, pageLanguages }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  const linkTo = useNavHref();
  if (!loaderData.hero) return <NotFoundScreen />;
  const { hero, pillars, process, cta, images } = loaderData;
  const locale = { locale: language };
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} description={hero.description} image={hero.image.src || undefined} images={images} />

      <PageSection label={m.services_pillars({}, locale)} containerClassName="space-y-24">
        {pillars.map((pillar, i) => (
          <article key={pillar.key} aria-labelledby={`pillar-${pillar.key}`} className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
            <div className={cn(i % 2 === 1 && "lg:order-last")}>
              {pillar.image.src ? (
                <SiteImage
                  image={pillar.image}
                  images={images}
                  generated={BESIDE_TEXT_IMAGES}
                  {...BESIDE_TEXT_PICTURE}
                  className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
                />
              ) : null}
              <FigureList
                items={pillar.stats}
                className="mt-6 grid grid-cols-3 gap-3"
                itemClassName="flex flex-col rounded-xl bg-accent p-4 text-center"
                labelClassName="text-sm text-accent-foreground"
                valueClassName="order-first text-3xl font-bold text-primary"
              />
            </div>
            <div>
              <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{pillar.tagline}</p>
              <h2 id={`pillar-${pillar.key}`} className="mt-3 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
                {pillar.title}
              </h2>
              <p className="mt-5 leading-relaxed text-slate-600">{pillar.description}</p>
              <div className="mt-8 grid gap-8 sm:grid-cols-2">
                <div>
                  <h3 className="text-sm font-semibold uppercase tracking-wider text-foreground">{m.services_core({}, locale)}</h3>
                  <ul className="mt-4 space-y-3">
                    {pillar.features.map((feature, j) => (
                      <li key={`${j}-${feature}`} className="flex gap-2.5 text-sm text-slate-700">
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h3 className="text-sm font-semibold uppercase tracking-wider text-foreground">{m.services_project_types({}, locale)}</h3>
                  <ul className="mt-4 flex flex-wrap gap-2">
                    {pillar.projects.map((type, j) => (
                      <li key={`${j}-${type}`} className="rounded-full border border-teal-200 bg-accent px-3 py-1.5 text-sm text-accent-foreground">
                        {type}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
              <Link
                to={pillar.href}
                className="mt-10 inline-flex min-h-12 items-center gap-2 rounded-md bg-primary px-6 py-3 font-semibold text-white hover:bg-teal-800"
              >
                {m.home_explore({ title: pillar.title }, locale)}
                <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              </Link>
            </div>
          </article>
        ))}
      </PageSection>

      <PageSection labelledBy="process-heading" tone="muted">
        <SectionHeading id="process-heading" eyebrow={process.eyebrow} title={process.title} description={process.description || undefined} />
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {process.steps.map((step, i) => {
            const number = String(i + 1).padStart(2, "0");
            return (
              <li key={`${i}-${step.title}`} className="relative rounded-2xl border bg-white p-7 shadow-sm">
                <span className="text-5xl font-bold text-primary" aria-hidden="true">
                  {number}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-foreground">
                  <span className="sr-only">{m.services_step({ number }, locale)}</span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.description}</p>
              </li>
            );
          })}
        </ol>
      </PageSection>

      <CtaSection
        title={cta.title}
        description={cta.description}
        primary={{ label: m.home_book({}, locale), href: linkTo("/book-consultation") }}
        secondary={{ label: m.about_cta_projects({}, locale), href: linkTo("/projects") }}
      />
    </>
  );
}
