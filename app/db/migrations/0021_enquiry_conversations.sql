CREATE TABLE "enquiry_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_user_id" text,
	"author_name" text,
	"from_address" text,
	"subject" text,
	"body" text NOT NULL,
	"body_shown" text,
	"message_id" text,
	"in_reply_to" text,
	"references" jsonb,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_messages_kind_check" CHECK (kind in ('reply', 'incoming', 'note'))
);
--> statement-breakpoint
CREATE TABLE "mailbox_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"reply_address" text DEFAULT '' NOT NULL,
	"plus_addressing" boolean DEFAULT false NOT NULL,
	"imap_enabled" boolean DEFAULT false NOT NULL,
	"imap_host" text DEFAULT '' NOT NULL,
	"imap_port" integer DEFAULT 993 NOT NULL,
	"imap_tls" boolean DEFAULT true NOT NULL,
	"imap_user" text DEFAULT '' NOT NULL,
	"imap_password_encrypted" text,
	"imap_folder" text DEFAULT 'INBOX' NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"lease_holder" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_settings_single_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "reply_token" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "enquiry_attachments" ADD CONSTRAINT "enquiry_attachments_message_id_enquiry_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."enquiry_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_attachments_message_idx" ON "enquiry_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_messages_message_id_idx" ON "enquiry_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_reply_token_idx" ON "enquiries" USING btree ("reply_token");