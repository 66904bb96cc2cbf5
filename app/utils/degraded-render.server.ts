/**
 * Degraded renders. A public list page whose database read fails still
 * answers 200 with its empty state, but that render must never be
 * kept by the HTML cache (`server/html-cache.ts`), or a transient error would show everyone an
 * empty page until the next content write. The loader marks its load context and reports the
 * error; the cache refuses to store a render so marked.
 */
import type { AppLoadContext } from "react-router";
import { logger } from "~/utils/logger.server";

/** Marks this request's render as degraded (never cached) and logs `error` as `message`. */
export function reportDegradedRender(context: AppLoadContext, error: unknown, message: string): void {
  context.renderDegraded = true;
  logger.error({ err: error }, message);
}

/**
 * The value of `load()`, or `fallback` when it throws (after {@link reportDegradedRender} with
 * `message`), for a loader section that shows an empty state rather than an error page.
 */
export async function loadOrDegrade<T>(context: AppLoadContext, load: () => Promise<T>, fallback: T, message: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    reportDegradedRender(context, error, message);
    return fallback;
  }
}
