/**
 * What the public pages' content looks like "now", for the HTML cache (ADR "HTML
 * cache"): the `content_version` counter that triggers bump on every write to a public-facing
 * table, and the next scheduled publication (a published item with a future date),
 * when cached pages must be rendered again although nothing was written.
 */
import { sql } from "drizzle-orm";
import { db, listen } from "~/db/client.server";
import { logger } from "~/utils/logger.server";

/** The NOTIFY channel of the triggers in migration 0005. */
export const CONTENT_CHANNEL = "content_changed";

/** How often the version row is read while LISTEN is down (ms): the one-second guarantee. */
export const POLL_DISCONNECTED_MS = 500;
/** How often it is read while LISTEN is up, as a safety net for a lost notification (ms). */
export const POLL_CONNECTED_MS = 5000;

export type ContentState = {
  /** `content_version.version`. */
  version: number;
  /** The earliest future publication of an insight, a project, a site page or a translation (UTC instant), or null. */
  nextPublicationAt: Date | null;
};

/** Reads the version row and the next scheduled publication in one round trip. */
export async function readContentState(): Promise<ContentState> {
  const result = await db.execute<{ version: string | number | null; next: string | Date | null }>(sql`
    select (select version from content_version where id = 1) as version,
           least(
             (select min(published_date) from insights where status = 'published' and published_date > now()),
             (select min(published_at) from cms_projects where display_status = 'published' and published_at > now()),
             (select min(scheduled_at) from site_pages where scheduled_at > now()),
             (select min(scheduled_at) from content_translations where scheduled_at > now())
           ) as next`);
  const row = (result as unknown as { rows: { version: string | number | null; next: string | Date | null }[] }).rows[0];
  return { version: Number(row?.version ?? 0), nextPublicationAt: row?.next ? new Date(row.next) : null };
}

function sameState(a: ContentState | null, b: ContentState): boolean {
  return a !== null && a.version === b.version && a.nextPublicationAt?.getTime() === b.nextPublicationAt?.getTime();
}

/**
 * Calls `onChange` with the first state and then whenever the version or the next publication
 * changes: at once on a NOTIFY, and by polling (every 500 ms while the LISTEN connection is down,
 * every 5 s while it is up). Read failures are logged and retried by the next poll.
 * Returns a function that stops watching.
 */
export function watchContentState(onChange: (state: ContentState) => void): () => Promise<void> {
  let last: ContentState | null = null;
  let connected = false;
  let lastRead = 0;
  let reading: Promise<void> | null = null;
  const check = () => {
    reading ??= readContentState()
      .then((state) => {
        lastRead = Date.now();
        if (sameState(last, state)) return;
        last = state;
        onChange(state);
      })
      .catch((error: unknown) => logger.warn({ err: error }, "content version read failed"))
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const subscription = listen(CONTENT_CHANNEL, {
    onMessage: () => void check(),
    onConnected: (up) => {
      connected = up;
      // Notifications sent while the connection was down are lost: read the row again.
      if (up) void check();
    },
  });
  const timer = setInterval(() => {
    if (Date.now() - lastRead >= (connected ? POLL_CONNECTED_MS : POLL_DISCONNECTED_MS)) void check();
  }, POLL_DISCONNECTED_MS);
  timer.unref();
  void check();
  return async () => {
    clearInterval(timer);
    await subscription.stop();
  };
}
