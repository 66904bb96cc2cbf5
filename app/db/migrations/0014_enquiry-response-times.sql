ALTER TABLE "enquiries" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "overdue_reminder_sent_at" timestamp with time zone;