CREATE TABLE "not_found_paths" (
	"path" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"bot_hits" integer DEFAULT 0 NOT NULL,
	"last_referrer_host" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status_code" integer NOT NULL,
	"origin" text DEFAULT 'staff' NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_code_check" CHECK (status_code in (301, 302, 410)),
	CONSTRAINT "redirects_origin_check" CHECK (origin in ('staff', 'wordpress')),
	CONSTRAINT "redirects_target_check" CHECK ((status_code = 410) = (target = ''))
);
--> statement-breakpoint
CREATE INDEX "not_found_paths_hits_idx" ON "not_found_paths" USING btree ("hits");--> statement-breakpoint
CREATE INDEX "not_found_paths_last_seen_idx" ON "not_found_paths" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_source_key" ON "redirects" USING btree ("source");--> statement-breakpoint
-- Every instance keeps the redirects in memory and reloads them when content_version moves
-- (migration 0005); the batched hit counts (hits, last_hit_at) do not move it.
CREATE TRIGGER "redirects_content_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "source", "target", "status_code" ON "redirects"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
