-- HTML cache invalidation (ADR "HTML cache"): any write to a table that public pages
-- read bumps content_version in the same statement and notifies every instance listening on
-- 'content_changed'. Writers call nothing. Add each new public-facing table below.
INSERT INTO "content_version" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  -- An upsert: the row comes back if a maintenance TRUNCATE emptied the table.
  INSERT INTO "content_version" ("id", "version", "changed_at") VALUES (1, 1, now())
    ON CONFLICT ("id") DO UPDATE SET "version" = "content_version"."version" + 1, "changed_at" = now()
    RETURNING "version" INTO next_version;
  PERFORM pg_notify('content_changed', next_version::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cms_projects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "insights_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "insights"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "media_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
