/**
 * A project card:
 * image, category, title, client, description, up to 3 tags, the metrics result block and a
 * VIEW PROJECT link to the card's own href, else /projects/{slug} (in a language, its translated
 * address under the prefix). Used on /projects (in every language) and the home page.
 */
import { ArrowRight, Building2, type LucideIcon, MapPin } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/utils/cn";
import { metricEntries } from "../metrics";
import type { ProjectCardData } from "../projects.server";
import { CardCover } from "~/features/media/components/card-cover";
import type { ResponsiveImage } from "~/features/media/rules";
import { DEFAULT_LANGUAGE, localizedPath, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { FigureList } from "~/components/figure-list";

/** The two categories' names, catalogue messages called with a page's language. */
export const CATEGORY_MESSAGES = { commercial: m.nav_commercial, humanitarian: m.nav_humanitarian } as const;

/** The two categories' names in English (the spec's), for cards and the portal. */
export const CATEGORY_LABELS = {
  commercial: CATEGORY_MESSAGES.commercial({}, { locale: DEFAULT_LANGUAGE }),
  humanitarian: CATEGORY_MESSAGES.humanitarian({}, { locale: DEFAULT_LANGUAGE }),
} as const;

/** The link target of a card: its own href when set, otherwise /projects/{slug} in `language` (English by default). */
export function projectCardHref(project: Pick<ProjectCardData, "href" | "slug">, language: Language = DEFAULT_LANGUAGE): string {
  return project.href ?? localizedPath(`/projects/${project.slug}`, language);
}

/** One line of the card's facts: an icon, the fact's name for screen readers, then its value. */
function Fact({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <p className="flex items-center gap-1.5">
      <Icon aria-hidden className="size-4 shrink-0 text-primary" />
      <span>
        <span className="sr-only">{label}: </span>
        {value}
      </span>
    </p>
  );
}

export function ProjectCard({
  project,
  className,
  headingLevel = 3,
  picture,
  language = DEFAULT_LANGUAGE,
}: {
  project: ProjectCardData;
  /** The page's language: the card's words and its link (English by default). */
  language?: Language;
  /** The card image resolved from the media library (absent for other URLs). */
  picture?: ResponsiveImage;
  className?: string;
  /** Level of the title heading (3 by default, under a section's h2). */
  headingLevel?: 2 | 3;
}) {
  const locale = { locale: language };
  const href = projectCardHref(project, language);
  const external = /^https?:\/\//.test(href);
  const metrics = metricEntries(project.metrics, language).slice(0, 4);
  const linkClass = cn(
    "inline-flex items-center gap-2 self-start text-sm font-bold tracking-wide text-primary hover:underline",
    metrics.length === 0 && "mt-auto",
  );
  const linkContent = (
    <>
      {m.project_card_view({}, locale)}
      <span className="sr-only">: {project.title}</span>
      <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100" />
    </>
  );
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      <CardCover image={project.image ? (picture ?? project.image) : null} aspectClassName="aspect-[16/10]" width={800} height={500} badge={CATEGORY_MESSAGES[project.category]({}, locale)} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg leading-snug font-semibold text-foreground">{project.title}</Heading>
        <div className="flex flex-col gap-1 text-sm text-muted-foreground">
          {project.client ? <Fact icon={Building2} label={m.project_client({}, locale)} value={project.client} /> : null}
          {project.location ? <Fact icon={MapPin} label={m.project_location({}, locale)} value={`${project.location}${project.year ? ` · ${project.year}` : ""}`} /> : null}
        </div>
        {project.description ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{project.description}</p>
        ) : null}
        {project.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={m.project_tags({}, locale)}>
            {project.tags.slice(0, 3).map((tag) => (
              <li key={tag} className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {metrics.length > 0 ? (
          <FigureList
            items={metrics}
            className="mt-auto grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-muted p-3"
            itemClassName="min-w-0"
            labelClassName="text-[0.65rem] font-semibold tracking-wider text-muted-foreground"
            valueClassName="text-sm font-bold break-words text-foreground"
          />
        ) : null}
        {external ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {linkContent}
          </a>
        ) : (
          <Link to={href} className={linkClass}>
            {linkContent}
          </Link>
        )}
      </div>
    </article>
  );
}
