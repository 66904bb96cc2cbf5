ALTER TABLE "mailbox_settings" ADD COLUMN "saved_by" text;--> statement-breakpoint
ALTER TABLE "mailbox_settings" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_settings" ADD COLUMN "failure_notified_at" timestamp with time zone;