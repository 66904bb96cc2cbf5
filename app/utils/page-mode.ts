/**
 * Which documents ship React (ADR "Content pages without React", ADR "The public site without
 * React"): only the staff portal opts in, with `export const handle = privateHydrateHandle`. Every
 * public page is sent as plain HTML plus the small enhancement module (`app/enhance/site.ts`), and
 * only such pages may be stored by the HTML cache (`server/html-cache.ts`).
 */

/** What a route module's `handle` may say about its document. */
export type RouteHandle = {
  /** Render React Router's <Scripts />: the page needs React in the browser (forms with live state, the portal). */
  hydrate?: boolean;
  /** False on pages whose URL carries a secret or staff data (token pages, /admin): analytics never loads there. */
  analytics?: boolean;
};

/** The handle of a public page sent without React whose URL must never reach analytics (a token page). */
export const privatePageHandle: RouteHandle = { analytics: false };

/** The handle of a hydrated page whose URL must never reach analytics (the staff portal). */
export const privateHydrateHandle: RouteHandle = { hydrate: true, analytics: false };

type WithHandle = { handle?: unknown };

function handles(matches: readonly WithHandle[]): RouteHandle[] {
  return matches.map((match) => (match.handle && typeof match.handle === "object" ? (match.handle as RouteHandle) : {}));
}

/** True when any matched route asks for hydration. */
export function needsHydration(matches: readonly WithHandle[]): boolean {
  return handles(matches).some((handle) => handle.hydrate === true);
}

/** False when any matched route forbids analytics. */
export function allowsAnalytics(matches: readonly WithHandle[]): boolean {
  return !handles(matches).some((handle) => handle.analytics === false);
}

/** True on the staff portal's pages (every route under /admin), which load the whole stylesheet (`app/root.tsx`). */
export function isPortalPage(matches: readonly { id: string }[]): boolean {
  return matches.some((match) => match.id.startsWith("routes/admin/"));
}
