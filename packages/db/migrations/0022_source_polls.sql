CREATE TABLE "source_polls" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_status" integer,
	"last_outcome" text,
	"last_summary" jsonb,
	"last_changed_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"body_hash" text,
	"cadence" text,
	"next_poll_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
