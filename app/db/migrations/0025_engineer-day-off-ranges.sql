-- Days off become ranges: the single date becomes the range's first day, and every day off
-- already stored becomes a one-day range (from_date = to_date).
ALTER TABLE "engineer_days_off" RENAME COLUMN "date" TO "from_date";--> statement-breakpoint
ALTER TABLE "engineer_days_off" DROP CONSTRAINT "engineer_days_off_admin_user_id_date_pk";--> statement-breakpoint
ALTER TABLE "engineer_days_off" ADD CONSTRAINT "engineer_days_off_admin_user_id_from_date_pk" PRIMARY KEY("admin_user_id","from_date");--> statement-breakpoint
ALTER TABLE "engineer_days_off" ADD COLUMN "to_date" date;--> statement-breakpoint
UPDATE "engineer_days_off" SET "to_date" = "from_date";--> statement-breakpoint
ALTER TABLE "engineer_days_off" ALTER COLUMN "to_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "engineer_days_off" ADD CONSTRAINT "engineer_days_off_range_check" CHECK (to_date >= from_date);
