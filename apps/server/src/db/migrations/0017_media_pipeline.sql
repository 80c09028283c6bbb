CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"probe" jsonb,
	"outputs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
ALTER TABLE "card_videos" ADD COLUMN "asset_id" integer;--> statement-breakpoint
CREATE INDEX "media_assets_due_idx" ON "media_assets" USING btree ("next_attempt_at") WHERE "media_assets"."done_at" is null and "media_assets"."failed_at" is null;--> statement-breakpoint
ALTER TABLE "card_videos" ADD CONSTRAINT "card_videos_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_videos_asset_idx" ON "card_videos" USING btree ("asset_id");--> statement-breakpoint
-- Videos already delivered from our storage join the pipeline's queue at the first start after this.
INSERT INTO "media_assets" ("source_key")
SELECT DISTINCT f."key" FROM "card_videos" v
JOIN "media_files" f ON f."key" = substring(v."video_url" from '/files/(media/[0-9]+/[A-Za-z0-9_.-]+)$')
WHERE f."content_type" LIKE 'video/%'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "card_videos" SET "asset_id" = a."id" FROM "media_assets" a
WHERE a."source_key" = substring("card_videos"."video_url" from '/files/(media/[0-9]+/[A-Za-z0-9_.-]+)$');
