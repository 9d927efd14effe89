ALTER TABLE "events" ADD COLUMN "live_period" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_clock" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "live_detail" text;