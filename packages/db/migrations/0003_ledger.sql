CREATE TABLE "user_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"sport" text NOT NULL,
	"season" integer NOT NULL,
	"week" integer,
	"bet_mode" smallint NOT NULL,
	"bet_kind" smallint NOT NULL,
	"bet_type" smallint NOT NULL,
	"bet_team" text,
	"line" real,
	"price" integer,
	"stake_cents" integer,
	"book" text,
	"teaser_points" real,
	"multiplier" smallint DEFAULT 1 NOT NULL,
	"is_simulated" boolean NOT NULL,
	"source" text NOT NULL,
	"recorded_after_start" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" smallint NOT NULL,
	"outcome" text,
	"reward" integer,
	"closing_line" real,
	"closing_price" integer,
	"clv" real,
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_bets" ADD CONSTRAINT "user_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bets" ADD CONSTRAINT "user_bets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_bets_idempotency_key" ON "user_bets" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "user_bets_user_sport_season_idx" ON "user_bets" USING btree ("user_id","sport","season");--> statement-breakpoint
CREATE INDEX "user_bets_event_idx" ON "user_bets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "user_bets_open_idx" ON "user_bets" USING btree ("event_id") WHERE "user_bets"."graded_at" is null and "user_bets"."deleted_at" is null;