ALTER TABLE "pool_week_totals" ADD COLUMN "lms_pushed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "totals_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Totals stored before these columns say neither: each week is worked out again on its next read.
UPDATE "pool_weeks" SET "totals_version" = NULL;