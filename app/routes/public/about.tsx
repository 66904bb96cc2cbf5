import { Globe2, HeartHandshake, Lightbulb, Ruler, ShieldCheck, Users } from "lucide-react";
import { CtaSection } from "~/components/cta-section";
import { data } from "react-router";
import { resolveImages } from "~/features/media/resolve.server";
import { pageMeta } from "~/features/seo/meta";
import { fillFigures } from "~/features/site-pages/schemas";
import { FounderProfile } from "~/features/site/components/founder-profile";
import { PageHero } from "~/features/site/components/page-hero";
import { SectionHeading } from "~/features/site/components/section-heading";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import { loadSitePages, sitePageLanguages } from "~/features/site-pages/pages.server";
import { useNavHref } from "~/features/site/root-data";
import { DEFAULT_LANGUAGE, languageInfo, languageOfPath, localizedPath, ogLocale, pageAlternates, usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/about";
import { PageSection } from "~/features/site/components/page-section";
import { FigureList } from "~/components/figure-list";

/**
 * The About page's content as staff published it in Admin > Site > About (at `/fr/about` ...,
 * its translation into that offered language where one is published, ADR 33; else the "Page Not
 * Found" view with HTTP 404), with the company figures it names and its library images;
 * `?preview={token}` shows the draft (or a translation's working copy).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  const notFound = { about: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data(notFound, { status: 404 });
  const { pages, figures, preview, translated, headers } = await loadSitePages(request, ["about"], new Date(), language);
  if (language !== DEFAULT_LANGUAGE && !translated.has("about")) return data(notFound, { status: 404, headers });
  const about = pages.about;
  const [images, pageLanguages] = await Promise.all([
    resolveImages(about.team.people.flatMap((p) => [p.photo.src, ...p.experience.flatMap((e) => e.media.map((item) => item.file.src))])),
    preview ? Promise.resolve([]) : getSiteSettings().then((settings) => sitePageLanguages("about", "/about", settings.offeredLanguages)),
  ]);
  return data({ about, figures, images, preview, pageLanguages }, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData?.about) return notFoundMeta(args);
  const { language } = languageOfPath(args.location.pathname);
  if (language === DEFAULT_LANGUAGE) {
    return pageMeta(args, {
      title: "About Us",
      description:
        "Meet the founders of our London engineering consultancy: chartered structural design and humanitarian infrastructure expertise across 17 countries.",
      path: "/about",
      noIndex: args.loaderData.preview,
      alternates: pageAlternates(args.loaderData.pageLanguages),
    });
  }
  return pageMeta(args, {
    title: m.about_meta_title({}, { locale: language }),
    description: args.loaderData.about.story.intro,
    path: localizedPath("/about", language),
    noIndex: args.loaderData.preview,
    ogLocale: ogLocale(language),
    alternates: pageAlternates(args.loaderData.pageLanguages),
  });
};

const expertiseIcons = [Ruler, ShieldCheck, Globe2, Users, Lightbulb, HeartHandshake];
const valueIcons = [Ruler, HeartHandshake, Users, Lightbulb];

export default function About({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  const linkTo = useNavHref();
  if (!loaderData.about) return <NotFoundScreen />;
  const { about, figures, images } = loaderData;
  const { story, team, expertise, countries, values } = about;
  const locale = { locale: language };
  return (
    <>
      <PageHero eyebrow={m.about_eyebrow({}, locale)} title={story.title} description={story.intro} image="/media/hero/hero-1-1280.webp">
        <FigureList
          items={story.figures.flatMap((key) => (figures[key] ? [figures[key]] : []))}
          className="mt-10 flex flex-wrap gap-x-10 gap-y-4"
          itemClassName="flex flex-col"
          labelClassName="text-sm text-slate-200"
          valueClassName="order-first text-3xl font-bold text-white"
        />
      </PageHero>

      <PageSection labelledBy="founders-heading">
        <SectionHeading
          id="founders-heading"
          eyebrow={m.about_founders({}, locale)}
          title={team.title}
          description={team.description}
        />
        <div className="mt-16 space-y-24">
          {team.people.map((person, i) => (
            <FounderProfile key={`${i}-${person.name}`} id={`person-${i + 1}`} person={person} figures={figures} images={images} reverse={i % 2 === 1} />
          ))}
        </div>
      </PageSection>

      <PageSection labelledBy="expertise-heading" tone="muted">
        <SectionHeading
          id="expertise-heading"
          eyebrow={m.about_expertise({}, locale)}
          title={expertise.title}
          description={expertise.description}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {expertise.areas.map((area, i) => {
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
              <h3 className="mt-4 text-2xl font-bold sm:text-3xl">{fillFigures(countries.heading, figures, languageInfo(language).dir)}</h3>
              {countries.intro ? <p className="mt-3 text-slate-300">{countries.intro}</p> : null}
            </div>
            <ul className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={m.about_countries_label({}, locale)}>
              {countries.list.map((country) => (
                <li key={country} className="flex items-center gap-2 text-sm text-slate-100">
                  <span className="size-1.5 shrink-0 rounded-full bg-teal-300" aria-hidden="true" />
                  {country}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </PageSection>

      <PageSection labelledBy="values-heading">
        <SectionHeading id="values-heading" eyebrow={m.about_values({}, locale)} title={values.title} />
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {values.items.map((value, i) => {
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
      </PageSection>

      <CtaSection
        title={m.about_cta_title({}, locale)}
        description={m.about_cta_description({}, locale)}
        primary={{ label: m.home_book({}, locale), href: linkTo("/book-consultation") }}
        secondary={{ label: m.about_cta_projects({}, locale), href: linkTo("/projects") }}
      />
    </>
  );
}
