DROP INDEX "parlay_legs_parlay_event";--> statement-breakpoint
ALTER TABLE "parlays" ADD COLUMN "recorded_after_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "parlay_legs_parlay_event_kind" ON "parlay_legs" USING btree ("parlay_id","event_id","bet_kind");