import { buildSitemapXml } from "~/features/seo/feeds.server";
import { env } from "~/utils/env.server";

/** GET /sitemap.xml: every public page and each published project and article (absolute URLs, lastmod). */
export async function loader() {
  const xml = await buildSitemapXml(env.PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
