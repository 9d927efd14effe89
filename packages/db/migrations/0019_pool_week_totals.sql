CREATE TABLE "pool_week_totals" (
	"pool_week_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"points" double precision NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"pushes" integer NOT NULL,
	"tiebreaker_error" integer,
	"submitted_at" timestamp with time zone,
	"clv_sum" double precision NOT NULL,
	"clv_count" integer NOT NULL,
	"lms_team" text,
	"lms_outcome" text NOT NULL,
	CONSTRAINT "pool_week_totals_pool_week_id_member_id_pk" PRIMARY KEY("pool_week_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "inputs_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "totals_version" integer;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "totals_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "totals_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD COLUMN "totals_started" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_week_totals" ADD CONSTRAINT "pool_week_totals_pool_week_id_pool_weeks_id_fk" FOREIGN KEY ("pool_week_id") REFERENCES "public"."pool_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_week_totals" ADD CONSTRAINT "pool_week_totals_member_id_pool_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."pool_members"("id") ON DELETE cascade ON UPDATE no action;