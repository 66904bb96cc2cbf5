CREATE TABLE "analytics_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"visitor_hash" text,
	"entry_path" text,
	"source" text,
	"campaign" text,
	"booking_ref" text,
	CONSTRAINT "analytics_conversions_kind_check" CHECK (kind in ('enquiry', 'booking', 'booking_confirmed'))
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "analytics_daily_dimension_check" CHECK (dimension in ('total', 'page', 'source', 'referrer', 'campaign', 'medium', 'country', 'device'))
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"country" text,
	CONSTRAINT "analytics_events_device_check" CHECK (device in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "retention_analytics_raw_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_conversions_day_idx" ON "analytics_conversions" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_conversions_booking_ref_key" ON "analytics_conversions" USING btree ("booking_ref");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_idx" ON "analytics_events" USING btree ("day","visitor_hash","occurred_at");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_retention_analytics_raw_check" CHECK (retention_analytics_raw_days between 1 and 365);