CREATE TABLE "parlay_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"parlay_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"event_id" integer NOT NULL,
	"bet_kind" smallint NOT NULL,
	"bet_type" smallint NOT NULL,
	"bet_team" text,
	"line" real,
	"price" integer NOT NULL,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "parlays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sport" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer,
	"is_simulated" boolean NOT NULL,
	"stake_cents" integer NOT NULL,
	"ticket_price" integer,
	"book" text,
	"first_kickoff_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint NOT NULL,
	"outcome" text,
	"reward" integer,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parlay_legs" ADD CONSTRAINT "parlay_legs_parlay_id_parlays_id_fk" FOREIGN KEY ("parlay_id") REFERENCES "public"."parlays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlay_legs" ADD CONSTRAINT "parlay_legs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlays" ADD CONSTRAINT "parlays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parlay_legs_parlay_position" ON "parlay_legs" USING btree ("parlay_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "parlay_legs_parlay_event" ON "parlay_legs" USING btree ("parlay_id","event_id");--> statement-breakpoint
CREATE INDEX "parlay_legs_event_idx" ON "parlay_legs" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parlays_idempotency_key" ON "parlays" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "parlays_user_sport_season_idx" ON "parlays" USING btree ("user_id","sport","season");