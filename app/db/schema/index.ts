/**
 * The one PostgreSQL schema of the product (Drizzle `pg-core`), shared by PGlite and node-postgres;
 * one module an area in this folder, all read through this index (by the app and by drizzle-kit).
 *
 * Table and column names follow the specs so a plain dump of the firm's existing database
 * imports. Additions are listed in `docs/design.md` section 5. Rules that must never be broken
 * (enums, capacity bounds, unique slugs, end after start) are CHECK and UNIQUE constraints here,
 * not only form rules.
 *
 * Times: `timestamp with time zone` columns are instants; slot `date`/`start_time`/`end_time`
 * are Europe/London wall-clock values (see `app/utils/time.ts`).
 */

/** The vocabularies are defined beside the browser-safe code; server modules may import them here too. */
export {
  PROJECT_CATEGORIES,
  PROJECT_WORK_STATUSES,
  DISPLAY_STATUSES,
  ENQUIRY_STATUSES,
  ENQUIRY_PRIORITIES,
  BOOKING_STATUSES,
  BOOKING_PROJECT_TYPES,
  QUESTION_KINDS,
  ADMIN_ROLES,
  OUTBOX_STATUSES,
  RETENTION_LIMITS,
  SITE_PAGE_KEYS,
  ENQUIRY_MESSAGE_KINDS,
  CALENDAR_KINDS,
  CALENDAR_EVENT_ACTIONS,
  CALENDAR_HAND_CHANGES,
} from "../../utils/domain";

export * from "./analytics";
export * from "./auth";
export * from "./calendars";
export * from "./consultations";
export * from "./content";
export * from "./engineers";
export * from "./enquiries";
export * from "./redirects";
export * from "./system";
export * from "./waiting-list";
export * from "./webhooks";
export * from "./wordpress";
