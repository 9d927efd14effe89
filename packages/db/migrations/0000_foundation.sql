CREATE TABLE "legal_documents" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"html_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"route" text NOT NULL,
	"query" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_route_query_day_pk" PRIMARY KEY("route","query","day")
);
