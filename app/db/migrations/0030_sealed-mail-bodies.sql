ALTER TABLE "email_outbox" ADD COLUMN "body" text;--> statement-breakpoint
-- A message still waiting keeps its bodies as plain JSON until start-up seals them with the
-- server secret (sealPlainMailBodies); the bodies of sent and failed messages are erased.
UPDATE "email_outbox" SET "body" = 'plain:' || json_build_object('html', "html", 'text', "text", 'attachments', "attachments")::text WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "attachments";
