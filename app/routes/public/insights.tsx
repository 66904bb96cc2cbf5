import { Rss } from "lucide-react";
import { InsightCard } from "~/features/insights/components/insight-card";
import { listPublishedInsights, type InsightCardData } from "~/features/insights/insights.server";
import { localizedPageMeta } from "~/features/seo/meta";
import { listInsightsInLanguage } from "~/features/translations/lists.server";
import { loadPublicList } from "~/features/translations/public-list.server";
import { DEFAULT_LANGUAGE, languageOfPath, localizedPath, usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import type { Route } from "./+types/insights";

/**
 * /insights (and /fr/insights ... in each offered language at least one article is published in,
 * else 404): published articles, newest first, in the page's language (translated words and
 * addresses); a load failure is logged and the list stays empty, a render the HTML cache never
 * keeps. `pageLanguages` lists the list's address in every language it exists in.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPublicList(context, params.lang, {
    kind: "insight",
    empty: { insights: [] as InsightCardData[] },
    read: async (language) => {
      const insights = language === DEFAULT_LANGUAGE ? await listPublishedInsights() : await listInsightsInLanguage(language);
      return insights ? { insights } : null;
    },
    pictures: (list) => list.insights.map((i) => i.heroImage),
    failure: "Failed to load insights",
  });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData || args.loaderData.notFound) return notFoundMeta(args);
  const { language } = languageOfPath(args.location.pathname);
  return [
    ...localizedPageMeta(args, { title: m.insights_list_meta_title, description: m.insights_list_meta_description, path: "/insights", pageLanguages: args.loaderData.pageLanguages }),
    // The list's own feed: the language's articles at their translated addresses.
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${m.insights_list_heading({}, { locale: language })} (RSS)`, href: localizedPath("/insights/rss.xml", language) },
  ];
};

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  if (loaderData.notFound) return <NotFoundScreen />;
  const { insights, images } = loaderData;
  const locale = { locale: language };
  return (
    <div id="main-content">
      <section className="relative overflow-hidden bg-ink pt-28 pb-14 text-white sm:pt-36 sm:pb-20">
        <div
          aria-hidden
          className="absolute inset-0 opacity-20 [background-image:linear-gradient(to_right,rgb(153_246_228/0.25)_1px,transparent_1px),linear-gradient(to_bottom,rgb(153_246_228/0.25)_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div aria-hidden className="absolute -top-32 -end-32 size-96 rounded-full bg-primary/40 blur-3xl" />
        <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-teal-200 uppercase">{m.insights_list_eyebrow({}, locale)}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{m.insights_list_heading({}, locale)}</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 sm:text-lg">{m.insights_list_intro({}, locale)}</p>
          <a href={localizedPath("/insights/rss.xml", language)} className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-teal-200 hover:text-white hover:underline">
            <Rss aria-hidden className="size-4" />
            {m.insights_list_rss({}, locale)}
          </a>
        </div>
      </section>
      <section aria-label={m.insights_list_articles({}, locale)} className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {insights.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {insights.map((insight) => (
              <li key={insight.id}>
                <InsightCard insight={insight} headingLevel={2} picture={images[insight.heroImage]} language={language} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed bg-muted/50 px-6 py-16 text-center text-muted-foreground">{m.insights_list_empty({}, locale)}</p>
        )}
      </section>
    </div>
  );
}
