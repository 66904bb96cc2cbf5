/**
 * The content staff publish: projects, insights (articles), the editable site pages, their
 * revisions, the media library and the content version the HTML cache listens to.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PROJECT_CATEGORIES, PROJECT_WORK_STATUSES, DISPLAY_STATUSES, SITE_PAGE_KEYS } from "../../utils/domain";
import { createdAt, inList, updatedAt, uuidId } from "./columns";

/** One metric of a project card: `{ value, unit }`; PROJECT VALUE (`savings`) has value only. */
export type ProjectMetric = { value: string; unit?: string };
/** The spec's metric names; labels in `app/features/projects/metrics.ts`. */
export type ProjectMetricKey = "powerRating" | "capacity" | "panels" | "savings" | "roi" | "impact";
/**
 * Card metrics. Written by the CMS as an ordered list `[{ key, value, unit? }]` (the order staff
 * entered; jsonb objects do not keep key order); the spec's keyed object form is still read.
 */
export type ProjectMetrics =
  | (ProjectMetric & { key: ProjectMetricKey })[]
  | Partial<Record<ProjectMetricKey, ProjectMetric>>;
/**
 * Technical specifications of a project. Written by the CMS as an ordered list
 * `[{ key, value }]`; the spec's plain object form (imported data, order not guaranteed) is still read.
 */
export type TechnicalSpecs = { key: string; value: string }[] | Record<string, string>;

