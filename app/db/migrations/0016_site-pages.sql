CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"scheduled" jsonb,
	"scheduled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_key_check" CHECK (key in ('home', 'about', 'services', 'testimonials', 'figures', 'contact', 'legal')),
	CONSTRAINT "site_pages_schedule_check" CHECK ((scheduled is null) = (scheduled_at is null))
);
--> statement-breakpoint
ALTER TABLE "cms_revisions" DROP CONSTRAINT "cms_revisions_entity_type_check";--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_key_key" ON "site_pages" USING btree ("key");--> statement-breakpoint
ALTER TABLE "cms_revisions" ADD CONSTRAINT "cms_revisions_entity_type_check" CHECK (entity_type in ('project', 'insight', 'page'));--> statement-breakpoint
-- HTML cache invalidation (migration 0005): public pages read site_pages.
CREATE TRIGGER "site_pages_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
