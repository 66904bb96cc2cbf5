import { ArrowRight, CheckCircle2 } from "lucide-react";
import { data, Link } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { processSteps, servicePillars } from "~/content/services";
import { pageMeta } from "~/features/seo/meta";
import { srcSetFor } from "~/features/site/components/media";
import { figure, loadSitePages } from "~/features/site-pages/pages.server";
import { PageHero } from "~/features/site/components/page-hero";
import { SectionHeading } from "~/features/site/components/section-heading";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Services",
    description:
      "Commercial structural engineering and humanitarian disaster-resilience engineering: design, assessment, project management and capacity building.",
    path: "/services",
    noIndex: args.loaderData?.preview,
  });

/** The pillars' stats are company figures (issue 16), read from the published figures page. */
export async function loader({ request }: Route.LoaderArgs) {
  const { figures, preview, headers } = await loadSitePages(request, []);
  const stats = Object.fromEntries(
    servicePillars.map((p) => [p.key, { projects: figure(figures, p.stats.projects).value, countries: figure(figures, p.stats.countries).value, years: figure(figures, p.stats.years).value }]),
  );
  return data({ stats, preview }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Engineering services for buildings and communities"
        description="Two specialist practices share one team, one quality system and one goal: safe, efficient and resilient structures that serve people for generations."
        image="/media/hero/hero-2"
      />

      <section aria-label="Service pillars" className="px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="mx-auto max-w-7xl space-y-24">
          {servicePillars.map((pillar, i) => (
            <article
              key={pillar.key}
              aria-labelledby={`pillar-${pillar.key}`}
              className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16"
            >
              <div className={cn(i % 2 === 1 && "lg:order-last")}>
                <img
                  src={`${pillar.image}-1280.webp`}
                  srcSet={srcSetFor(pillar.image, [640, 1280])}
                  sizes="(min-width: 1024px) 600px, 100vw"
                  width={1280}
                  height={720}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
                />
                <dl className="mt-6 grid grid-cols-3 gap-3">
                  {[
                    { label: "Projects", value: stats[pillar.key]?.projects },
                    { label: "Countries", value: stats[pillar.key]?.countries },
                    { label: "Years", value: stats[pillar.key]?.years },
                  ].map((stat) => (
                    <div key={stat.label} className="flex flex-col rounded-xl bg-accent p-4 text-center">
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
                      {pillar.features.map((feature) => (
                        <li key={feature} className="flex gap-2.5 text-sm text-slate-700">
                          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                          {feature}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h3 className="text-sm font-semibold uppercase tracking-wider text-foreground">Project types</h3>
                    <ul className="mt-4 flex flex-wrap gap-2">
                      {pillar.projects.map((type) => (
                        <li key={type} className="rounded-full border border-teal-200 bg-accent px-3 py-1.5 text-sm text-accent-foreground">
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
        </div>
      </section>

      <section aria-labelledby="process-heading" className="bg-muted/60 px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="process-heading"
            eyebrow="How we work"
            title="Our process"
            description="A clear path from first conversation to long-term support, whatever the size of the project."
          />
          <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {processSteps.map((step) => (
              <li key={step.number} className="relative rounded-2xl border bg-white p-7 shadow-sm">
                <span className="text-5xl font-bold text-primary" aria-hidden="true">
                  {step.number}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-foreground">
                  <span className="sr-only">Step {step.number}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <CtaSection
        title="Ready to start your project?"
        description="Book a free consultation to discuss your brief, or see the kind of work we do."
        primary={{ label: "Book Free Consultation", href: "/book-consultation" }}
        secondary={{ label: "View Our Projects", href: "/projects" }}
      />
    </>
  );
}
