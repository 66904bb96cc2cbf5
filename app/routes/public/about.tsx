import { Globe2, HeartHandshake, Lightbulb, Ruler, ShieldCheck, Users } from "lucide-react";
import { CtaSection } from "~/components/cta-section";
import { countriesPanel, expertiseAreas, values } from "~/content/about";
import { headlineFigures } from "~/content/figures";
import { founders } from "~/content/founders";
import { pageMeta } from "~/features/seo/meta";
import { FounderProfile } from "~/features/site/components/founder-profile";
import { PageHero } from "~/features/site/components/page-hero";
import { SectionHeading } from "~/features/site/components/section-heading";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description:
      "Meet the founders of our London engineering consultancy: chartered structural design and humanitarian infrastructure expertise across 17 countries.",
    path: "/about",
  });

const expertiseIcons = [Ruler, ShieldCheck, Globe2, Users, Lightbulb, HeartHandshake];
const valueIcons = [Ruler, HeartHandshake, Users, Lightbulb];

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Engineering that protects people and the places they depend on"
        description="We are a London-based consultancy with two connected practices: structural engineering for commercial clients, and disaster-resilient infrastructure for communities around the world."
        image="/media/hero/hero-1"
      >
        <dl className="mt-10 flex flex-wrap gap-x-10 gap-y-4">
          {headlineFigures.map((figure) => (
            <div key={figure.label} className="flex flex-col">
              <dt className="text-sm text-slate-200">{figure.label}</dt>
              <dd className="order-first text-3xl font-bold text-white">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section aria-labelledby="founders-heading" className="px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="founders-heading"
            eyebrow="Our founders"
            title="Meet the people behind the practice"
            description="Select an experience entry to read more about it."
          />
          <div className="mt-16 space-y-24">
            {founders.map((founder, i) => (
              <FounderProfile key={founder.slug} founder={founder} reverse={i % 2 === 1} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="expertise-heading" className="bg-muted/60 px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="expertise-heading"
            eyebrow="What we know"
            title="Areas of expertise"
            description="A compact team with deep experience in both commercial and humanitarian engineering."
          />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {expertiseAreas.map((area, i) => {
              const Icon = expertiseIcons[i] ?? Ruler;
              return (
                <li key={area.title} className="rounded-2xl border bg-white p-7 shadow-sm">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-foreground">{area.title}</h3>
                  <p className="mt-2 text-slate-600">{area.description}</p>
                </li>
              );
            })}
          </ul>

          <div className="mt-16 overflow-hidden rounded-3xl bg-ink p-8 text-white sm:p-12">
            <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:items-center">
              <div>
                <Globe2 className="size-10 text-teal-300" aria-hidden="true" />
                <h3 className="mt-4 text-2xl font-bold sm:text-3xl">{countriesPanel.heading}</h3>
                <p className="mt-3 text-slate-300">
                  From London to the Himalaya and the Caribbean, our engineers have designed, assessed and built alongside local partners.
                </p>
              </div>
              <ul className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Countries we have worked in">
                {countriesPanel.countries.map((country) => (
                  <li key={country} className="flex items-center gap-2 text-sm text-slate-100">
                    <span className="size-1.5 shrink-0 rounded-full bg-teal-300" aria-hidden="true" />
                    {country}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="px-4 py-20 sm:px-6 lg:px-8 lg:py-28">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="values-heading" eyebrow="Our values" title="What we stand for" />
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {values.map((value, i) => {
              const Icon = valueIcons[i] ?? Ruler;
              return (
                <li key={value.title} className="rounded-2xl border-t-4 border-primary bg-white p-7 shadow-sm ring-1 ring-slate-200">
                  <Icon className="size-8 text-primary" aria-hidden="true" />
                  <h3 className="mt-5 text-lg font-semibold text-foreground">{value.title}</h3>
                  <p className="mt-2 text-slate-600">{value.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <CtaSection
        title="Let's talk about your project"
        description="Book a free consultation with one of our founders, or browse the projects we have delivered."
        primary={{ label: "Book Free Consultation", href: "/book-consultation" }}
        secondary={{ label: "View Our Projects", href: "/projects" }}
      />
    </>
  );
}
