/**
 * Cookieless analytics: the daily salts, the raw page views, the daily totals and the conversions.
 */
import { bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { inList } from "./columns";

/** Device classes of the analytics (from the user agent, `app/features/analytics/visitor.server.ts`). */
export const ANALYTICS_DEVICES = ["desktop", "mobile", "tablet"] as const;
/** What the analytics count as a conversion. */
export const CONVERSION_KINDS = ["enquiry", "booking", "booking_confirmed"] as const;
/** The breakdowns kept per day in `analytics_daily`; `total` has the value "". */
export const ANALYTICS_DIMENSIONS = ["total", "page", "source", "referrer", "campaign", "medium", "country", "device"] as const;

/**
 * The salt of one (Europe/London) day for the visitor hash (ADR "Cookieless
 * analytics"): random, shared by every instance through this row, deleted once its day is over.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * One page view of a public page, kept raw for `retention_analytics_raw_days` and then folded
 * into `analytics_daily`. `visitor_hash` is the day's hash of (salt, site, IP address, user agent);
 * neither the address nor the user agent is stored. `path` has no query but the allow-listed
 * parameters; `referrer_host` is set only for another site; `country` is ISO 3166 alpha-2.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitorHash: text("visitor_hash").notNull(),
    path: text("path").notNull(),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").notNull(),
    country: text("country"),
  },
  (t) => [
    index("analytics_events_day_idx").on(t.day),
    index("analytics_events_visitor_idx").on(t.day, t.visitorHash, t.occurredAt),
    check("analytics_events_device_check", inList("device", ANALYTICS_DEVICES)),
  ],
);

/**
 * Page views folded per day and breakdown (`dimension`, `value`): distinct visitors of that day,
 * page views, and visits that began there (for `page`: entries; for `source`, `referrer`,
 * `campaign`, `medium`: visits that came from it). Written by the daily aggregation
 * (`app/features/analytics/aggregate.server.ts`) in the transaction that deletes the raw events.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    pageviews: integer("pageviews").notNull(),
    visits: integer("visits").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("analytics_daily_dimension_check", inList("dimension", ANALYTICS_DIMENSIONS)),
  ],
);

/**
 * One conversion: an enquiry sent (`detail` = its project type), a booking made or
 * confirmed (`detail` = the consultation type), with the entry page and source of the visit
 * that converted. Nothing here names the enquiry or booking: `visitor_hash` is the day's hash
 * (cleared with the raw events), and `booking_ref` is an HMAC of a booking id, kept only until
 * that booking is first confirmed so the confirmation inherits the attribution.
 */
export const analyticsConversions = pgTable(
  "analytics_conversions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    detail: text("detail").notNull(),
    visitorHash: text("visitor_hash"),
    entryPath: text("entry_path"),
    source: text("source"),
    /** The visit's utm_medium (null: none), for the Campaign media table's conversions. */
    medium: text("medium"),
    campaign: text("campaign"),
    bookingRef: text("booking_ref"),
  },
  (t) => [
    index("analytics_conversions_day_idx").on(t.day),
    uniqueIndex("analytics_conversions_booking_ref_key").on(t.bookingRef),
    check("analytics_conversions_kind_check", inList("kind", CONVERSION_KINDS)),
  ],
);
