import { data, Link } from "react-router";
import { ArrowLeft, CalendarDays, ChevronRight, Clock } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { ArticleBlocks } from "~/features/insights/components/article-blocks";
import { ReadingProgress } from "~/features/insights/components/reading-progress";
import { SharePanel } from "~/features/insights/components/share-panel";
import { PREVIEW_HEADERS } from "~/features/cms/preview.server";
import { getPreviewInsightBySlug, getPublishedInsightBySlug } from "~/features/insights/insights.server";
import { Picture } from "~/features/media/components/picture";
import { resolveImages, resolveMediaIds } from "~/features/media/resolve.server";
import { imageIdsOf } from "~/features/insights/blocks";
import type { ResponsiveImage } from "~/features/media/rules";
import { absoluteUrl, pageMeta } from "~/features/seo/meta";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { cn } from "~/utils/cn";
import type { RootData } from "~/features/site/root-data";
import type { Route } from "./+types/insight";

/**
 * /insights/{slug} (public-site spec section 2): one public article, or 'Article Not Found'
 * with HTTP 404 (unknown, draft, scheduled or archived slug) or 500 ('Failed to load article',
 * section 8). `url` is the absolute page URL used by the share panel. With `?preview={token}`
 * (issue 7), a valid signed link shows the article in any state, not indexed and never cached.
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

function initials(name: string): string {
  return name
    .replace(/^(Dr|Prof|Mr|Mrs|Ms)\.?\s+/i, "")
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

function Avatar({
  name,
  src,
  picture,
  size,
}: {
  name: string;
  src: string | null;
  picture?: ResponsiveImage;
  size: "sm" | "lg";
}) {
  const cls = size === "lg" ? "size-20" : "size-12";
  return src ? (
    <Picture
      image={picture ?? src}
      alt=""
      sizes={size === "lg" ? "80px" : "48px"}
      width={96}
      height={96}
      className={cn(
        cls,
        "shrink-0 rounded-full object-cover ring-2 ring-white",
      )}
    />
  ) : (
    <span
      aria-hidden
      className={cn(
        cls,
        "grid shrink-0 place-items-center rounded-full bg-primary font-bold text-white",
      )}
    >
      {initials(name)}
    </span>
  );
}

export default function InsightPage({ loaderData }: Route.ComponentProps) {
  const { article, url } = loaderData;
  const pictures = "images" in loaderData ? loaderData.images : {};
  if (!article) return <ArticleNotFound />;

  return (
    <div id="main-content">
      <ReadingProgress />
      <header className="bg-ink pt-28 pb-10 text-white sm:pt-32 sm:pb-12">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-300">
              <li>
                <Link to="/" className="hover:text-white hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4" />
              </li>
              <li>
                <Link
                  to="/insights"
                  className="hover:text-white hover:underline"
                >
                  Insights
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="text-white">
                Article
              </li>
            </ol>
          </nav>
          <p className="mt-8 inline-flex rounded-full bg-primary px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            {article.category}
          </p>
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {article.title}
          </h1>
          {article.subtitle ? (
            <p className="mt-4 text-lg leading-relaxed text-slate-300 sm:text-xl">
              {article.subtitle}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center gap-x-8 gap-y-4">
            <div className="flex items-center gap-3">
              <Avatar
                name={article.authorName}
                src={article.authorImage}
                picture={article.authorImage ? pictures[article.authorImage] : undefined}
                size="sm"
              />
              <div>
                <p className="font-semibold">{article.authorName}</p>
                {article.authorRole ? (
                  <p className="text-sm text-slate-300">{article.authorRole}</p>
                ) : null}
              </div>
            </div>
            <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300">
              {article.dateLabel ? (
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden className="size-4" />
                  <time dateTime={article.publishedDate ?? undefined}>
                    {article.dateLabel}
                  </time>
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden className="size-4" />
                {article.readingTime}
              </span>
            </p>
          </div>
        </div>
      </header>

      <div className="bg-[linear-gradient(to_bottom,var(--color-ink)_50%,transparent_50%)]">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <Picture
            image={pictures[article.heroImage] ?? article.heroImage}
            alt=""
            sizes="(min-width: 1024px) 1024px, 100vw"
            width={1280}
            height={720}
            priority
            className="aspect-[16/9] w-full rounded-2xl object-cover shadow-xl"
          />
        </div>
      </div>

      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        {article.summary ? (
          <section
            aria-labelledby="summary-heading"
            className="mb-10 rounded-xl border-l-4 border-primary bg-accent p-6"
          >
            <h2
              id="summary-heading"
              className="text-sm font-bold tracking-wider text-accent-foreground uppercase"
            >
              Executive summary
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-accent-foreground">
              {article.summary}
            </p>
          </section>
        ) : null}

        <ArticleBlocks blocks={article.content} images={"bodyImages" in loaderData ? loaderData.bodyImages : {}} />

        {article.tags.length > 0 ? (
          <div className="mt-12 border-t pt-8">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border border-primary/20 bg-accent px-3 py-1 text-sm font-medium text-accent-foreground"
                >
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <section
          aria-labelledby="author-heading"
          className="mt-10 flex flex-col gap-5 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-start"
        >
          <Avatar
            name={article.authorName}
            src={article.authorImage}
            picture={article.authorImage ? pictures[article.authorImage] : undefined}
            size="lg"
          />
          <div>
            <h2
              id="author-heading"
              className="text-xs font-bold tracking-wider text-muted-foreground uppercase"
            >
              About the author
            </h2>
            <p className="mt-1 text-lg font-semibold">{article.authorName}</p>
            {article.authorRole ? (
              <p className="text-sm font-medium text-primary">
                {article.authorRole}
              </p>
            ) : null}
            {article.authorBio ? (
              <p className="mt-3 leading-relaxed text-slate-700">
                {article.authorBio}
              </p>
            ) : null}
          </div>
        </section>

        <div className="mt-8">
          <SharePanel url={url} title={article.title} />
        </div>

        <div className="mt-10">
          <Link
            to="/insights"
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            <ArrowLeft aria-hidden />
            Back to all insights
          </Link>
        </div>
      </article>
    </div>
  );
}

function ArticleNotFound() {
  return (
    <div
      id="main-content"
      className="flex min-h-[70svh] items-center justify-center bg-muted px-4 pt-28 pb-16"
    >
      <div className="max-w-md text-center">
        <p className="text-sm font-bold tracking-[0.2em] text-primary uppercase">
          404
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
          Article Not Found
        </h1>
        <p className="mt-3 text-muted-foreground">
          The requested article could not be found.
        </p>
        <Link
          to="/insights"
          className={cn(buttonVariants({ size: "lg" }), "mt-8")}
        >
          <ArrowLeft aria-hidden />
          View All Insights
        </Link>
      </div>
    </div>
  );
}
