CREATE TABLE "ledger_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_bets" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "ledger_versions" ADD CONSTRAINT "ledger_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;