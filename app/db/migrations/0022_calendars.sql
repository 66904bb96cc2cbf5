CREATE TABLE "calendar_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_busy_times_order_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ics_url_encrypted" text,
	"caldav_url" text,
	"caldav_username" text,
	"caldav_password_encrypted" text,
	"display_host" text NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_holder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_kind_check" CHECK (kind in ('ics', 'caldav')),
	CONSTRAINT "calendar_connections_secret_check" CHECK ((kind = 'ics' and ics_url_encrypted is not null) or (kind = 'caldav' and caldav_url is not null and caldav_username is not null and caldav_password_encrypted is not null))
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_user_idx" ON "calendar_busy_times" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_times_connection_idx" ON "calendar_busy_times" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_user_id_key" ON "calendar_connections" USING btree ("user_id");