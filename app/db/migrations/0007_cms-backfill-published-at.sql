-- Contract 1 (publication rule): a project is public when display_status = 'published' and
-- published_at <= now(); an insight when status = 'published' and published_date <= now().
-- Rows published before these columns mattered stay public.
UPDATE "cms_projects" SET "published_at" = "created_at" WHERE "display_status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "insights" SET "published_date" = "created_at" WHERE "status" = 'published' AND "published_date" IS NULL;
