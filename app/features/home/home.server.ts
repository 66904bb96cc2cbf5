/**
 * What the home page shows (`/`): the Home page as published (`?preview=` shows a draft) with its
 * hero slides, texts, partner strip, figures, the founders (About) and the testimonials shown on
 * home, the projects and insights it lists, and every picture resolved.
 */
import type { AppLoadContext } from "react-router";
import { listHomeInsights } from "~/features/insights/insights.server";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { listHomeProjects } from "~/features/projects/projects.server";
import { figure, loadSitePages } from "~/features/site-pages/pages.server";
import { fillFigures } from "~/features/site-pages/schemas";
import { translateCards } from "~/features/translations/translations.server";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { formatArticleDateIn } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, localizedPath, type Language } from "~/utils/i18n";

/** Testimonials the home page's three columns show at most. */
const HOME_TESTIMONIALS = 9;

/**
 * The home page's data in `language` (`page`), whether it is published in that language
 * (`found`), and the headers to answer it with (`headers`: a preview is never cached or indexed).
 * In another language the project and article cards show each item's translation where one is
 * published (at its translated address), else the English item, with the article's date in that language. Projects and insights: the latest 3 published, or the ones chosen
 * on the Home page. A failed read is logged and gives an empty list, so the section shows its
 * empty text (a degraded render, never cached).
 */
export async function loadHomePage(request: Request, context: AppLoadContext, language: Language = DEFAULT_LANGUAGE) {
  const site = await loadSitePages(request, ["home", "about", "testimonials"], new Date(), language);
  const { home } = site.pages;
  const [projects, insights] = await Promise.all([
    loadOrDegrade(context, () => listHomeProjects(home.projects).then((cards) => translateCards("project", cards, language)), [], "home: failed to load latest projects"),
    loadOrDegrade(
      context,
      () =>
        listHomeInsights(home.insights)
          .then((cards) => translateCards("insight", cards, language))
          // Every card's date in the page's language, as the list pages write it.
          .then((cards) => (language === DEFAULT_LANGUAGE ? cards : cards.map((card) => ({ ...card, dateLabel: formatArticleDateIn(card.publishedDate, languageInfo(language).intl) ?? card.dateLabel })))),
      [],
      "home: failed to load latest insights",
    ),
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
  return {
    page: {
      home: { ...home, hero: { ...home.hero, intro: fillFigures(home.hero.intro, figures, languageInfo(language).dir) } },
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
      /** Where "More about us" and "Meet the team" go: the about page in this language where it is published in it, else the English one. */
      aboutHref: site.translated.has("about") ? localizedPath("/about", language) : "/about",
    },
    /** Whether the home page is published in `language` (always in English): else the route answers 404. */
    found: language === DEFAULT_LANGUAGE || site.translated.has("home"),
    headers: site.headers,
  };
}

/** The home page's data as the screen reads it. */
export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>["page"];
