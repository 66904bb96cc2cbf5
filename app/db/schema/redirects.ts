/**
 * Redirects and the 404 log: the old addresses a site answers with a redirect (or 410 Gone), and
 * the addresses visitors asked for and got the 404 page, counted without cookies.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { REDIRECT_ORIGINS, REDIRECT_STATUS_CODES } from "../../utils/domain";
import { createdAt, inList, uuidId } from "./columns";

/**
 * One redirect. `source` is a normalised path (`/old-page`), a prefix ending in `/*` or `*`
 * (`/blog/*` answers `/blog` and everything under it), or a path with one query parameter
 * (`/?p=12`, WordPress's post addresses). `target` is a path on this site or an http(s) address,
 * "" for 410. `hits` and `last_hit_at` are added in batches by every instance; writes to the other
 * columns bump `content_version`, so every instance reloads its table of redirects.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuidId(),
    source: text("source").notNull(),
    target: text("target").notNull().default(""),
    statusCode: integer("status_code").notNull(),
    origin: text("origin").notNull().default("staff"),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redirects_source_key").on(t.source),
    check("redirects_status_code_check", sql.raw(`status_code in (${REDIRECT_STATUS_CODES.join(", ")})`)),
    check("redirects_origin_check", inList("origin", REDIRECT_ORIGINS)),
    check("redirects_target_check", sql`(status_code = 410) = (target = '')`),
  ],
);

/**
 * One address answered with the 404 page: its normalised path (no query), the visits counted
 * (capped per client and hour) and those from bots apart, the last other site it was linked from
 * (host only) and when it was first and last asked for. Deleted by the retention run once
 * `last_seen_at` is older than the analytics retention period.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: integer("hits").notNull().default(0),
    botHits: integer("bot_hits").notNull().default(0),
    lastReferrerHost: text("last_referrer_host"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("not_found_paths_hits_idx").on(t.hits), index("not_found_paths_last_seen_idx").on(t.lastSeenAt)],
);
