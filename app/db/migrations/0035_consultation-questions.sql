CREATE TABLE "consultation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_min" integer,
	"number_max" integer,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_questions_kind_check" CHECK (kind in ('short_text', 'long_text', 'one_choice', 'several_choices', 'yes_no', 'number')),
	CONSTRAINT "consultation_questions_label_check" CHECK (char_length(label) between 1 and 200),
	CONSTRAINT "consultation_questions_range_check" CHECK (number_min is null or number_max is null or number_min <= number_max)
);
--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_questions" ADD CONSTRAINT "consultation_questions_type_id_consultation_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."consultation_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_questions_type_idx" ON "consultation_questions" USING btree ("type_id","sort_order");