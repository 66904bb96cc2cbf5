/**
 * The root loader's data as components read it. The type comes from the server function that
 * builds it; this module holds no server code, so any component may import it.
 */
import { useRouteLoaderData } from "react-router";
import type { loadRootData } from "./root-data.server";

/** Site-wide data of every page (company identity, public URL, footer contact, consent choice). */
export type RootData = Awaited<ReturnType<typeof loadRootData>>;

/** The root loader's data (company identity, public URL), for any component below the root. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
