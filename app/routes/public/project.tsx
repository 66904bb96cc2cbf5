import { data, Link } from "react-router";
import { ArrowLeft, Building2, CalendarDays, ChevronRight, MapPin } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { CATEGORY_LABELS } from "~/features/projects/components/project-card";
import { ProjectGallery } from "~/features/projects/components/project-gallery";
import { Picture } from "~/features/media/components/picture";
import { resolveImages } from "~/features/media/resolve.server";
import { ProjectSidePanel } from "~/features/projects/components/project-side-panel";
import { metricEntries } from "~/features/projects/metrics";
import { PREVIEW_HEADERS } from "~/features/cms/preview.server";
import { getPreviewProjectBySlug, getPublishedProjectBySlug } from "~/features/projects/projects.server";
import { pageMeta } from "~/features/seo/meta";
import { logger } from "~/utils/logger.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/project";

/**
 * /projects/{slug} (public-site spec section 2): one public project, or the 'Project Not Found'
 * view with HTTP 404 (unknown, draft, scheduled or archived slug) or 500 ('Failed to load project',
 * section 8). With `?preview={token}` (issue 7), a valid signed link shows the project in any state,
 * not indexed and never cached; an invalid or expired one is the same 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("preview");
  const headers = token !== null ? PREVIEW_HEADERS : undefined;
  if (!params.slug) return data({ project: null, preview: false, error: "No project slug provided" }, { status: 404, headers });
  try {
    const project = token !== null ? await getPreviewProjectBySlug(params.slug, token) : await getPublishedProjectBySlug(params.slug);
    if (!project) return data({ project: null, preview: false, error: "Project not found" }, { status: 404, headers });
    const images = await resolveImages([project.heroImage, ...(project.images ?? [])]);
    return data({ project, images, preview: token !== null, error: null }, { headers });
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, "Failed to load project");
    return data({ project: null, preview: false, error: "Failed to load project" }, { status: 500, headers });
  }
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = (args) => {
  const project = args.loaderData?.project;
  if (!project) return pageMeta(args, { title: "Project Not Found", path: `/projects/${args.params.slug}`, noIndex: true });
  return pageMeta(args, {
    noIndex: args.loaderData?.preview,
    title: project.seoTitle || `${project.title}: ${CATEGORY_LABELS[project.category]} Case Study`,
    description: project.seoDescription || project.subtitle || project.overview || undefined,
    path: `/projects/${project.slug}`,
    image: project.heroImage ?? undefined,
    keywords: project.tags ?? undefined,
  });
};

const FALLBACKS = {
  challenge: "Challenge details not available.",
  approach: "Approach details not available.",
  solution: "Solution details not available.",
  impact: "Impact details not available.",
};

function Section({ id, title, text, fallback }: { id: string; title: string; text: string | null; fallback?: string }) {
  const body = text?.trim() ? text : fallback;
  if (!body) return null;
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-foreground">
        {title}
      </h2>
      <div className="mt-3 h-1 w-12 rounded-full bg-primary" aria-hidden />
      {body.split(/\n{2,}/).map((para, i) => (
        <p key={i} className={cn("mt-4 text-base leading-relaxed sm:text-lg", text?.trim() ? "text-slate-700" : "text-muted-foreground italic")}>
          {para}
        </p>
      ))}
    </section>
  );
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project } = loaderData;
  if (!project) return <ProjectNotFound />;
  const pictures = loaderData.images ?? {};

  const images = (project.images?.length ? project.images : project.heroImage ? [project.heroImage] : []).map((src, i, all) => ({
    src,
    alt: pictures[src]?.alt ?? `${project.title}: picture ${i + 1} of ${all.length}`,
    picture: pictures[src],
  }));
  const metrics = metricEntries(project.metrics);

  return (
    <div id="main-content">
      <section className="relative isolate flex min-h-[85svh] flex-col justify-end overflow-hidden bg-ink text-white lg:min-h-svh">
        {project.heroImage ? (
          <Picture image={pictures[project.heroImage] ?? project.heroImage} alt="" sizes="100vw" priority className="absolute inset-0 -z-10 size-full object-cover" />
        ) : null}
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-ink via-ink/70 to-ink/20" />
        <div className="mx-auto w-full max-w-7xl px-4 pt-28 pb-12 sm:px-6 sm:pb-16 lg:px-8 lg:pb-20">
          <nav aria-label="Breadcrumb" className="mb-8">
            <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-200">
              <li>
                <Link to="/projects" className="inline-flex items-center gap-1 font-medium hover:text-white hover:underline">
                  <ArrowLeft aria-hidden className="size-4" />
                  Projects
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="line-clamp-1 text-white">
                {project.title}
              </li>
            </ol>
          </nav>
          <p className="inline-flex rounded-full bg-primary px-3 py-1 text-xs font-semibold tracking-wide uppercase">
            {CATEGORY_LABELS[project.category]}
          </p>
          <h1 className="mt-4 max-w-4xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {project.title}
          </h1>
          {project.subtitle ? <p className="mt-4 max-w-3xl text-lg text-slate-200 sm:text-xl">{project.subtitle}</p> : null}
          <dl className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm sm:text-base">
            {project.location ? (
              <div className="flex items-center gap-2">
                <dt>
                  <MapPin aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">Location</span>
                </dt>
                <dd>{project.location}</dd>
              </div>
            ) : null}
            {project.year ? (
              <div className="flex items-center gap-2">
                <dt>
                  <CalendarDays aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">Year</span>
                </dt>
                <dd>{project.year}</dd>
              </div>
            ) : null}
            {project.client ? (
              <div className="flex items-center gap-2">
                <dt>
                  <Building2 aria-hidden className="size-5 text-teal-300" />
                  <span className="sr-only">Client</span>
                </dt>
                <dd>{project.client}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>

      {metrics.length > 0 ? (
        <section aria-label="Results" className="border-b bg-accent">
          <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4 lg:px-8">
            {metrics.map((m) => (
              <div key={m.key}>
                <dt className="text-xs font-semibold tracking-wider text-accent-foreground/80">{m.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-accent-foreground sm:text-3xl">{m.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-16 lg:px-8 lg:py-20">
        <div className="flex min-w-0 flex-col gap-12">
          <Section id="overview" title="Project overview" text={project.overview} />
          <Section id="challenge" title="The challenge" text={project.challenge} fallback={FALLBACKS.challenge} />
          <Section id="approach" title="Our approach" text={project.approach} fallback={FALLBACKS.approach} />
          <Section id="solution" title="Technical solution" text={project.solution} fallback={FALLBACKS.solution} />
          <Section id="impact" title="Impact and results" text={project.impact} fallback={FALLBACKS.impact} />
          <ProjectGallery images={images} />
          <div>
            <Link to="/projects" className={cn(buttonVariants({ variant: "outline", size: "lg" }))}>
              <ArrowLeft aria-hidden />
              Back to all projects
            </Link>
          </div>
        </div>
        <aside aria-label="Project information" className="lg:sticky lg:top-24 lg:self-start">
          <ProjectSidePanel project={project} />
          <div className="mt-5 rounded-xl bg-ink p-6 text-white">
            <p className="text-lg font-semibold">Planning a similar project?</p>
            <p className="mt-2 text-sm text-slate-300">Talk it through with one of our engineers. The first consultation is free.</p>
            <Link to="/book-consultation" className={cn(buttonVariants({ variant: "inverse" }), "mt-4 w-full")}>
              Book Free Consultation
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

function ProjectNotFound() {
  return (
    <div id="main-content" className="flex min-h-[70svh] items-center justify-center bg-muted px-4 pt-28 pb-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-bold tracking-[0.2em] text-primary uppercase">404</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Project Not Found</h1>
        <p className="mt-3 text-muted-foreground">The requested project could not be found.</p>
        <Link to="/projects" className={cn(buttonVariants({ size: "lg" }), "mt-8")}>
          <ArrowLeft aria-hidden />
          View All Projects
        </Link>
      </div>
    </div>
  );
}

