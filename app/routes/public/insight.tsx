import { data } from "react-router";
import { ArticleScreen } from "~/features/insights/components/article-screen";
import { PREVIEW_HEADERS } from "~/features/cms/preview.server";
import { getPreviewInsightBySlug, getPublishedInsightBySlug } from "~/features/insights/insights.server";
import { resolveImages, resolveMediaIds } from "~/features/media/resolve.server";
import { imageIdsOf } from "~/features/media/rules";
import { absoluteUrl, pageMeta } from "~/features/seo/meta";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import type { RootData } from "~/features/site/root-data";
import type { Route } from "./+types/insight";

/**
 * /insights/{slug}: one public article, or 'Article Not Found'
 * with HTTP 404 (unknown, draft, scheduled or archived slug) or 500 ('Failed to load article').
 * `url` is the absolute page URL used by the share panel. With `?preview={token}`,
 * a valid signed link shows the article in any state, not indexed and never cached.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = absoluteUrl(env.PUBLIC_URL, `/insights/${params.slug ?? ""}`);
  const token = new URL(request.url).searchParams.get("preview");
  const headers = token !== null ? PREVIEW_HEADERS : undefined;
  if (!params.slug) return data({ article: null, url, preview: false, error: "No article slug provided" }, { status: 404, headers });
  try {
    const article = token !== null ? await getPreviewInsightBySlug(params.slug, token) : await getPublishedInsightBySlug(params.slug);
    if (!article) return data({ article: null, url, preview: false, error: "Article not found" }, { status: 404, headers });
    const [images, bodyImages] = await Promise.all([resolveImages([article.heroImage, article.authorImage]), resolveMediaIds(imageIdsOf(article.content))]);
    return data({ article, url, images, bodyImages, preview: token !== null, error: null }, { headers });
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "Failed to load article");
    return data({ article: null, url, preview: false, error: "Failed to load article" }, { status: 500, headers });
  }
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article)
    return pageMeta(args, {
      title: "Article Not Found",
      path: `/insights/${args.params.slug}`,
      noIndex: true,
    });
  const url = args.loaderData!.url;
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as
    RootData | undefined;
  const description =
    article.seoDescription || article.excerpt || article.summary || undefined;
  const image = absoluteUrl(new URL(url).origin, article.heroImage);
  return pageMeta(args, {
    noIndex: args.loaderData?.preview,
    title: article.seoTitle || article.title,
    description,
    path: `/insights/${article.slug}`,
    image: article.heroImage,
    type: "article",
    keywords: article.tags,
    article: {
      publishedTime: article.publishedDate,
      modifiedTime: article.updatedAt,
      author: article.authorName,
      section: article.category,
      tags: article.tags,
    },
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description,
        image: [image],
        datePublished: article.publishedDate ?? undefined,
        dateModified: article.updatedAt,
        author: {
          "@type": "Person",
          name: article.authorName,
          jobTitle: article.authorRole ?? undefined,
        },
        publisher: {
          "@type": "Organization",
          name: root?.site.companyName,
          url: root?.site.publicUrl,
        },
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        articleSection: article.category,
        keywords: article.tags.join(", "),
      },
    ],
  });
};

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleScreen
      article={loaderData.article}
      url={loaderData.url}
      images={"images" in loaderData ? loaderData.images : {}}
      bodyImages={"bodyImages" in loaderData ? loaderData.bodyImages : {}}
    />
  );
}
