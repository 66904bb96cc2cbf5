import { data, Link } from "react-router";
import { ArrowLeft, Building2, CalendarDays, ChevronRight, MapPin } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { CATEGORY_MESSAGES } from "~/features/projects/components/project-card";
import { ProjectGallery } from "~/features/projects/components/project-gallery";
import { Picture } from "~/features/media/components/picture";
import { resolveImages } from "~/features/media/resolve.server";
import { ProjectSidePanel } from "~/features/projects/components/project-side-panel";
import { metricEntries } from "~/features/projects/metrics";
import { PREVIEW_HEADERS } from "~/features/cms/preview.server";
import { getProjectById, readEnglishProject } from "~/features/projects/projects.server";
import { pageMeta } from "~/features/seo/meta";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { backToListPath } from "~/features/translations/lists.server";
import { pageLanguagesOf, readInLanguage } from "~/features/translations/translations.server";
import { useNavHref } from "~/features/site/root-data";
import { contentDir, DEFAULT_LANGUAGE, languageOfPath, localizedPath, ogLocale, pageAlternates, usePageLanguage, type Language, type PageInLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { logger } from "~/utils/logger.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/project";
import { FigureList } from "~/components/figure-list";


/**
 * /projects/{slug} (and /fr/projects/{translated slug} ... where the project is published in that
 * offered language): one public project, or the 'Project Not Found' view with HTTP 404 (unknown,
 * draft, scheduled or archived slug; a language the site does not offer or the project is not
 * published in) or 500 ('Failed to load project'). With `?preview={token}`, a valid signed link
 * shows the project (or its translation's working copy) in any state, not indexed and never
 * cached; an invalid or expired one is the same 404. `listPath` is the list its breadcrumb and
 * back link lead to (`backToListPath`). `pageLanguages` lists the project's addresses in
 * every language it is published in, for the switcher and the alternates.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("preview");
  const headers = token !== null ? PREVIEW_HEADERS : undefined;
  const language = await requestedLanguage(params.lang);
  const none = { project: null, preview: false, pageLanguages: [] as PageInLanguage[] };
  if (!language) return data({ ...none, error: "Project not found" }, { status: 404, headers });
  if (!params.slug) return data({ ...none, error: "No project slug provided" }, { status: 404, headers });
  try {
    const found = await readInLanguage("project", language, params.slug, token, { bySlug: readEnglishProject, byId: getProjectById });
    if (!found) return data({ ...none, error: "Project not found" }, { status: 404, headers });
    const { item: project, english } = found;
    const [images, pageLanguages, listPath] = await Promise.all([
      resolveImages([project.heroImage, ...(project.images ?? [])]),
      token !== null ? Promise.resolve([]) : getSiteSettings().then((settings) => pageLanguagesOf("project", english, settings.offeredLanguages)),
      backToListPath("project", language, token !== null),
    ]);
    return data({ project, images, preview: token !== null, pageLanguages, listPath, error: null }, { headers });
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "Failed to load project");
    return data({ project: null, preview: false, pageLanguages: [] as PageInLanguage[], error: "Failed to load project" }, { status: 500, headers });
  }
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const project = args.loaderData?.project;
  const { language } = languageOfPath(args.location.pathname);
  const locale = { locale: language };
  if (!project) return pageMeta(args, { title: m.project_not_found_title({}, locale), path: localizedPath(`/projects/${args.params.slug}`, language), noIndex: true });
  return pageMeta(args, {
    noIndex: args.loaderData?.preview,
    title: project.seoTitle || m.project_meta_title({ title: project.title, category: CATEGORY_MESSAGES[project.category]({}, locale) }, locale),
    description: project.seoDescription || project.subtitle || project.overview || undefined,
    path: localizedPath(`/projects/${project.slug}`, language),
    image: project.heroImage ?? undefined,
    keywords: project.tags ?? undefined,
    ...(language === DEFAULT_LANGUAGE ? {} : { ogLocale: ogLocale(language) }),
    alternates: pageAlternates(args.loaderData?.pageLanguages ?? []),
  });
};

/** What a project page says of a section left empty, in the page's language. */
const FALLBACKS = {
  challenge: m.project_missing_challenge,
  approach: m.project_missing_approach,
  solution: m.project_missing_solution,
  impact: m.project_missing_impact,
};

/** One section of the project's text; `dir` "auto" off English pages, where a section may be shown in English by choice. */
function Section({ id, title, text, fallback, dir }: { id: string; title: string; text: string | null; fallback?: string; dir?: "auto" }) {
  const body = text?.trim() ? text : fallback;
  if (!body) return null;
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-foreground">
        {title}
      </h2>
      <div className="mt-3 h-1 w-12 rounded-full bg-primary" aria-hidden />
      {body.split(/\n{2,}/).map((para, i) => (
        <p key={i} dir={dir} className={cn("mt-4 text-base leading-relaxed sm:text-lg", text?.trim() ? "text-slate-700" : "text-muted-foreground italic")}>
          {para}
        </p>
      ))}
    </section>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  const language = usePageLanguage();
  const locale = { locale: language };
  const linkTo = useNavHref();
  if (!project) return <ProjectNotFound language={language} />;
  const pictures = loaderData.images ?? {};

  const images = (project.images?.length ? project.images : project.heroImage ? [project.heroImage] : []).map((src, i, all) => ({
    src,
    alt: pictures[src]?.alt ?? m.gallery_picture_alt({ title: project.title, n: String(i + 1), total: String(all.length) }, locale),
    picture: pictures[src],
  }));
  const metrics = metricEntries(project.metrics, language);
  const projectsPath = loaderData.listPath ?? localizedPath("/projects", language);

  return (
    <div id="main-content">
      <section className="relative isolate flex min-h-[85svh] flex-col justify-end overflow-hidden bg-ink text-white lg:min-h-svh">
        {project.heroImage ? (
          <Picture image={pictures[project.heroImage] ?? project.heroImage} alt="" sizes="100vw" priority className="absolute inset-0 -z-10 size-full object-cover" />
        ) : null}
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/70 to-ink/20" />
        <div className="mx-auto w-full max-w-7xl px-4 pt-28 pb-12 sm:px-6 sm:pb-16 lg:px-8 lg:pb-20">
          <nav aria-label={m.content_breadcrumb({}, locale)} className="mb-8">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-200">
              <li>
                <Link to={projectsPath} className="inline-flex items-center gap-1 font-medium hover:text-white hover:underline">
                  <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
                  {m.nav_projects({}, locale)}
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4 rtl:-scale-x-100" />
              </li>
              <li aria-current="page" className="line-clamp-1 text-white">
                {project.title}
              </li>
            </ol>
          </nav>
          <p className="inline-flex rounded-full bg-primary px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            {CATEGORY_MESSAGES[project.category]({}, locale)}
          </p>
          <h1 className="mt-4 max-w-4xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {project.title}
          </h1>
          {project.subtitle ? (
            <p className="mt-4 max-w-3xl text-lg text-slate-200 sm:text-xl" dir={contentDir(language)}>
              {project.subtitle}
            </p>
          ) : null}
          <dl className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm sm:text-base">
            {project.location ? (
              <div className="flex items-center gap-2">
                <dt>
                  <MapPin aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">{m.project_location({}, locale)}</span>
                </dt>
                <dd>{project.location}</dd>
              </div>
            ) : null}
            {project.year ? (
              <div className="flex items-center gap-2">
                <dt>
                  <CalendarDays aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">{m.project_year({}, locale)}</span>
                </dt>
                <dd>{project.year}</dd>
              </div>
            ) : null}
            {project.client ? (
              <div className="flex items-center gap-2">
                <dt>
                  <Building2 aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">{m.project_client({}, locale)}</span>
                </dt>
                <dd>{project.client}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>

      {metrics.length > 0 ? (
        <section aria-label={m.project_results({}, locale)} className="border-b bg-accent">
          <FigureList
            items={metrics}
            className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8"
            labelClassName="text-xs font-semibold tracking-wider text-accent-foreground/80"
            valueClassName="mt-1 text-2xl font-bold text-accent-foreground sm:text-3xl"
          />
        </section>
      ) : null}

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-16 lg:px-8 lg:py-20">
        <div className="flex min-w-0 flex-col gap-12">
          <Section id="overview" title={m.project_overview({}, locale)} text={project.overview} dir={contentDir(language)} />
          <Section id="challenge" title={m.project_challenge({}, locale)} text={project.challenge} fallback={FALLBACKS.challenge({}, locale)} dir={contentDir(language)} />
          <Section id="approach" title={m.project_approach({}, locale)} text={project.approach} fallback={FALLBACKS.approach({}, locale)} dir={contentDir(language)} />
          <Section id="solution" title={m.project_solution({}, locale)} text={project.solution} fallback={FALLBACKS.solution({}, locale)} dir={contentDir(language)} />
          <Section id="impact" title={m.project_impact({}, locale)} text={project.impact} fallback={FALLBACKS.impact({}, locale)} dir={contentDir(language)} />
          <ProjectGallery images={images} language={language} />
          <div>
            <Link to={projectsPath} className={cn(buttonVariants({ variant: "outline", size: "lg" }))}>
              <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
              {m.project_back({}, locale)}
            </Link>
          </div>
        </div>
        <aside aria-label={m.project_information({}, locale)} className="lg:sticky lg:top-24 lg:self-start">
          <ProjectSidePanel project={project} language={language} />
          <div className="mt-5 rounded-xl bg-ink p-6 text-white">
            <p className="text-lg font-semibold">{m.project_similar_title({}, locale)}</p>
            <p className="mt-2 text-sm text-slate-300">{m.project_similar_body({}, locale)}</p>
            <Link to={linkTo("/book-consultation")} className={cn(buttonVariants({ variant: "inverse" }), "mt-4 w-full")}>
              {m.nav_book({}, locale)}
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

function ProjectNotFound({ language }: { language: Language }) {
  const locale = { locale: language };
  const linkTo = useNavHref();
  return (
    <div id="main-content" className="flex min-h-[70svh] items-center justify-center bg-muted px-4 pt-28 pb-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-bold tracking-[0.2em] text-primary uppercase">404</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{m.project_not_found_title({}, locale)}</h1>
        <p className="mt-3 text-muted-foreground">{m.project_not_found_body({}, locale)}</p>
        <Link to={linkTo("/projects")} className={cn(buttonVariants({ size: "lg" }), "mt-8")}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {m.project_view_all({}, locale)}
        </Link>
      </div>
    </div>
  );
}

