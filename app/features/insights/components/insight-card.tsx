/**
 * A blog card:
 * hero image, category, date (or 'Recent' in the page's language), reading time, title, excerpt, author, linking to
 * its own `href` (where the home page's cards set it) or /insights/{slug} (in a language, its
 * translated address under the prefix; its category and reading time in the language). Used on
 * /insights (in every language) and the home page.
 */
import { ArrowRight, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/utils/cn";
import type { InsightCardData } from "../insights.server";
import { CardCover } from "~/features/media/components/card-cover";
import type { ResponsiveImage } from "~/features/media/rules";
import { DEFAULT_LANGUAGE, localizedPath, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { categoryIn, readingTimeIn } from "./article-screen";

export function InsightCard({
  insight,
  className,
  headingLevel = 3,
  picture,
  language = DEFAULT_LANGUAGE,
}: {
  insight: InsightCardData;
  /** The page's language: the card's words and its link (English by default). */
  language?: Language;
  /** The hero image resolved from the media library (absent for other URLs). */
  picture?: ResponsiveImage;
  className?: string;
  /** Level of the title heading (3 by default, under a section's h2). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = insight.href ?? localizedPath(`/insights/${insight.slug}`, language);
  return (
    <article
      className={cn(
        "group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 hover:shadow-md",
        className,
      )}
    >
      <CardCover image={picture ?? insight.heroImage} aspectClassName="aspect-[16/9]" width={800} height={450} badge={categoryIn(insight.category, language)} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs font-medium text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-3.5" />
            {insight.publishedDate ? <time dateTime={insight.publishedDate}>{insight.dateLabel}</time> : m.insight_card_recent({}, { locale: language })}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden className="size-3.5" />
            {readingTimeIn(insight.readingTime, language)}
          </span>
        </p>
        <Heading className="text-lg leading-snug font-semibold text-foreground">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {insight.title}
          </Link>
        </Heading>
        {insight.excerpt ? <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{insight.excerpt}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4 text-sm">
          <span className="truncate font-medium text-slate-700">{insight.authorName}</span>
          <span aria-hidden className="inline-flex items-center gap-1 font-semibold text-primary">
            {m.insight_card_read({}, { locale: language })}
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100" />
          </span>
        </div>
      </div>
    </article>
  );
}
