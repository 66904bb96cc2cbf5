CREATE TABLE "consultation_booking_manage_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "consultation_bookings_manage_token_key";--> statement-breakpoint
ALTER TABLE "consultation_booking_manage_tokens" ADD CONSTRAINT "consultation_booking_manage_tokens_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_booking_manage_tokens_booking_idx" ON "consultation_booking_manage_tokens" USING btree ("booking_id");--> statement-breakpoint
-- Every existing manage link keeps working: its hash moves to the new table.
INSERT INTO "consultation_booking_manage_tokens" ("token_hash", "booking_id", "created_at")
  SELECT "manage_token_hash", "id", "created_at" FROM "consultation_bookings" WHERE "manage_token_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" DROP COLUMN "manage_token_hash";