export const cmsProjects = pgTable(
  "cms_projects",
  {
    id: uuidId(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    category: text("category", { enum: PROJECT_CATEGORIES }).notNull().default("commercial"),
    location: text("location"),
    year: text("year"),
    client: text("client"),
    duration: text("duration"),
    status: text("status", { enum: PROJECT_WORK_STATUSES }).notNull().default("Completed"),
    displayStatus: text("display_status", { enum: DISPLAY_STATUSES }).notNull().default("draft"),
    overview: text("overview"),
    challenge: text("challenge"),
    approach: text("approach"),
    solution: text("solution"),
    impact: text("impact"),
    heroImage: text("hero_image"),
    images: text("images").array(),
    videoUrl: text("video_url"),
    tags: text("tags").array(),
    featured: boolean("featured").notNull().default(false),
    technicalSpecs: jsonb("technical_specs").$type<TechnicalSpecs>(),
    teamMembers: text("team_members").array(),
    awards: text("awards").array(),
    metrics: jsonb("metrics").$type<ProjectMetrics>(),
    href: text("href"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** When the project goes (or went) public; published and in the future = scheduled. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Raised by every save; an edit form carries it so a stale save is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cms_projects_slug_key").on(t.slug),
    index("cms_projects_public_idx").on(t.displayStatus, t.featured, t.createdAt),
    index("cms_projects_updated_at_idx").on(t.updatedAt),
    check("cms_projects_category_check", inList("category", PROJECT_CATEGORIES)),
    check("cms_projects_status_check", inList("status", PROJECT_WORK_STATUSES)),
    check("cms_projects_display_status_check", inList("display_status", DISPLAY_STATUSES)),
  ],
);

/**
 * A run of inline text with optional marks. `href` is an http, https or mailto link (checked on
 * save by `app/features/insights/blocks.ts`).
 */
export type InlineRun = { text: string; bold?: true; italic?: true; href?: string };
/** Block text: a plain string (the seed's and the spec's form) or a list of runs with marks. */
export type InlineContent = string | InlineRun[];

/**
 * A body block of an article (`insights.content`); unknown types are skipped when rendering.
 * The seed's shape (`type` + `content`, plain strings) stays valid; the CMS adds inline runs and
 * `ordered: true` for numbered lists, with `start` when one does not begin at 1, and
 * images from the media library (`mediaId` = `media.id`, required alt text, optional caption).
 */
export type InsightBlock =
  | { type: "paragraph"; content: InlineContent }
  | { type: "heading"; level: 2 | 3; content: InlineContent }
  | { type: "quote"; content: InlineContent; author?: string }
  | { type: "list"; items: InlineContent[]; ordered?: boolean; start?: number }
  | { type: "image"; mediaId: string; alt: string; caption?: string };

export const insights = pgTable(
  "insights",
  {
    id: uuidId(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    excerpt: text("excerpt"),
    summary: text("summary"),
    category: text("category"),
    heroImage: text("hero_image"),
    authorName: text("author_name"),
    authorRole: text("author_role"),
    authorBio: text("author_bio"),
    authorImage: text("author_image"),
    readingTime: text("reading_time"),
    tags: text("tags").array(),
    content: jsonb("content").$type<InsightBlock[]>(),
    status: text("status", { enum: DISPLAY_STATUSES }).notNull().default("draft"),
    featured: boolean("featured").notNull().default(false),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    publishedDate: timestamp("published_date", { withTimezone: true }),
    /** Raised by every save; an edit form carries it so a stale save is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("insights_slug_key").on(t.slug),
    index("insights_updated_at_idx").on(t.updatedAt),
    index("insights_public_idx").on(t.status, t.publishedDate),
    check("insights_status_check", inList("status", DISPLAY_STATUSES)),
  ],
);

/**
 * One editable page of the public site whose words and pictures staff edit (`docs/design.md`
 * section 6 "site studio"): one row, a "global", per key of `SITE_PAGE_KEYS`. Its content is
 * validated by the key's Zod schema in `app/features/site-pages/schemas.ts`. `draft` is the working copy staff save; `published` is what
 * visitors see (null until first published); `scheduled` replaces it at `scheduled_at` without
 * anyone acting (read as live from that instant on, folded into `published` by the next save).
 * `version` is the edit-conflict check, as for projects and insights.
 */
export const sitePages = pgTable(
  "site_pages",
  {
    id: uuidId(),
    key: text("key", { enum: SITE_PAGE_KEYS }).notNull(),
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    published: jsonb("published").$type<Record<string, unknown>>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduled: jsonb("scheduled").$type<Record<string, unknown>>(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("site_pages_key_key").on(t.key),
    check("site_pages_key_check", inList("key", SITE_PAGE_KEYS)),
    check("site_pages_schedule_check", sql`(scheduled is null) = (scheduled_at is null)`),
  ],
);

/** Kinds of content the CMS keeps revisions of. */
export const CMS_ENTITY_TYPES = ["project", "insight", "page"] as const;

/**
 * Every save of a project, an insight or a page, in English or in one translation (`language`):
 * who, when and the whole row after the save as jsonb. The last 50 per item and language are kept.
 */
export const cmsRevisions = pgTable(
  "cms_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entityType: text("entity_type", { enum: CMS_ENTITY_TYPES }).notNull(),
    entityId: uuid("entity_id").notNull(),
    /** The language saved: "en" for the item itself, else the translation's (`content_translations.language`). */
    language: text("language").notNull().default("en"),
    /** The item's (or the translation's) `version` after this save. */
    version: integer("version").notNull(),
    /** What the save did: "created", "saved", "published", "scheduled", "unpublished", "archived", "restored". */
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    authorUserId: text("author_user_id"),
    authorName: text("author_name"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cms_revisions_entity_idx").on(t.entityType, t.entityId, t.language, t.id),
    check("cms_revisions_entity_type_check", inList("entity_type", CMS_ENTITY_TYPES)),
  ],
);

/**
 * A translated document of a project, an insight or a site page: the translated fields by the
 * English item's field names (text, or article blocks for an insight's `content`), and the fields
 * staff chose to show in English while they are left empty (`fallback`). A field neither filled
 * nor in `fallback` is left out of the translated page.
 */
export type TranslationDocument = { fields: Record<string, unknown>; fallback: string[] };

/**
 * One language of a project, an insight or a site page other than English (ADR 33): the item's
 * own publication workflow per language. `draft` is the working copy staff save; `published` what
 * visitors of `/{language}/...` see (null until first published: the page does not exist in that
 * language); `scheduled` replaces it at `scheduled_at`, as for `site_pages`. `slug` is the
 * translated address of a project or an insight (unique within a kind and language; null for a
 * page). `source_version` and `source_digest` are the English item's version and a digest of its
 * translatable fields when the translation was last saved: a different digest now means English
 * changed after this translation ("behind English").
 */
export const contentTranslations = pgTable(
  "content_translations",
  {
    id: uuidId(),
    entityType: text("entity_type", { enum: CMS_ENTITY_TYPES }).notNull(),
    entityId: uuid("entity_id").notNull(),
    language: text("language").notNull(),
    slug: text("slug"),
    draft: jsonb("draft").$type<TranslationDocument>().notNull(),
    published: jsonb("published").$type<TranslationDocument>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduled: jsonb("scheduled").$type<TranslationDocument>(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    sourceVersion: integer("source_version").notNull(),
    sourceDigest: text("source_digest").notNull(),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("content_translations_entity_language_key").on(t.entityType, t.entityId, t.language),
    uniqueIndex("content_translations_slug_key").on(t.entityType, t.language, t.slug),
    check("content_translations_entity_type_check", inList("entity_type", CMS_ENTITY_TYPES)),
    check("content_translations_language_check", sql`language <> 'en'`),
    check("content_translations_schedule_check", sql`(scheduled is null) = (scheduled_at is null)`),
  ],
);

/** One responsive variant of a library image: a stored file at one width in one format. */
export type MediaVariant = { key: string; format: "avif" | "webp"; width: number; height: number; bytes: number };

/**
 * The media library: every uploaded image once. `storage_key` is the re-encoded image
 * (EXIF/GPS stripped, orientation applied) under `project-images/`; its public URL is what content
 * columns (`hero_image`, `images[]`, `author_image`) store. `variants` are its AVIF and WebP widths;
 * `placeholder` a tiny blurred data URL; the focal point is the crop centre in percent (0-100).
 */
export const media = pgTable(
  "media",
  {
    id: uuidId(),
    storageKey: text("storage_key").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Size of the stored re-encoded image in bytes. */
    bytes: integer("bytes").notNull(),
    altText: text("alt_text").notNull(),
    focalX: integer("focal_x").notNull().default(50),
    focalY: integer("focal_y").notNull().default(50),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    placeholder: text("placeholder").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_storage_key_key").on(t.storageKey),
    index("media_created_at_idx").on(t.createdAt),
    check("media_content_type_check", inList("content_type", ["image/jpeg", "image/png", "image/webp"])),
    check("media_focal_check", sql`focal_x between 0 and 100 and focal_y between 0 and 100`),
    check("media_size_check", sql`width > 0 and height > 0 and bytes > 0`),
  ],
);

/**
 * Single row (id = 1): a counter that PostgreSQL triggers on every table public pages read
 * (cms_projects, insights, site_settings, media) bump in the writing statement, with a
 * `pg_notify('content_changed', version)` (migration 0005). The HTML cache of every instance
 * drops its pages when the version moves (ADR "HTML cache"); writers call nothing.
 */
export const contentVersion = pgTable(
  "content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("content_version_single_row", sql`id = 1`)],
);
