import { buildInsightsRss } from "~/features/seo/feeds.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { env } from "~/utils/env.server";
import type { Route } from "./+types/rss";

/**
 * GET /insights/rss.xml (and /fr/insights/rss.xml ... in each offered language at least one article
 * is published in, else 404): RSS 2.0 feed of published insights, newest first, in that language.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const language = await requestedLanguage(params.lang);
  const xml = language ? await buildInsightsRss(env.PUBLIC_URL, language) : null;
  if (xml === null) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
