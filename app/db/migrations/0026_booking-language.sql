ALTER TABLE "consultation_bookings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "time_zone" text;