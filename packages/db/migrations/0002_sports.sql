CREATE TABLE "event_source_keys" (
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "event_source_keys_source_source_key_pk" PRIMARY KEY("source","source_key")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer,
	"season_type" text NOT NULL,
	"kickoff_at" timestamp with time zone,
	"game_date" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"neutral_site" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"detail" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "odds_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"book" text NOT NULL,
	"market" text NOT NULL,
	"outcome" text NOT NULL,
	"price" integer NOT NULL,
	"point" real,
	"quoted_at" timestamp with time zone,
	"fetched_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raw_responses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"location" text NOT NULL,
	"body_hash" text NOT NULL,
	"body" text NOT NULL,
	"headers" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_source_keys" ADD CONSTRAINT "event_source_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odds_quotes" ADD CONSTRAINT "odds_quotes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_source_keys_event_idx" ON "event_source_keys" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_sport_season_week_idx" ON "events" USING btree ("sport","season","week");--> statement-breakpoint
CREATE INDEX "events_sport_kickoff_idx" ON "events" USING btree ("sport","kickoff_at");--> statement-breakpoint
CREATE INDEX "events_home_team_idx" ON "events" USING btree ("sport","home_team","season");--> statement-breakpoint
CREATE INDEX "events_away_team_idx" ON "events" USING btree ("sport","away_team","season");--> statement-breakpoint
CREATE INDEX "import_runs_source_started_idx" ON "import_runs" USING btree ("source","started_at" desc);--> statement-breakpoint
CREATE INDEX "odds_quotes_event_book_market_idx" ON "odds_quotes" USING btree ("event_id","book","market","fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "odds_quotes_identity_key" ON "odds_quotes" USING btree ("event_id","book","market","outcome","fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "raw_responses_source_hash_key" ON "raw_responses" USING btree ("source","body_hash");