CREATE TABLE "wordpress_imports" (
	"guid" text NOT NULL,
	"post_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"target_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordpress_imports_pkey" PRIMARY KEY("guid","post_id")
);
