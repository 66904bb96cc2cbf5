/**
 * The home page's screen (`/`), drawn from `loadHomePage`'s data (`home.server.ts`). The hero is
 * above the fold; every other section renders lazily (`belowFold`).
 */
import { ArrowRight, Building2, CheckCircle2, Compass, Leaf, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { InsightCard } from "~/features/insights/components/insight-card";
import { ProjectCard } from "~/features/projects/components/project-card";
import { ApproachVideo } from "~/features/site/components/approach-video";
import { Portrait } from "~/features/site/components/founder-profile";
import { HeroSlideshow } from "~/features/site/components/hero-slideshow";
import { BESIDE_TEXT_IMAGES, BESIDE_TEXT_PICTURE } from "~/features/site/components/media";
import { PartnerStrip } from "~/features/site/components/partner-strip";
import { PrimaryLink } from "~/features/site/components/primary-link";
import { SectionHeading } from "~/features/site/components/section-heading";
import { SiteImage } from "~/features/site/components/site-image";
import { useNavHref } from "~/features/site/root-data";
import { TestimonialColumns } from "~/features/site/components/testimonial-columns";
import { cn } from "~/utils/cn";
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { HomePageData } from "../home.server";
import { PageSection } from "~/features/site/components/page-section";
import { FigureList } from "~/components/figure-list";

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

/**
 * The home page: hero, services, about, approach, latest projects and insights, team and
 * testimonials, then the call to action.
 */
export function HomeScreen({ data }: { data: HomePageData }) {
  const { home, projects, insights, images, people, testimonials, heroFigures, aboutFigure, headline, aboutHref } = data;
  const language = usePageLanguage();
  const locale = { locale: language };
  const href = useNavHref();
  const bookHref = href("/book-consultation");

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
                  to={bookHref}
                  className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-teal-400 px-6 text-base font-semibold text-ink hover:bg-teal-300"
                >
                  {m.home_book({}, locale)}
                  <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
                <Link
                  to={href("/projects")}
                  className="inline-flex h-12 items-center justify-center rounded-md border border-white/50 px-6 text-base font-semibold text-white hover:bg-white/10"
                >
                  {m.home_view_work({}, locale)}
                </Link>
              </div>
              <FigureList
                items={heroFigures}
                className="mt-12 grid max-w-lg grid-cols-3 gap-6 border-t border-white/20 pt-6"
                itemClassName="flex flex-col"
                labelClassName="text-sm text-slate-200"
                valueClassName="order-first text-2xl font-bold text-white sm:text-3xl"
              />
            </div>
          </div>
        </div>
        <PartnerStrip {...home.partners} />
      </section>

      {/* 2. Services */}
      <PageSection labelledBy="services-heading" tone="muted" className={belowFold.services}>
        <SectionHeading id="services-heading" eyebrow={home.services.eyebrow} title={home.services.title} description={home.services.description} />
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
                  {m.home_explore({ title: card.title }, locale)}
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-1 rtl:-scale-x-100 rtl:group-hover:-translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            );
          })}
        </div>
      </PageSection>

      {/* 3. About us */}
      <PageSection labelledBy="about-heading" className={belowFold.about} containerClassName="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="relative">
          <SiteImage
            image={home.about.image}
            images={images}
            generated={BESIDE_TEXT_IMAGES}
            {...BESIDE_TEXT_PICTURE}
            className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
          />
          <div className="absolute -bottom-6 end-4 rounded-xl bg-primary px-6 py-5 text-white shadow-lg sm:end-8">
            <p className="text-3xl font-bold">
              <bdi dir="ltr">{aboutFigure.value}</bdi>
            </p>
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
          <PrimaryLink to={aboutHref} className="mt-8">
            {m.home_more_about({}, locale)}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </PrimaryLink>
        </div>
      </PageSection>

      {/* 4. Approach */}
      <PageSection labelledBy="approach-heading" tone="ink" className={belowFold.approach} containerClassName="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
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
      </PageSection>

      {/* 5. Latest projects */}
      <LatestSection
        id="projects"
        className={belowFold.projects}
        heading={home.projects}
        link={{ to: href("/projects"), label: m.home_view_all_projects({}, locale), className: "font-bold tracking-wide" }}
        empty={m.home_no_projects({}, locale)}
        cards={projects.map((project) => ({
          key: project.id,
          card: <ProjectCard project={project} picture={project.image ? images[project.image] : undefined} language={language} />,
        }))}
      />

      {/* 6. Latest insights */}
      <LatestSection
        id="insights"
        tone="muted"
        className={belowFold.insights}
        heading={home.insights}
        link={{ to: href("/insights"), label: m.home_view_all_blogs({}, locale), className: "font-semibold" }}
        empty={m.home_no_insights({}, locale)}
        cards={insights.map((insight) => ({ key: insight.id, card: <InsightCard insight={insight} picture={images[insight.heroImage]} language={language} /> }))}
      />

      {/* 7. Team */}
      <PageSection labelledBy="team-heading" className={belowFold.team}>
        <SectionHeading id="team-heading" eyebrow={home.team.eyebrow} title={home.team.title} description={home.team.description} />
        <div className="mt-14 grid gap-8 lg:grid-cols-[1fr_1fr_0.8fr]">
          {people.slice(0, 2).map((founder, i) => (
            <article key={`${i}-${founder.name}`} className="overflow-hidden rounded-2xl border bg-white shadow-sm">
              <Portrait
                person={founder}
                images={images}
                sizes="(min-width: 1024px) 420px, (min-width: 640px) 600px, 100vw"
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
                <p className="text-5xl font-bold tracking-tight">
                  <bdi dir="ltr">{figure.value}</bdi>
                </p>
                <p className="mt-2 text-teal-50">{figure.label}</p>
              </div>
            ))}
            <Link
              to={aboutHref}
              className="inline-flex items-center justify-center gap-2 rounded-2xl border-2 border-primary p-5 font-semibold text-primary hover:bg-accent"
            >
              <Users className="size-5" aria-hidden="true" />
              {m.home_meet_team({}, locale)}
            </Link>
          </div>
        </div>
      </PageSection>

      {/* 8. Testimonials */}
      <PageSection labelledBy="testimonials-heading" tone="muted" className={belowFold.testimonials}>
        <SectionHeading id="testimonials-heading" eyebrow={home.testimonials.eyebrow} title={home.testimonials.title} description={home.testimonials.description} />
        <div className="mt-14">
          <TestimonialColumns testimonials={testimonials} images={images} />
        </div>
      </PageSection>

      {/* 9. Closing call to action */}
      <CtaSection
        title={m.home_cta_title({}, locale)}
        description={home.cta.description}
        primary={{ label: m.home_cta_book({}, locale), href: bookHref }}
        secondary={{ label: m.home_cta_projects({}, locale), href: href("/projects") }}
      />
    </>
  );
}

/**
 * A "latest" band of the home page: its heading with a link to the whole list, then the cards
 * (three at most, newest first, as the loader gives them), or `empty` when there are none.
 */
function LatestSection({
  id,
  tone,
  className,
  heading,
  link,
  empty,
  cards,
}: {
  id: string;
  tone?: "muted";
  className: string;
  heading: { eyebrow: string; title: string };
  link: { to: string; label: string; className: string };
  empty: string;
  cards: Array<{ key: string; card: React.ReactNode }>;
}) {
  return (
    <PageSection labelledBy={`${id}-heading`} tone={tone} className={className}>
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SectionHeading id={`${id}-heading`} eyebrow={heading.eyebrow} title={heading.title} align="left" />
        <Link to={link.to} className={cn("inline-flex items-center gap-2 text-sm text-primary hover:underline", link.className)}>
          {link.label}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </div>
      {cards.length ? (
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ key, card }) => (
            <li key={key}>{card}</li>
          ))}
        </ul>
      ) : (
        <p className={cn("mt-12 rounded-xl border border-dashed p-10 text-center text-slate-600", tone === "muted" && "bg-white")}>{empty}</p>
      )}
    </PageSection>
  );
}
