import { ArrowRight, Building2, CheckCircle2, Compass, Leaf, ShieldCheck, Users } from "lucide-react";
import { data, Link } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { InsightCard } from "~/features/insights/components/insight-card";
import { listHomeInsights } from "~/features/insights/insights.server";
import { ProjectCard } from "~/features/projects/components/project-card";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { listHomeProjects } from "~/features/projects/projects.server";
import { pageMeta } from "~/features/seo/meta";
import { ApproachVideo } from "~/features/site/components/approach-video";
import { HeroSlideshow } from "~/features/site/components/hero-slideshow";
import { TEAM_IMAGES } from "~/features/site/components/media";
import { SiteImage } from "~/features/site/components/site-image";
import { figure, loadSitePages } from "~/features/site-pages/pages.server";
import { PartnerStrip } from "~/features/site/components/partner-strip";
import { SectionHeading } from "~/features/site/components/section-heading";
import { TestimonialColumns } from "~/features/site/components/testimonial-columns";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { fillFigures } from "~/features/site-pages/schemas";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    description: `London-based structural and humanitarian engineering consultancy. Resilient, sustainable buildings and infrastructure for developers, governments and NGOs in ${args.loaderData?.countries.value ?? "20+"} countries.`,
    path: "/",
    noIndex: args.loaderData?.preview,
    keywords: ["structural engineering", "humanitarian engineering", "disaster resilience", "London engineering consultancy"],
  });

/** Testimonials the home page's three columns show at most. */
const HOME_TESTIMONIALS = 9;

/** The hero's generated placeholder images and the home about image (16:9, 640 and 1280 wide in the about block). */
const HERO_IMAGES = { folder: "/media/hero/", widths: [640, 1280] };

/**
 * The Home page as published (`?preview=` shows a draft): hero slides, texts, partner
 * strip, figures, the founders (About) and the testimonials shown on home. Projects and insights:
 * the latest 3 published, or the ones chosen on the Home page. A
 * failed read is logged and gives an empty list, so the section shows its empty text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await loadSitePages(request, ["home", "about", "testimonials"]);
  const { home } = site.pages;
  const [projects, insights] = await Promise.all([
    loadOrDegrade(context, () => listHomeProjects(home.projects), [], "home: failed to load latest projects"),
    loadOrDegrade(context, () => listHomeInsights(home.insights), [], "home: failed to load latest insights"),
  ]);
  const people = site.pages.about.team.people;
  const testimonials = site.pages.testimonials.testimonials.filter((t) => t.showOnHome).slice(0, HOME_TESTIMONIALS);
  const images = await loadOrDegrade(
    context,
    () =>
      resolveImages([
        ...projects.map((p) => p.image),
        ...insights.map((i) => i.heroImage),
        ...people.map((p) => p.photo.src),
        ...testimonials.map((t) => t.photo.src),
        ...home.hero.slides.map((s) => s.image.src),
        home.about.image.src,
      ]),
    {} as ImageMap,
    "home: failed to resolve images",
  );
  const { figures } = site;
  return data(
    {
      home: { ...home, hero: { ...home.hero, intro: fillFigures(home.hero.intro, figures) } },
      projects,
      insights,
      images,
      people,
      testimonials,
      heroFigures: home.hero.figures.map((key) => figure(figures, key)),
      aboutFigure: figure(figures, home.about.figure),
      headline: home.team.figures.map((key) => figure(figures, key)),
      countries: figure(figures, "countries"),
      preview: site.preview,
    },
    { headers: site.headers },
  );
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * Below-the-fold sections skip style, layout and paint until they near the viewport
 * (`content-visibility: auto`), which shortens the first render and hydration's layout work. The
 * placeholder heights are rough mobile sizes; `auto` keeps the real height once rendered.
 */
const belowFold = {
  services: "[content-visibility:auto] [contain-intrinsic-size:auto_1500px]",
  about: "[content-visibility:auto] [contain-intrinsic-size:auto_1100px]",
  approach: "[content-visibility:auto] [contain-intrinsic-size:auto_1200px]",
  projects: "[content-visibility:auto] [contain-intrinsic-size:auto_1600px]",
  insights: "[content-visibility:auto] [contain-intrinsic-size:auto_1600px]",
  team: "[content-visibility:auto] [contain-intrinsic-size:auto_2000px]",
  testimonials: "[content-visibility:auto] [contain-intrinsic-size:auto_1000px]",
};

