CREATE TABLE "pool_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"pool_week_id" integer,
	"member_id" integer NOT NULL,
	"editor_id" integer,
	"event_id" integer,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"inviter_id" integer NOT NULL,
	"email" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pool_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pool_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"team" text NOT NULL,
	"play" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_week_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"lms_team" text,
	"tiebreaker" integer,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_slate_games" (
	"pool_week_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"frozen_home_spread" real,
	"locked_at" timestamp with time zone,
	CONSTRAINT "pool_slate_games_pool_week_id_event_id_pk" PRIMARY KEY("pool_week_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "pool_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"pool_week_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"slate_source" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"lifeguard_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"icon_color" text NOT NULL,
	"icon_background" text NOT NULL,
	"sport" text NOT NULL,
	"season" integer NOT NULL,
	"start_week" integer NOT NULL,
	"games_per_week" smallint NOT NULL,
	"win_basis" text NOT NULL,
	"double_play" boolean NOT NULL,
	"triple_play" boolean NOT NULL,
	"last_man_standing" boolean NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pool_announcements" ADD CONSTRAINT "pool_announcements_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_announcements" ADD CONSTRAINT "pool_announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_edits" ADD CONSTRAINT "pool_edits_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_edits" ADD CONSTRAINT "pool_edits_pool_week_id_pool_weeks_id_fk" FOREIGN KEY ("pool_week_id") REFERENCES "public"."pool_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_edits" ADD CONSTRAINT "pool_edits_member_id_pool_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."pool_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_edits" ADD CONSTRAINT "pool_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_edits" ADD CONSTRAINT "pool_edits_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_picks" ADD CONSTRAINT "pool_picks_sheet_id_pool_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."pool_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_picks" ADD CONSTRAINT "pool_picks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_sheets" ADD CONSTRAINT "pool_sheets_pool_week_id_pool_weeks_id_fk" FOREIGN KEY ("pool_week_id") REFERENCES "public"."pool_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_sheets" ADD CONSTRAINT "pool_sheets_member_id_pool_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."pool_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_slate_games" ADD CONSTRAINT "pool_slate_games_pool_week_id_pool_weeks_id_fk" FOREIGN KEY ("pool_week_id") REFERENCES "public"."pool_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_slate_games" ADD CONSTRAINT "pool_slate_games_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_submissions" ADD CONSTRAINT "pool_submissions_member_id_pool_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."pool_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_submissions" ADD CONSTRAINT "pool_submissions_pool_week_id_pool_weeks_id_fk" FOREIGN KEY ("pool_week_id") REFERENCES "public"."pool_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD CONSTRAINT "pool_weeks_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_weeks" ADD CONSTRAINT "pool_weeks_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_lifeguard_id_users_id_fk" FOREIGN KEY ("lifeguard_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_announcements_pool_idx" ON "pool_announcements" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE INDEX "pool_edits_pool_idx" ON "pool_edits" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_invitations_token" ON "pool_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pool_invitations_pool_idx" ON "pool_invitations" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "pool_invitations_inviter_email_idx" ON "pool_invitations" USING btree ("inviter_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_members_pool_user" ON "pool_members" USING btree ("pool_id","user_id");--> statement-breakpoint
CREATE INDEX "pool_members_user_idx" ON "pool_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_picks_sheet_event" ON "pool_picks" USING btree ("sheet_id","event_id");--> statement-breakpoint
CREATE INDEX "pool_picks_event_idx" ON "pool_picks" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_sheets_week_member" ON "pool_sheets" USING btree ("pool_week_id","member_id");--> statement-breakpoint
CREATE INDEX "pool_slate_games_event_idx" ON "pool_slate_games" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_submissions_key" ON "pool_submissions" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_weeks_pool_week" ON "pool_weeks" USING btree ("pool_id","week");--> statement-breakpoint
CREATE INDEX "pools_lifeguard_active_idx" ON "pools" USING btree ("lifeguard_id") WHERE "pools"."ended_at" is null;