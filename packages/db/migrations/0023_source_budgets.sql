CREATE TABLE "source_budgets" (
	"source" text PRIMARY KEY NOT NULL,
	"remaining" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