const serviceIcons = [Building2, ShieldCheck];
const pillarIcons = [Compass, Leaf, ShieldCheck];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, projects, insights, images, people, testimonials, heroFigures, aboutFigure, headline } = loaderData;

  return (
    <>
      {/* 1. Hero */}
      <section aria-labelledby="hero-heading" className="relative isolate">
        <div className="relative flex min-h-[36rem] items-center overflow-hidden bg-ink lg:min-h-[calc(100dvh-4.5rem-8.5rem)]">
          <HeroSlideshow slides={home.hero.slides} images={images} />
          <div className="relative mx-auto w-full max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
            <div className="max-w-3xl">
              <p className="inline-flex items-center gap-2 rounded-full border border-teal-300/40 bg-white/10 px-4 py-1.5 text-sm font-medium text-teal-50 backdrop-blur">
                <span className="size-2 rounded-full bg-teal-300" aria-hidden="true" />
                {home.hero.badge}
              </p>
              <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl">
                {home.hero.headline}
              </h1>
              <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-100">{home.hero.intro}</p>
              <div className="mt-9 flex flex-col gap-3 sm:flex-row">
                <Link
                  to="/book-consultation"
                  className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-teal-400 px-6 text-base font-semibold text-ink hover:bg-teal-300"
                >
                  Book Free Consultation
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
                <Link
                  to="/projects"
                  className="inline-flex h-12 items-center justify-center rounded-md border border-white/50 px-6 text-base font-semibold text-white hover:bg-white/10"
                >
                  View Our Work
                </Link>
              </div>
              <dl className="mt-12 grid max-w-lg grid-cols-3 gap-6 border-t border-white/20 pt-6">
                {heroFigures.map((figure, i) => (
                  <div key={`${i}-${figure.label}`} className="flex flex-col">
                    <dt className="text-sm text-slate-200">{figure.label}</dt>
                    <dd className="order-first text-2xl font-bold text-white sm:text-3xl">{figure.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
        <PartnerStrip {...home.partners} />
      </section>

      {/* 2. Services */}
      <section aria-labelledby="services-heading" className={`${belowFold.services} bg-muted/60 px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="services-heading"
            eyebrow={home.services.eyebrow}
            title={home.services.title}
            description={home.services.description || undefined}
          />
          <div className="mt-14 grid gap-8 lg:grid-cols-2">
            {home.services.cards.map((card, i) => {
              const Icon = serviceIcons[i] ?? Building2;
              return (
                <Link
                  key={`${i}-${card.href}`}
                  to={card.href}
                  className="group flex flex-col rounded-2xl border bg-white p-8 shadow-sm transition-shadow hover:shadow-lg lg:p-10"
                >
                  <span className="flex size-14 items-center justify-center rounded-xl bg-primary text-white">
                    <Icon className="size-7" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-2xl font-bold text-foreground">{card.title}</h3>
                  <p className="mt-3 text-slate-600">{card.description}</p>
                  <ul className="mt-6 space-y-4">
                    {card.points.map((point, j) => (
                      <li key={`${j}-${point.title}`} className="flex gap-3">
                        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                        <span>
                          <span className="block font-semibold text-foreground">{point.title}</span>
                          <span className="text-sm text-slate-600">{point.text}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                  <span className="mt-8 inline-flex items-center gap-2 font-semibold text-primary">
                    Explore {card.title}
                    <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                  </span>
                </Link>
              );
            })}
          </div>
        </div>
      </section>

      {/* 3. About us */}
      <section aria-labelledby="about-heading" className={`${belowFold.about} px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2 lg:gap-20">
          <div className="relative">
            <SiteImage
              image={home.about.image}
              images={images}
              generated={HERO_IMAGES}
              sizes="(min-width: 1024px) 600px, 100vw"
              width={1280}
              height={720}
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
            />
            <div className="absolute -bottom-6 right-4 rounded-xl bg-primary px-6 py-5 text-white shadow-lg sm:right-8">
              <p className="text-3xl font-bold">{aboutFigure.value}</p>
              <p className="text-sm text-teal-50">{aboutFigure.label}</p>
            </div>
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{home.about.eyebrow}</p>
            <h2 id="about-heading" className="mt-3 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
              {home.about.title}
            </h2>
            {home.about.paragraphs.map((paragraph, i) => (
              <p key={i} className={`${i === 0 ? "mt-6" : "mt-4"} leading-relaxed text-slate-600`}>
                {paragraph}
              </p>
            ))}
            <Link
              to="/about"
              className="mt-8 inline-flex h-12 items-center gap-2 rounded-md bg-primary px-6 font-semibold text-white hover:bg-teal-800"
            >
              More about us
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      {/* 4. Approach */}
      <section aria-labelledby="approach-heading" className={`${belowFold.approach} bg-ink px-4 py-20 text-white sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-teal-300">{home.approach.eyebrow}</p>
            <h2 id="approach-heading" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
              {home.approach.title}
            </h2>
            <p className="mt-5 leading-relaxed text-slate-200">{home.approach.intro}</p>
            <ul className="mt-10 space-y-8">
              {home.approach.pillars.map((pillar, i) => {
                const Icon = pillarIcons[i] ?? Compass;
                return (
                  <li key={`${i}-${pillar.title}`} className="flex gap-5">
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-teal-400/15 text-teal-300 ring-1 ring-teal-300/30">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <div>
                      <h3 className="text-lg font-semibold">{pillar.title}</h3>
                      <p className="mt-1 text-slate-300">{pillar.description}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
          <ApproachVideo />
        </div>
      </section>

      {/* 5. Latest projects */}
      <section aria-labelledby="projects-heading" className={`${belowFold.projects} px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto max-w-7xl">
          <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
            <SectionHeading id="projects-heading" eyebrow={home.projects.eyebrow} title={home.projects.title} align="left" />
            <Link to="/projects" className="inline-flex items-center gap-2 text-sm font-bold tracking-wide text-primary hover:underline">
              VIEW ALL PROJECTS
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          {projects.length ? (
            <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {projects.map((project) => (
                <li key={project.id}>
                  <ProjectCard project={project} picture={project.image ? images[project.image] : undefined} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-12 rounded-xl border border-dashed p-10 text-center text-slate-600">No projects available</p>
          )}
        </div>
      </section>

      {/* 6. Latest insights */}
      <section aria-labelledby="insights-heading" className={`${belowFold.insights} bg-muted/60 px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto max-w-7xl">
          <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
            <SectionHeading id="insights-heading" eyebrow={home.insights.eyebrow} title={home.insights.title} align="left" />
            <Link to="/insights" className="inline-flex items-center gap-2 text-sm font-semibold text-primary hover:underline">
              View all blogs
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          {insights.length ? (
            <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {insights.map((insight) => (
                <li key={insight.id}>
                  <InsightCard insight={insight} picture={images[insight.heroImage]} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-12 rounded-xl border border-dashed bg-white p-10 text-center text-slate-600">No insights available</p>
          )}
        </div>
      </section>

      {/* 7. Team */}
      <section aria-labelledby="team-heading" className={`${belowFold.team} px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="team-heading"
            eyebrow={home.team.eyebrow}
            title={home.team.title}
            description={home.team.description || undefined}
          />
          <div className="mt-14 grid gap-8 lg:grid-cols-[1fr_1fr_0.8fr]">
            {people.slice(0, 2).map((founder, i) => (
              <article key={`${i}-${founder.name}`} className="overflow-hidden rounded-2xl border bg-white shadow-sm">
                <SiteImage
                  image={founder.photo}
                  images={images}
                  generated={TEAM_IMAGES}
                  sizes="(min-width: 1024px) 420px, (min-width: 640px) 600px, 100vw"
                  width={800}
                  height={1000}
                  className="aspect-[4/3] w-full object-cover object-top"
                />
                <div className="p-6">
                  <h3 className="text-xl font-bold text-foreground">{founder.name}</h3>
                  <p className="mt-1 text-sm font-medium text-primary">{founder.role}</p>
                  <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{founder.bio}</p>
                </div>
              </article>
            ))}
            <div className="grid gap-6">
              {headline.map((figure, i) => (
                <div key={`${i}-${figure.label}`} className="flex flex-col justify-center rounded-2xl bg-primary p-8 text-white">
                  <p className="text-5xl font-bold tracking-tight">{figure.value}</p>
                  <p className="mt-2 text-teal-50">{figure.label}</p>
                </div>
              ))}
              <Link
                to="/about"
                className="inline-flex items-center justify-center gap-2 rounded-2xl border-2 border-primary p-5 font-semibold text-primary hover:bg-accent"
              >
                <Users className="size-5" aria-hidden="true" />
                Meet the team
              </Link>
            </div>
          </div>
        </div>
      </section>

      {/* 8. Testimonials */}
      <section aria-labelledby="testimonials-heading" className={`${belowFold.testimonials} bg-muted/60 px-4 py-20 sm:px-6 lg:px-8 lg:py-28`}>
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="testimonials-heading"
            eyebrow={home.testimonials.eyebrow}
            title={home.testimonials.title}
            description={home.testimonials.description || undefined}
          />
          <div className="mt-14">
            <TestimonialColumns testimonials={testimonials} images={images} />
          </div>
        </div>
      </section>

      {/* 9. Closing call to action */}
      <CtaSection
        title="Get your free consultation"
        description={home.cta.description}
        primary={{ label: "BOOK FREE CALL", href: "/book-consultation" }}
        secondary={{ label: "VIEW PROJECTS", href: "/projects" }}
      />
    </>
  );
}
