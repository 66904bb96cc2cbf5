import { data } from "react-router";
import { ArticleScreen } from "~/features/insights/components/article-screen";
import { PREVIEW_HEADERS } from "~/features/cms/preview.server";
import { getInsightById, readEnglishArticle } from "~/features/insights/insights.server";
import { resolveImages, resolveMediaIds } from "~/features/media/resolve.server";
import { imageIdsOf } from "~/features/media/rules";
import { absoluteUrl, pageMeta } from "~/features/seo/meta";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import type { RootData } from "~/features/site/root-data";
import { backToListPath } from "~/features/translations/lists.server";
import { pageLanguagesOf, readInLanguage } from "~/features/translations/translations.server";
import { formatArticleDateIn } from "~/utils/format";
import { DEFAULT_LANGUAGE, languageInfo, languageOfPath, localizedPath, ogLocale, pageAlternates, usePageLanguage, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { Route } from "./+types/insight";


/**
 * /insights/{slug} (and /fr/insights/{translated slug} ... where the article is published in that
 * offered language): one public article, or 'Article Not Found' with HTTP 404 (unknown, draft,
 * scheduled or archived slug; a language not offered or not published) or 500 ('Failed to load
 * article'). `url` is the absolute page URL used by the share panel. With `?preview={token}`, a
 * valid signed link shows the article (or its translation's working copy) in any state, not
 * indexed and never cached. `pageLanguages` lists its addresses in every language it is published in.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const language = (await requestedLanguage(params.lang)) ?? null;
  const url = absoluteUrl(env.PUBLIC_URL, localizedPath(`/insights/${params.slug ?? ""}`, language ?? DEFAULT_LANGUAGE));
  const token = new URL(request.url).searchParams.get("preview");
  const headers = token !== null ? PREVIEW_HEADERS : undefined;
  const none = { article: null, url, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data({ ...none, error: "Article not found" }, { status: 404, headers });
  if (!params.slug) return data({ ...none, error: "No article slug provided" }, { status: 404, headers });
  try {
    const found = await readInLanguage("insight", language, params.slug, token, { bySlug: readEnglishArticle, byId: getInsightById });
    if (!found) return data({ ...none, error: "Article not found" }, { status: 404, headers });
    const { english } = found;
    // A translation's date is written in its language.
    const article =
      language === DEFAULT_LANGUAGE
        ? found.item
        : { ...found.item, excerpt: found.item.excerpt ?? "", dateLabel: formatArticleDateIn(english.publishedDate, languageInfo(language).intl) };
    const [images, bodyImages, pageLanguages, listPath] = await Promise.all([
      resolveImages([article.heroImage, article.authorImage]),
      resolveMediaIds(imageIdsOf(article.content)),
      token !== null ? Promise.resolve([]) : getSiteSettings().then((settings) => pageLanguagesOf("insight", english, settings.offeredLanguages)),
      backToListPath("insight", language, token !== null),
    ]);
    return data({ article, url, images, bodyImages, preview: token !== null, pageLanguages, listPath, error: null }, { headers });
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "Failed to load article");
    return data({ ...none, error: "Failed to load article" }, { status: 500, headers });
  }
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  const { language } = languageOfPath(args.location.pathname);
  if (!article)
    return pageMeta(args, {
      title: m.insight_not_found_title({}, { locale: language }),
      path: localizedPath(`/insights/${args.params.slug}`, language),
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
    path: localizedPath(`/insights/${article.slug}`, language),
    ...(language === DEFAULT_LANGUAGE ? {} : { ogLocale: ogLocale(language) }),
    alternates: pageAlternates(args.loaderData?.pageLanguages ?? []),
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
        ...(language === DEFAULT_LANGUAGE ? {} : { inLanguage: languageInfo(language).htmlLang }),
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
  const language = usePageLanguage();
  return (
    <ArticleScreen
      language={language}
      article={loaderData.article}
      url={loaderData.url}
      images={"images" in loaderData ? loaderData.images : {}}
      bodyImages={"bodyImages" in loaderData ? loaderData.bodyImages : {}}
      listPath={"listPath" in loaderData ? loaderData.listPath : localizedPath("/insights", language)}
    />
  );
}
