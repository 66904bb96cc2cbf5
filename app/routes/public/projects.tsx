import { Search, SearchX, X } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { ProjectCard } from "~/features/projects/components/project-card";
import { listPublishedProjects, type ProjectCounts } from "~/features/projects/projects.server";
import { projectListSearch, type ProjectCategoryFilter } from "~/features/projects/query";
import { parseProjectListQuery } from "~/features/projects/schema";
import { pageMeta } from "~/features/seo/meta";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import { cn } from "~/utils/cn";
import type { Route } from "./+types/projects";

/**
 * /projects: published projects filtered by `?category=` and `?q=` on
 * the server. The tabs are links and the search a GET form, so the page works without JavaScript;
 * `app/enhance/projects.ts` makes them instant (debounced typing, swapped results, URL replaced).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseProjectListQuery(new URL(request.url).searchParams);
  // A list load failure is logged only; the page shows the empty state (never cached).
  return loadOrDegrade(
    context,
    async () => {
      const list = await listPublishedProjects(query);
      return { query, ...list, images: await resolveImages(list.projects.map((p) => p.image)) };
    },
    { query, projects: [], counts: { all: 0, commercial: 0, humanitarian: 0 } satisfies ProjectCounts, images: {} as ImageMap },
    "Failed to load projects",
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Projects: Structural & Humanitarian Engineering Case Studies",
    description:
      "Case studies from our commercial structural engineering and humanitarian disaster-resilience work in the UK and in 20+ countries.",
    path: "/projects",
    // Filtered views are the same content: point search engines at the list itself.
    canonical: "/projects",
  });

const TABS: { value: ProjectCategoryFilter; label: string }[] = [
  { value: "all", label: "All Projects" },
  { value: "commercial", label: "Commercial Engineering" },
  { value: "humanitarian", label: "Humanitarian Engineering" },
];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { query, projects, counts, images } = loaderData;
  return (
    <div id="main-content">
      <section className="relative overflow-hidden bg-ink pt-28 pb-12 text-white sm:pt-32 sm:pb-16">
        <img
          src="/media/projects/thames-wharf-mixed-use-tower-2-1280.webp"
          srcSet="/media/projects/thames-wharf-mixed-use-tower-2-640.webp 640w, /media/projects/thames-wharf-mixed-use-tower-2-1280.webp 1280w"
          sizes="100vw"
          alt=""
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover opacity-35"
        />
        <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-ink/60 via-ink/70 to-ink" />
        <div className="relative mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-teal-200 uppercase">Our work</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Projects that stand the test of time
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 sm:text-lg">
            From riverside towers in London to cyclone shelters in Mozambique: structures designed to be safe, lean
            and built to last.
          </p>

          <nav aria-label="Project categories" className="mt-8" data-projects-tabs="">
            <ul className="flex flex-wrap gap-2">
              {TABS.map((tab) => {
                const active = query.category === tab.value;
                return (
                  <li key={tab.value} className="shrink-0">
                    <a
                      href={`/projects${projectListSearch({ category: tab.value, q: query.q })}`}
                      data-projects-link=""
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
                        active
                          ? "border-white bg-white text-accent-foreground"
                          : "border-white/30 bg-white/5 text-white hover:bg-white/15",
                      )}
                    >
                      {tab.label}
                      <span
                        className={cn(
                          "rounded-full px-2 py-0.5 text-xs tabular-nums",
                          active ? "bg-primary text-white" : "bg-white/15 text-white",
                        )}
                      >
                        {counts[tab.value]}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>

          <form method="get" action="/projects" role="search" className="mt-5 flex max-w-xl gap-2" data-projects-search="">
            <input type="hidden" name="category" value={query.category} disabled={query.category === "all"} />
            <label htmlFor="project-search" className="sr-only">
              Search projects
            </label>
            <div className="relative flex-1">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
              <input
                id="project-search"
                type="search"
                name="q"
                defaultValue={query.q}
                placeholder="Search title, description, location"
                autoComplete="off"
                className="h-11 w-full rounded-md border border-white/20 bg-white pr-3 pl-9 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300 md:text-sm"
              />
            </div>
            <Button type="submit" size="lg" className="h-11">
              Search
            </Button>
          </form>
        </div>
      </section>

      <section aria-labelledby="project-results" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16" data-projects-results="">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h2 id="project-results" className="text-xl font-semibold">
            {TABS.find((t) => t.value === query.category)?.label}
            {query.q ? <span className="font-normal text-muted-foreground"> matching “{query.q}”</span> : null}
          </h2>
          <p aria-live="polite" className="text-sm text-muted-foreground" data-projects-status="">
            {`${projects.length} ${projects.length === 1 ? "project" : "projects"}`}
          </p>
        </div>

        {projects.length > 0 ? (
          <ul className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} picture={project.image ? images[project.image] : undefined} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed bg-muted/50 px-6 py-16 text-center">
            <SearchX aria-hidden className="size-10 text-primary" />
            <p className="mt-4 text-lg font-semibold">No projects found</p>
            <p className="mt-1 text-muted-foreground">Try adjusting your search terms or filters</p>
            <a href="/projects" data-projects-link="" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
              <X aria-hidden />
              Clear Filters
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
