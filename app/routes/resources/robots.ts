import { buildRobotsTxt } from "~/features/seo/feeds.server";
import { env } from "~/utils/env.server";

/** GET /robots.txt: allow all, disallow /admin, link the sitemap. */
export function loader() {
  return new Response(buildRobotsTxt(env.PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
