/**
 * The public article screen of /insights/{slug}. The route's loader reads the article and its
 * pictures; this draws them.
 */
import { Link } from "react-router";
import { ArrowLeft, CalendarDays, ChevronRight, Clock } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Picture } from "~/features/media/components/picture";
import type { ImageMap } from "~/features/media/resolve.server";
import { useNavHref } from "~/features/site/root-data";
import { cn } from "~/utils/cn";
import { contentDir, DEFAULT_LANGUAGE, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { readingTimeMinutes } from "../format";
import type { InsightDetail } from "../insights.server";
import { ArticleBlocks } from "./article-blocks";
import { ReadingProgress } from "./reading-progress";
import { SharePanel } from "./share-panel";

/** Up to two initials of `name`, without a title (Dr, Prof, Mr, Mrs, Ms). */
function initials(name: string): string {
  return name
    .replace(/^(Dr|Prof|Mr|Mrs|Ms)\.?\s+/i, "")
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * The article's author as a round photo (the library picture from `pictures` when there is one),
 * or their initials on the brand colour when there is none.
 */
function AuthorAvatar({ article, pictures, size }: { article: InsightDetail; pictures: ImageMap; size: "sm" | "lg" }) {
  const src = article.authorImage;
  const cls = size === "lg" ? "size-20" : "size-12";
  return src ? (
    <Picture
      image={pictures[src] ?? src}
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
      {initials(article.authorName)}
    </span>
  );
}

type Message = (inputs: Record<string, never>, options: { locale: Language }) => string;

/** The seven categories (and the default one) by their English name, catalogue messages called with the page's language. */
const CATEGORY_MESSAGES: Record<string, Message> = {
  "Industry Analysis": m.insight_category_industry_analysis,
  "Technical Guide": m.insight_category_technical_guide,
  "Case Study": m.insight_category_case_study,
  "Market Analysis": m.insight_category_market_analysis,
  Innovation: m.insight_category_innovation,
  Sustainability: m.insight_category_sustainability,
  Humanitarian: m.insight_category_humanitarian,
  Engineering: m.insight_category_engineering,
};

/** An article's category in `language`: English as stored; a known category's name in another language, else as stored. */
export function categoryIn(category: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? category : (CATEGORY_MESSAGES[category]?.({}, { locale: language }) ?? category);
}

/** The reading time in `language`: English as stored ("7 mins read"), another language from its minutes. */
export function readingTimeIn(readingTime: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return readingTime;
  const minutes = readingTimeMinutes(readingTime);
  return minutes === null ? m.insight_no_reading_time({}, { locale: language }) : m.insight_reading_minutes({ minutes: String(minutes) }, { locale: language });
}

/**
 * One public article (/insights/{slug}, /fr/insights/{translated slug} ...): breadcrumb, title,
 * author, hero picture, the article's blocks, the author's card and the share panel; 'Article Not
 * Found' when `article` is null. `images` are the resolved hero and author pictures, `bodyImages`
 * the blocks' pictures by media id, `url` the absolute page URL the share panel offers, `listPath`
 * the list the breadcrumb and back link lead to. The words around the article are in the page's
 * `language`; `article.dateLabel` already is.
 */
export function ArticleScreen({
  article,
  url,
  images: pictures,
  bodyImages,
  language,
  listPath,
}: {
  article: InsightDetail | null;
  url: string;
  images: ImageMap;
  bodyImages: ImageMap;
  language: Language;
  listPath: string;
}) {
  const linkTo = useNavHref();
  if (!article) return <ArticleNotFound language={language} />;
  const locale = { locale: language };
  // Text shown as staff wrote it in English (the author, tags, a field shown in English by choice) reads in its own direction.
  const dir = contentDir(language);

  return (
    <div id="main-content">
      <ReadingProgress label={m.insight_reading_progress({}, locale)} />
      <header className="bg-ink pt-28 pb-10 text-white sm:pt-32 sm:pb-12">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <nav aria-label={m.content_breadcrumb({}, locale)}>
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-300">
              <li>
                <Link to={linkTo("/")} className="hover:text-white hover:underline">
                  {m.nav_home({}, locale)}
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4 rtl:-scale-x-100" />
              </li>
              <li>
                <Link
                  to={listPath}
                  className="hover:text-white hover:underline"
                >
                  {m.nav_insights({}, locale)}
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4 rtl:-scale-x-100" />
              </li>
              <li aria-current="page" className="text-white">
                {m.insight_breadcrumb_article({}, locale)}
              </li>
            </ol>
          </nav>
          <p className="mt-8 inline-flex rounded-full bg-primary px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            {categoryIn(article.category, language)}
          </p>
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {article.title}
          </h1>
          {article.subtitle ? (
            <p className="mt-4 text-lg leading-relaxed text-slate-300 sm:text-xl" dir={dir}>
              {article.subtitle}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center gap-x-8 gap-y-4">
            <div className="flex items-center gap-3">
              <AuthorAvatar article={article} pictures={pictures} size="sm" />
              <div>
                <p className="font-semibold">{article.authorName}</p>
                {article.authorRole ? (
                  <p className="text-sm text-slate-300" dir={dir}>
                    {article.authorRole}
                  </p>
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
                {readingTimeIn(article.readingTime, language)}
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
            className="mb-10 rounded-xl border-s-4 border-primary bg-accent p-6"
          >
            <h2
              id="summary-heading"
              className="text-sm font-bold tracking-wider text-accent-foreground uppercase"
            >
              {m.insight_summary({}, locale)}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-accent-foreground" dir={dir}>
              {article.summary}
            </p>
          </section>
        ) : null}

        <ArticleBlocks blocks={article.content} images={bodyImages} dir={dir} />

        {article.tags.length > 0 ? (
          <div className="mt-12 border-t pt-8">
            <h2 className="sr-only">{m.insight_tags({}, locale)}</h2>
            <ul className="flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li
                  key={tag}
                  dir={dir}
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
          <AuthorAvatar article={article} pictures={pictures} size="lg" />
          <div>
            <h2
              id="author-heading"
              className="text-xs font-bold tracking-wider text-muted-foreground uppercase"
            >
              {m.insight_about_author({}, locale)}
            </h2>
            <p className="mt-1 text-lg font-semibold">{article.authorName}</p>
            {article.authorRole ? (
              <p className="text-sm font-medium text-primary" dir={dir}>
                {article.authorRole}
              </p>
            ) : null}
            {article.authorBio ? (
              <p className="mt-3 leading-relaxed text-slate-700" dir={dir}>
                {article.authorBio}
              </p>
            ) : null}
          </div>
        </section>

        <div className="mt-8">
          <SharePanel url={url} title={article.title} language={language} />
        </div>

        <div className="mt-10">
          <Link
            to={listPath}
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {m.insight_back({}, locale)}
          </Link>
        </div>
      </article>
    </div>
  );
}

/** The 404 page of an unknown, unpublished or failed article, in the page's `language`. */
function ArticleNotFound({ language }: { language: Language }) {
  const locale = { locale: language };
  const linkTo = useNavHref();
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
          {m.insight_not_found_title({}, locale)}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {m.insight_not_found_body({}, locale)}
        </p>
        <Link
          to={linkTo("/insights")}
          className={cn(buttonVariants({ size: "lg" }), "mt-8")}
        >
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {m.insight_view_all({}, locale)}
        </Link>
      </div>
    </div>
  );
}
