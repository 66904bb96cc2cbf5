CREATE TABLE "engineer_consultation_types" (
	"admin_user_id" uuid NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	CONSTRAINT "engineer_consultation_types_admin_user_id_consultation_type_id_pk" PRIMARY KEY("admin_user_id","consultation_type_id")
);
--> statement-breakpoint
CREATE TABLE "engineer_days_off" (
	"admin_user_id" uuid NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "engineer_days_off_admin_user_id_date_pk" PRIMARY KEY("admin_user_id","date")
);
--> statement-breakpoint
CREATE TABLE "engineer_working_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "engineer_working_hours_weekday_check" CHECK (weekday between 1 and 7),
	CONSTRAINT "engineer_working_hours_time_check" CHECK (end_time > start_time)
);
--> statement-breakpoint
CREATE TABLE "engineers" (
	"admin_user_id" uuid PRIMARY KEY NOT NULL,
	"takes_consultations" boolean DEFAULT false NOT NULL,
	"meeting_room_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "engineer_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "minimum_notice_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "max_per_engineer_per_day" integer;--> statement-breakpoint
ALTER TABLE "engineer_consultation_types" ADD CONSTRAINT "engineer_consultation_types_admin_user_id_engineers_admin_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."engineers"("admin_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineer_consultation_types" ADD CONSTRAINT "engineer_consultation_types_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineer_days_off" ADD CONSTRAINT "engineer_days_off_admin_user_id_engineers_admin_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."engineers"("admin_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineer_working_hours" ADD CONSTRAINT "engineer_working_hours_admin_user_id_engineers_admin_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."engineers"("admin_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineers" ADD CONSTRAINT "engineers_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engineer_working_hours_user_idx" ON "engineer_working_hours" USING btree ("admin_user_id");--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_engineer_id_admin_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bookings_engineer_idx" ON "consultation_bookings" USING btree ("engineer_id");--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_buffers_check" CHECK (buffer_before_minutes between 0 and 120 and buffer_after_minutes between 0 and 120);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_notice_check" CHECK (minimum_notice_hours between 0 and 336);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_horizon_check" CHECK (horizon_days between 1 and 365);--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_daily_cap_check" CHECK (max_per_engineer_per_day is null or max_per_engineer_per_day between 1 and 24);