CREATE TABLE "content_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"language" text NOT NULL,
	"slug" text,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"scheduled" jsonb,
	"scheduled_at" timestamp with time zone,
	"source_version" integer NOT NULL,
	"source_digest" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translations_entity_type_check" CHECK (entity_type in ('project', 'insight', 'page')),
	CONSTRAINT "content_translations_language_check" CHECK (language <> 'en'),
	CONSTRAINT "content_translations_schedule_check" CHECK ((scheduled is null) = (scheduled_at is null))
);
--> statement-breakpoint
DROP INDEX "cms_revisions_entity_idx";--> statement-breakpoint
ALTER TABLE "cms_revisions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_entity_language_key" ON "content_translations" USING btree ("entity_type","entity_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "content_translations_slug_key" ON "content_translations" USING btree ("entity_type","language","slug");--> statement-breakpoint
CREATE INDEX "cms_revisions_entity_idx" ON "cms_revisions" USING btree ("entity_type","entity_id","language","id");--> statement-breakpoint
-- HTML cache invalidation (migration 0005): public pages read content_translations.
CREATE TRIGGER "content_translations_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
