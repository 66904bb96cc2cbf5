/**
 * The root loader's data as components read it. The type comes from the server function that
 * builds it; this module holds no server code, so any component may import it.
 */
import { useRouteLoaderData } from "react-router";
import { navHref } from "~/content/nav";
import { usePageLanguage } from "~/utils/i18n";
import type { loadRootData } from "./root-data.server";

/** Site-wide data of every page (company identity, public URL, footer contact, consent choice). */
export type RootData = Awaited<ReturnType<typeof loadRootData>>;

/** The root loader's data (company identity, public URL), for any component below the root. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * Where links go from the page being shown: a function from an English path (`/projects`, `/`) to
 * that page in the page's language where it exists in it now (`navHref` with the root data's
 * `publishedPaths`: `/fr/projects` while a project is published in French), else the English path.
 */
export function useNavHref(): (href: string) => string {
  const language = usePageLanguage();
  const published = useRootData()?.publishedPaths;
  return (href) => navHref(href, language, { published });
}
