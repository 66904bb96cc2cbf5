CREATE TABLE "calendar_event_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"action" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"uid" text NOT NULL,
	"ics" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text,
	"sequence" integer,
	"href" text,
	"etag" text,
	"written_starts_at" timestamp with time zone,
	"written_ends_at" timestamp with time zone,
	"written_status" text,
	"hand_change" text,
	"hand_starts_at" timestamp with time zone,
	"hand_ends_at" timestamp with time zone,
	"hand_changed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_holder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_event_writes_action_check" CHECK (action in ('put', 'delete')),
	CONSTRAINT "calendar_event_writes_hand_change_check" CHECK (hand_change is null or hand_change in ('moved', 'deleted')),
	CONSTRAINT "calendar_event_writes_put_check" CHECK (action = 'delete' or (starts_at is not null and ends_at is not null and status is not null and sequence is not null))
);
--> statement-breakpoint
ALTER TABLE "calendar_event_writes" ADD CONSTRAINT "calendar_event_writes_booking_id_consultation_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."consultation_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_writes" ADD CONSTRAINT "calendar_event_writes_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_writes_booking_connection_key" ON "calendar_event_writes" USING btree ("booking_id","connection_id");--> statement-breakpoint
CREATE INDEX "calendar_event_writes_due_idx" ON "calendar_event_writes" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "calendar_event_writes_connection_idx" ON "calendar_event_writes" USING btree ("connection_id");