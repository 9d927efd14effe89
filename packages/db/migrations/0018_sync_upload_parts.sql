CREATE TABLE "sync_upload_parts" (
	"upload_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "sync_upload_parts_upload_id_position_pk" PRIMARY KEY("upload_id","position")
);
--> statement-breakpoint
ALTER TABLE "sync_uploads" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_upload_parts" ADD CONSTRAINT "sync_upload_parts_upload_id_sync_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."sync_uploads"("id") ON DELETE cascade ON UPDATE no action;