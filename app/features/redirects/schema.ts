/**
 * The redirect form and what the Redirects screen shows, safe for the browser. The normalising and
 * the refusals that need the database (loops, live pages, repeats) are in `redirects.server.ts`.
 */
import { z } from "zod";
import { REDIRECT_ORIGINS, REDIRECT_STATUS_CODES } from "~/utils/domain";
import { FIELD_MESSAGES, plainText } from "~/utils/fields";
import type { ActionReply } from "~/utils/forms";
import { MAX_REDIRECT_SOURCE, MAX_REDIRECT_TARGET, type RedirectStatus } from "./rules";

/** What each answer means, as the form's select lists it. */
export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Moved temporarily",
  410: "410 Gone",
};

/**
 * The redirect form: `source` (an old path, a prefix ending in `*` or a path with one query
 * parameter), `target` (a path or an http(s) address; ignored for 410), `statusCode` (301, 302, 410).
 */
export const RedirectSchema = z.object({
  source: plainText().trim().min(1, "Enter the old address, starting with /.").max(MAX_REDIRECT_SOURCE, FIELD_MESSAGES.tooLong(MAX_REDIRECT_SOURCE)),
  target: plainText().trim().max(MAX_REDIRECT_TARGET, FIELD_MESSAGES.tooLong(MAX_REDIRECT_TARGET)).default(""),
  statusCode: z.coerce
    .number({ error: "Choose 301, 302 or 410." })
    .refine((v): v is RedirectStatus => (REDIRECT_STATUS_CODES as readonly number[]).includes(v), "Choose 301, 302 or 410.")
    .transform((v) => v as RedirectStatus),
});

/** The redirect form's output. */
export type RedirectInput = z.output<typeof RedirectSchema>;

/** A redirect as the list shows it. `lastHitAt` is an ISO 8601 instant or null. */
export type RedirectView = {
  id: string;
  source: string;
  target: string;
  statusCode: RedirectStatus;
  origin: (typeof REDIRECT_ORIGINS)[number];
  hits: number;
  lastHitAt: string | null;
};

/** A row of the 404 log. `lastSeenAt` is an ISO 8601 instant; `redirected` when a redirect now answers the path. */
export type NotFoundView = {
  path: string;
  hits: number;
  botHits: number;
  lastReferrerHost: string | null;
  lastSeenAt: string;
  redirected: boolean;
};

/** The Redirects screen's replies: the id of a redirect added or removed, the lines of a refused CSV file. */
export type RedirectsReply = ActionReply<{ intent?: string }, { intent?: string; problems?: { line: number; reason: string }[] }>;
