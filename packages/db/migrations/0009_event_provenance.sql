ALTER TABLE "event_source_keys" ADD COLUMN "quotes_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "schedule_source" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "schedule_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "kickoff_source" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "kickoff_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "result_source" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "result_as_of" timestamp with time zone;--> statement-breakpoint
-- Rows stored before provenance was kept: the source is the one that keyed the event; the data time stays
-- unknown (null), which ranks older than any dated data, so the next import of a source sets it (docs/decisions/022).
UPDATE "events" SET "schedule_source" = k."source", "kickoff_source" = k."source", "result_source" = k."source"
FROM (SELECT "event_id", min("source") AS "source" FROM "event_source_keys" WHERE "source" <> 'espn' GROUP BY "event_id") k
WHERE k."event_id" = "events"."id";
