CREATE TABLE "play_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"monthly_budget_cents" integer,
	"loss_streak_alert" smallint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"book" text NOT NULL,
	"access" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"access_changed_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_summary" jsonb,
	"unlinked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"book_bet_id" text NOT NULL,
	"upload_id" integer,
	"status" text NOT NULL,
	"reject_reason" text,
	"slip" jsonb NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"stake_cents" integer NOT NULL,
	"payout_cents" integer,
	"bonus" boolean DEFAULT false NOT NULL,
	"book_result" text NOT NULL,
	"book_price" integer,
	"leg_count" smallint NOT NULL,
	"user_bet_id" integer,
	"parlay_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" text NOT NULL,
	"batch_key" text,
	"summary" jsonb NOT NULL,
	"row_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_accounts" ADD CONSTRAINT "sync_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_bets" ADD CONSTRAINT "sync_bets_account_id_sync_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sync_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_bets" ADD CONSTRAINT "sync_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_bets" ADD CONSTRAINT "sync_bets_upload_id_sync_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."sync_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_bets" ADD CONSTRAINT "sync_bets_user_bet_id_user_bets_id_fk" FOREIGN KEY ("user_bet_id") REFERENCES "public"."user_bets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_bets" ADD CONSTRAINT "sync_bets_parlay_id_parlays_id_fk" FOREIGN KEY ("parlay_id") REFERENCES "public"."parlays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_tokens" ADD CONSTRAINT "sync_tokens_account_id_sync_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sync_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_uploads" ADD CONSTRAINT "sync_uploads_account_id_sync_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sync_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_accounts_public_id" ON "sync_accounts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_accounts_user_book" ON "sync_accounts" USING btree ("user_id","book") WHERE "sync_accounts"."unlinked_at" is null;--> statement-breakpoint
CREATE INDEX "sync_accounts_user_idx" ON "sync_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_bets_account_book_id" ON "sync_bets" USING btree ("account_id","book_bet_id");--> statement-breakpoint
CREATE INDEX "sync_bets_user_idx" ON "sync_bets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sync_bets_user_bet_idx" ON "sync_bets" USING btree ("user_bet_id");--> statement-breakpoint
CREATE INDEX "sync_bets_parlay_idx" ON "sync_bets" USING btree ("parlay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_tokens_hash" ON "sync_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sync_tokens_account_idx" ON "sync_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sync_uploads_account_idx" ON "sync_uploads" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_uploads_batch" ON "sync_uploads" USING btree ("account_id","batch_key");