import { Search, SearchX, X } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { CATEGORY_MESSAGES, ProjectCard } from "~/features/projects/components/project-card";
import { listPublishedProjects, type ProjectCardData, type ProjectCounts } from "~/features/projects/projects.server";
import { projectListSearch, type ProjectCategoryFilter } from "~/features/projects/query";
import { parseProjectListQuery } from "~/features/projects/schema";
import { localizedPageMeta } from "~/features/seo/meta";
import { listProjectsInLanguage } from "~/features/translations/lists.server";
import { loadPublicList } from "~/features/translations/public-list.server";
import { cn } from "~/utils/cn";
import { DEFAULT_LANGUAGE, localizedPath, usePageLanguage, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import type { Route } from "./+types/projects";

/**
 * /projects (and /fr/projects ... in each offered language at least one project is published in,
 * else 404): published projects filtered by `?category=` and `?q=` on the server, in the page's
 * language (translated words, translated addresses, the search over the translated words). The
 * tabs are links and the search a GET form, so the page works without JavaScript;
 * `app/enhance/projects.ts` makes them instant (debounced typing, swapped results, URL replaced).
 * `pageLanguages` lists the list's address in every language it exists in.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = parseProjectListQuery(new URL(request.url).searchParams);
  return loadPublicList(context, params.lang, {
    kind: "project",
    empty: { query, projects: [] as ProjectCardData[], counts: { all: 0, commercial: 0, humanitarian: 0 } satisfies ProjectCounts },
    read: async (language) => {
      const found = language === DEFAULT_LANGUAGE ? await listPublishedProjects(query) : await listProjectsInLanguage(language, query);
      return found ? { query, ...found } : null;
    },
    pictures: (list) => list.projects.map((p) => p.image),
    failure: "Failed to load projects",
  });
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData || args.loaderData.notFound) return notFoundMeta(args);
  // Filtered views are the same content: the canonical link is the path, the list itself (no query).
  return localizedPageMeta(args, { title: m.projects_list_meta_title, description: m.projects_list_meta_description, path: "/projects", pageLanguages: args.loaderData.pageLanguages });
};

const TABS: { value: ProjectCategoryFilter; label: (inputs: Record<string, never>, options: { locale: Language }) => string }[] = [
  { value: "all", label: m.projects_list_all },
  { value: "commercial", label: CATEGORY_MESSAGES.commercial },
  { value: "humanitarian", label: CATEGORY_MESSAGES.humanitarian },
];

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const language = usePageLanguage();
  if (loaderData.notFound) return <NotFoundScreen />;
  const { query, projects, counts, images } = loaderData;
  const locale = { locale: language };
  const listPath = localizedPath("/projects", language);
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
          <p className="text-sm font-semibold tracking-[0.2em] text-teal-200 uppercase">{m.projects_list_eyebrow({}, locale)}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{m.projects_list_heading({}, locale)}</h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-200 sm:text-lg">{m.projects_list_intro({}, locale)}</p>

          <nav aria-label={m.projects_list_tabs({}, locale)} className="mt-8" data-projects-tabs="">
            <ul className="flex flex-wrap gap-2">
              {TABS.map((tab) => {
                const active = query.category === tab.value;
                return (
                  <li key={tab.value} className="shrink-0">
                    <a
                      href={`${listPath}${projectListSearch({ category: tab.value, q: query.q })}`}
                      data-projects-link=""
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors",
                        active
                          ? "border-white bg-white text-accent-foreground"
                          : "border-white/30 bg-white/5 text-white hover:bg-white/15",
                      )}
                    >
                      {tab.label({}, locale)}
                      <span
                        className={cn(
                          "rounded-full px-2 py-0.5 text-xs tabular-nums",
                          active ? "bg-primary text-white" : "bg-white/15 text-white",
                        )}
                      >
                        <bdi>{counts[tab.value]}</bdi>
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>

          <form method="get" action={listPath} role="search" className="mt-5 flex max-w-xl gap-2" data-projects-search="">
            <input type="hidden" name="category" value={query.category} disabled={query.category === "all"} />
            <label htmlFor="project-search" className="sr-only">
              {m.projects_list_search_label({}, locale)}
            </label>
            <div className="relative min-w-0 flex-1">
              <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
              <input
                id="project-search"
                type="search"
                name="q"
                defaultValue={query.q}
                placeholder={m.projects_list_search_placeholder({}, locale)}
                autoComplete="off"
                className="h-11 w-full rounded-md border border-white/20 bg-white ps-9 pe-3 text-base text-foreground placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300 md:text-sm"
              />
            </div>
            <Button type="submit" size="lg" className="h-11">
              {m.projects_list_search_button({}, locale)}
            </Button>
          </form>
        </div>
      </section>

      <section aria-labelledby="project-results" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16" data-projects-results="">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h2 id="project-results" className="text-xl font-semibold">
            {TABS.find((t) => t.value === query.category)?.label({}, locale)}
            {query.q ? (
              <span className="font-normal text-muted-foreground">
                {" "}
                {m.projects_list_matching({ q: query.q }, locale)}
              </span>
            ) : null}
          </h2>
          <p aria-live="polite" className="text-sm text-muted-foreground" data-projects-status="" data-loading={m.projects_list_loading({}, locale)}>
            {m.projects_list_count({ count: projects.length }, locale)}
          </p>
        </div>

        {projects.length > 0 ? (
          <ul className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} picture={project.image ? images[project.image] : undefined} language={language} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-xl border border-dashed bg-muted/50 px-6 py-16 text-center">
            <SearchX aria-hidden className="size-10 text-primary" />
            <p className="mt-4 text-lg font-semibold">{m.projects_list_empty_title({}, locale)}</p>
            <p className="mt-1 text-muted-foreground">{m.projects_list_empty_body({}, locale)}</p>
            <a href={listPath} data-projects-link="" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
              <X aria-hidden />
              {m.projects_list_clear({}, locale)}
            </a>
          </div>
        )}
      </section>
    </div>
  );
}
