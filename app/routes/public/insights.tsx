import { Rss } from "lucide-react";
import { InsightCard } from "~/features/insights/components/insight-card";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { listPublishedInsights, type InsightCardData } from "~/features/insights/insights.server";
import { pageMeta } from "~/features/seo/meta";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import type { Route } from "./+types/insights";

/**
 * /insights: published articles, newest first; a load failure is
 * logged and the list stays empty, a render the HTML cache never keeps.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadOrDegrade(
    context,
    async () => {
      const insights = await listPublishedInsights();
      return { insights, images: await resolveImages(insights.map((i) => i.heroImage)) };
    },
    { insights: [] as InsightCardData[], images: {} as ImageMap },
    "Failed to load insights",
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Insights & updates (RSS)", href: "/insights/rss.xml" },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Insights & Updates: Engineering Articles",
    description:
      "Articles from our engineers on embodied carbon, retrofit, seismic and cyclone resilience, and digital engineering.",
    path: "/insights",
  });

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { insights, images } = loaderData;
  return (
    <div id="main-content">
      <section className="relative overflow-hidden bg-ink pt-28 pb-14 text-white sm:pt-36 sm:pb-20">
        <div
          aria-hidden
          className="absolute inset-0 opacity-20 [background-image:linear-gradient(to_right,rgb(153_246_228/0.25)_1px,transparent_1px),linear-gradient(to_bottom,rgb(153_246_228/0.25)_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div aria-hidden className="absolute -top-32 -right-32 size-96 rounded-full bg-primary/40 blur-3xl" />
        <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-teal-200 uppercase">Blog</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Insights &amp; updates</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 sm:text-lg">
            Practical thinking from our structural and humanitarian engineers: lower-carbon structures, safer
            buildings in disaster-prone regions, and lessons from the field.
          </p>
          <a href="/insights/rss.xml" className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-teal-200 hover:text-white hover:underline">
            <Rss aria-hidden className="size-4" />
            Subscribe via RSS
          </a>
        </div>
      </section>
      <section aria-label="Articles" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {insights.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {insights.map((insight) => (
              <li key={insight.id}>
                <InsightCard insight={insight} headingLevel={2} picture={images[insight.heroImage]} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed bg-muted/50 px-6 py-16 text-center text-muted-foreground">No insights available</p>
        )}
      </section>
    </div>
  );
}
