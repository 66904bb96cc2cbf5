import { buildInsightsRss } from "~/features/seo/feeds.server";
import { env } from "~/utils/env.server";

/** GET /insights/rss.xml: RSS 2.0 feed of published insights, newest first. */
export async function loader() {
  const xml = await buildInsightsRss(env.PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
