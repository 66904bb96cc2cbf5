CREATE TABLE "cms_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"author_user_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_revisions_entity_type_check" CHECK (entity_type in ('project', 'insight'))
);
--> statement-breakpoint
ALTER TABLE "cms_projects" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_projects" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "cms_revisions_entity_idx" ON "cms_revisions" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE INDEX "cms_projects_updated_at_idx" ON "cms_projects" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "insights_updated_at_idx" ON "insights" USING btree ("updated_at");