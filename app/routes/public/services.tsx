import { ArrowRight, CheckCircle2 } from "lucide-react";
import { data, Link } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { pageMeta } from "~/features/seo/meta";
import { PageHero } from "~/features/site/components/page-hero";
import { SiteImage } from "~/features/site/components/site-image";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { figure, loadSitePages } from "~/features/site-pages/pages.server";
import { SectionHeading } from "~/features/site/components/section-heading";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/services";
import { PageSection } from "~/features/site/components/page-section";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Services",
    description:
      "Commercial structural engineering and humanitarian disaster-resilience engineering: design, assessment, project management and capacity building.",
    path: "/services",
    noIndex: args.loaderData?.preview,
  });

/** The generated placeholders a pillar image may be (16:9, 640 and 1280 wide). */
const PILLAR_IMAGES = { folder: "/media/hero/", widths: [640, 1280] };

/** Where each pillar's "Explore" link goes (spec /services: "a link to its page"). */
const PILLAR_PAGES = [
  { key: "commercial", href: "/services/commercial" },
  { key: "humanitarian", href: "/services/humanitarian" },
] as const;

/**
 * The published Services page (`?preview=` shows a draft): header, both pillars with
 * their stats (company figures, stated once), the process and the call to action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pages, figures, preview, headers } = await loadSitePages(request, ["services"]);
  const { services } = pages;
  const pillars = PILLAR_PAGES.map(({ key, href }) => ({
    key,
    href,
    ...services[key],
    stats: services[key].stats.map((stat) => ({ label: stat.label, value: figure(figures, stat.figure).value })),
  }));
  const images = await loadOrDegrade(
    context,
    () => resolveImages([services.hero.image.src, ...pillars.map((p) => p.image.src)]),
    {} as ImageMap,
    "services: failed to resolve images",
  );
  return data({ hero: services.hero, pillars, process: services.process, cta: services.cta, images, preview }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { hero, pillars, process, cta, images } = loaderData;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} description={hero.description} image={hero.image.src || undefined} images={images} />

      <PageSection label="Service pillars" containerClassName="space-y-24">
        {pillars.map((pillar, i) => (
          <article key={pillar.key} aria-labelledby={`pillar-${pillar.key}`} className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
            <div className={cn(i % 2 === 1 && "lg:order-last")}>
              {pillar.image.src ? (
                <SiteImage
                  image={pillar.image}
                  images={images}
                  generated={PILLAR_IMAGES}
                  sizes="(min-width: 1024px) 600px, 100vw"
                  width={1280}
                  height={720}
                  className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
                />
              ) : null}
              <dl className="mt-6 grid grid-cols-3 gap-3">
                {pillar.stats.map((stat, j) => (
                  <div key={`${j}-${stat.label}`} className="flex flex-col rounded-xl bg-accent p-4 text-center">
                    <dt className="text-sm text-accent-foreground">{stat.label}</dt>
                    <dd className="order-first text-3xl font-bold text-primary">{stat.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div>
              <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{pillar.tagline}</p>
              <h2 id={`pillar-${pillar.key}`} className="mt-3 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
                {pillar.title}
              </h2>
              <p className="mt-5 leading-relaxed text-slate-600">{pillar.description}</p>
              <div className="mt-8 grid gap-8 sm:grid-cols-2">
                <div>
                  <h3 className="text-sm font-semibold uppercase tracking-wider text-foreground">Core services</h3>
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
                  <h3 className="text-sm font-semibold uppercase tracking-wider text-foreground">Project types</h3>
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
                Explore {pillar.title}
                <ArrowRight className="size-4" aria-hidden="true" />
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
                  <span className="sr-only">Step {number}: </span>
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
        primary={{ label: "Book Free Consultation", href: "/book-consultation" }}
        secondary={{ label: "View Our Projects", href: "/projects" }}
      />
    </>
  );
}
