ALTER TABLE "pool_picks" ADD COLUMN "confidence" smallint;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "confidence" boolean DEFAULT false NOT NULL;