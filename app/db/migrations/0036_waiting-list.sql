CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"time_zone" text,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"weekdays" integer[] NOT NULL,
	"day_parts" text[] NOT NULL,
	"last_offered_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_entries_dates_check" CHECK (date_to >= date_from),
	CONSTRAINT "waiting_list_entries_weekdays_check" CHECK (cardinality(weekdays) between 1 and 7 and weekdays <@ array[1,2,3,4,5,6,7]),
	CONSTRAINT "waiting_list_entries_day_parts_check" CHECK (cardinality(day_parts) between 1 and 3 and day_parts <@ array['morning','afternoon','evening'])
);
--> statement-breakpoint
CREATE TABLE "waiting_list_leave_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_list_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"availability_id" uuid NOT NULL,
	"slot_date" date NOT NULL,
	"slot_start_time" time NOT NULL,
	"by_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "retention_waiting_list_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_leave_tokens" ADD CONSTRAINT "waiting_list_leave_tokens_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_offers" ADD CONSTRAINT "waiting_list_offers_availability_id_consultation_availability_id_fk" FOREIGN KEY ("availability_id") REFERENCES "public"."consultation_availability"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_entries_type_idx" ON "waiting_list_entries" USING btree ("consultation_type_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_entries_email_idx" ON "waiting_list_entries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "waiting_list_leave_tokens_entry_idx" ON "waiting_list_leave_tokens" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offers_entry_time_key" ON "waiting_list_offers" USING btree ("entry_id","availability_id","slot_date","slot_start_time");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_retention_waiting_list_check" CHECK (retention_waiting_list_days between 1 and 365);