ALTER TABLE "pool_week_totals" ADD COLUMN "droppable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "drop_worst_weeks" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "default_picks" text DEFAULT 'none' NOT NULL;