CREATE TABLE "wordpress_import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"file_bytes" integer NOT NULL,
	"uploaded_by" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"plan" jsonb NOT NULL,
	"mapping" jsonb,
	"report" jsonb,
	"error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "wordpress_import_runs_status_check" CHECK (status in ('planned', 'applying', 'done', 'failed', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "wordpress_import_runs" ADD CONSTRAINT "wordpress_import_runs_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wordpress_import_runs_status_idx" ON "wordpress_import_runs" USING btree ("status");