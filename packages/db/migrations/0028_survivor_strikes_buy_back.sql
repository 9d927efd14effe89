ALTER TABLE "pool_slate_games" ADD COLUMN "survivor_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "survivor_strikes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "survivor_buy_back_week" integer;