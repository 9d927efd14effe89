CREATE TABLE "pool_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"week" integer NOT NULL,
	"member_id" integer NOT NULL,
	"reminded_by" integer,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pool_reminders" ADD CONSTRAINT "pool_reminders_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_reminders" ADD CONSTRAINT "pool_reminders_member_id_pool_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."pool_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_reminders" ADD CONSTRAINT "pool_reminders_reminded_by_users_id_fk" FOREIGN KEY ("reminded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_reminders" ADD CONSTRAINT "pool_reminders_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_reminders_pool_week_member_idx" ON "pool_reminders" USING btree ("pool_id","week","member_id","created_at");--> statement-breakpoint
CREATE INDEX "pool_reminders_reminded_by_idx" ON "pool_reminders" USING btree ("reminded_by","created_at");